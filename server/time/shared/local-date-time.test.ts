import { describe, expect, it } from 'vitest'
import { instantToZonedDateTime, localDateOf, localDayRange, resolveLocalDateTime, timeZoneOffsetMinutes, zonedDateTimeToInstant } from './zoned-time.ts'

const NEW_YORK = 'America/New_York'
const TOKYO = 'Asia/Tokyo'

describe('zonedDateTimeToInstant', () => {
	it('converts New York winter time (EST, UTC-5)', () => {
		expect(zonedDateTimeToInstant('2026-01-15', '09:00', NEW_YORK).toISOString()).toBe('2026-01-15T14:00:00.000Z')
	})

	it('converts New York summer time (EDT, UTC-4)', () => {
		expect(zonedDateTimeToInstant('2026-07-01', '09:00', NEW_YORK).toISOString()).toBe('2026-07-01T13:00:00.000Z')
	})

	it('converts Tokyo time late in the evening and just after midnight', () => {
		expect(zonedDateTimeToInstant('2026-03-05', '23:30', TOKYO).toISOString()).toBe('2026-03-05T14:30:00.000Z')
		expect(zonedDateTimeToInstant('2026-03-06', '00:30', TOKYO).toISOString()).toBe('2026-03-05T15:30:00.000Z')
	})

	it('moves a time in the spring-forward gap forward by the gap (02:30 becomes 03:30 EDT)', () => {
		const resolved = resolveLocalDateTime('2026-03-08', '02:30', NEW_YORK)
		expect(resolved.resolution).toBe('skipped')
		expect(resolved.candidates).toEqual([])
		expect(resolved.instant.toISOString()).toBe('2026-03-08T07:30:00.000Z')
		expect(instantToZonedDateTime(resolved.instant, NEW_YORK)).toEqual({ date: '2026-03-08', time: '03:30' })
	})

	it('keeps the minutes on each side of the spring-forward gap exact', () => {
		expect(resolveLocalDateTime('2026-03-08', '01:59', NEW_YORK)).toMatchObject({ resolution: 'exact' })
		expect(zonedDateTimeToInstant('2026-03-08', '01:59', NEW_YORK).toISOString()).toBe('2026-03-08T06:59:00.000Z')
		expect(resolveLocalDateTime('2026-03-08', '03:00', NEW_YORK)).toMatchObject({ resolution: 'exact' })
		expect(zonedDateTimeToInstant('2026-03-08', '03:00', NEW_YORK).toISOString()).toBe('2026-03-08T07:00:00.000Z')
	})

	it('picks the earlier instant for a time repeated at fall-back (01:30 EDT, not EST)', () => {
		const resolved = resolveLocalDateTime('2026-11-01', '01:30', NEW_YORK)
		expect(resolved.resolution).toBe('repeated')
		expect(resolved.candidates.map((instant) => instant.toISOString())).toEqual(['2026-11-01T05:30:00.000Z', '2026-11-01T06:30:00.000Z'])
		expect(resolved.instant.toISOString()).toBe('2026-11-01T05:30:00.000Z')
	})

	it('is exact on each side of the fall-back overlap', () => {
		expect(zonedDateTimeToInstant('2026-11-01', '00:59', NEW_YORK).toISOString()).toBe('2026-11-01T04:59:00.000Z')
		expect(resolveLocalDateTime('2026-11-01', '02:00', NEW_YORK)).toMatchObject({ resolution: 'exact' })
		expect(zonedDateTimeToInstant('2026-11-01', '02:00', NEW_YORK).toISOString()).toBe('2026-11-01T07:00:00.000Z')
	})

	it('handles a half-hour DST shift (Lord Howe Island)', () => {
		const gap = resolveLocalDateTime('2026-10-04', '02:15', 'Australia/Lord_Howe')
		expect(gap.resolution).toBe('skipped')
		expect(gap.instant.toISOString()).toBe('2026-10-03T15:45:00.000Z')
		const overlap = resolveLocalDateTime('2026-04-05', '01:45', 'Australia/Lord_Howe')
		expect(overlap.resolution).toBe('repeated')
		expect(overlap.instant.toISOString()).toBe('2026-04-04T14:45:00.000Z')
	})

	it('handles Europe/London spring forward at 01:00 GMT', () => {
		expect(zonedDateTimeToInstant('2026-03-29', '01:30', 'Europe/London').toISOString()).toBe('2026-03-29T01:30:00.000Z')
	})

	it('converts the earliest allowed date', () => {
		expect(zonedDateTimeToInstant('1900-01-01', '00:00', 'UTC').toISOString()).toBe('1900-01-01T00:00:00.000Z')
	})

	it('refuses an unknown zone, an impossible date and a malformed time', () => {
		expect(() => zonedDateTimeToInstant('2026-03-05', '10:00', 'Mars/Olympus')).toThrow(RangeError)
		expect(() => zonedDateTimeToInstant('2026-02-30', '10:00', NEW_YORK)).toThrow(RangeError)
		expect(() => zonedDateTimeToInstant('2026-03-05', '24:00', NEW_YORK)).toThrow(RangeError)
		expect(() => zonedDateTimeToInstant('2026-03-05', '9:00', NEW_YORK)).toThrow(RangeError)
	})
})

describe('instantToZonedDateTime', () => {
	it('round-trips every hour of the New York DST days that exists', () => {
		for (const date of ['2026-03-08', '2026-11-01']) {
			for (let hour = 0; hour < 24; hour += 1) {
				const time = `${String(hour).padStart(2, '0')}:15`
				const resolved = resolveLocalDateTime(date, time, NEW_YORK)
				if (resolved.resolution === 'skipped') continue
				expect(instantToZonedDateTime(resolved.instant, NEW_YORK)).toEqual({ date, time })
			}
		}
	})

	it('gives the same instant different local dates in New York and Tokyo', () => {
		const instant = new Date('2026-03-05T15:30:00Z')
		expect(instantToZonedDateTime(instant, NEW_YORK)).toEqual({ date: '2026-03-05', time: '10:30' })
		expect(instantToZonedDateTime(instant, TOKYO)).toEqual({ date: '2026-03-06', time: '00:30' })
		expect(localDateOf(instant, TOKYO)).toBe('2026-03-06')
	})
})

describe('timeZoneOffsetMinutes', () => {
	it('reports the offset in force at the instant', () => {
		expect(timeZoneOffsetMinutes(new Date('2026-01-15T12:00:00Z'), NEW_YORK)).toBe(-300)
		expect(timeZoneOffsetMinutes(new Date('2026-07-15T12:00:00Z'), NEW_YORK)).toBe(-240)
		expect(timeZoneOffsetMinutes(new Date('2026-07-15T12:00:00Z'), TOKYO)).toBe(540)
		expect(timeZoneOffsetMinutes(new Date('2026-07-15T12:00:00Z'), 'Asia/Kolkata')).toBe(330)
	})
})

describe('localDayRange', () => {
	it('is 24 hours on an ordinary day', () => {
		const { start, end } = localDayRange('2026-03-05', NEW_YORK)
		expect(start.toISOString()).toBe('2026-03-05T05:00:00.000Z')
		expect(end.toISOString()).toBe('2026-03-06T05:00:00.000Z')
	})

	it('is 23 hours on the spring-forward day and 25 on the fall-back day', () => {
		const spring = localDayRange('2026-03-08', NEW_YORK)
		expect(spring.start.toISOString()).toBe('2026-03-08T05:00:00.000Z')
		expect(spring.end.toISOString()).toBe('2026-03-09T04:00:00.000Z')
		const fall = localDayRange('2026-11-01', NEW_YORK)
		expect(fall.start.toISOString()).toBe('2026-11-01T04:00:00.000Z')
		expect(fall.end.toISOString()).toBe('2026-11-02T05:00:00.000Z')
	})

	it('starts after the gap when midnight itself is skipped (Santiago)', () => {
		const { start } = localDayRange('2026-09-06', 'America/Santiago')
		expect(start.toISOString()).toBe('2026-09-06T04:00:00.000Z')
		expect(instantToZonedDateTime(start, 'America/Santiago')).toEqual({ date: '2026-09-06', time: '01:00' })
	})
})
