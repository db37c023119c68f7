import { describe, expect, it } from 'vitest'
import { DURATION_OPTIONS } from './labels.ts'
import {
	formatAppointmentCardDate,
	formatAppointmentDate,
	formatAppointmentTime,
	formatAppointmentTimeAndDuration,
	formatDayHeading,
	formatDuration,
	formatLocalDateLong,
	formatLocalDateShort,
	formatTimeOfDay,
} from './format.ts'

describe('formatAppointmentTime', () => {
	const instant = new Date('2026-03-05T19:30:00Z')

	it('writes en-US 12-hour time in the given zone', () => {
		expect(formatAppointmentTime(instant, 'America/New_York')).toBe('2:30 PM')
		expect(formatAppointmentTime(instant, 'Asia/Tokyo')).toBe('4:30 AM')
		expect(formatAppointmentTime(instant, 'Asia/Kolkata')).toBe('1:00 AM')
	})

	it('writes midnight as 12 AM and noon as 12 PM, with a plain space', () => {
		expect(formatAppointmentTime(new Date('2026-03-05T05:00:00Z'), 'America/New_York')).toBe('12:00 AM')
		expect(formatAppointmentTime(new Date('2026-03-05T17:05:00Z'), 'America/New_York')).toBe('12:05 PM')
	})

	it('follows DST: the same UTC hour is an hour later in summer', () => {
		expect(formatAppointmentTime(new Date('2026-01-15T14:00:00Z'), 'America/New_York')).toBe('9:00 AM')
		expect(formatAppointmentTime(new Date('2026-07-15T14:00:00Z'), 'America/New_York')).toBe('10:00 AM')
	})
})

describe('formatTimeOfDay', () => {
	it('turns HH:MM into 12-hour time', () => {
		expect(formatTimeOfDay('00:15')).toBe('12:15 AM')
		expect(formatTimeOfDay('09:05')).toBe('9:05 AM')
		expect(formatTimeOfDay('12:00')).toBe('12:00 PM')
		expect(formatTimeOfDay('23:59')).toBe('11:59 PM')
		expect(() => formatTimeOfDay('7pm')).toThrow(RangeError)
	})
})

describe('dates', () => {
	it('writes weekday, month and day', () => {
		expect(formatLocalDateLong('2026-03-05')).toBe('Thursday, March 5')
		expect(formatLocalDateLong('2025-03-05')).toBe('Wednesday, March 5')
		expect(formatLocalDateLong('2026-03-05', { withYear: true })).toBe('Thursday, March 5, 2026')
		expect(formatLocalDateLong('1900-01-01', { withYear: true })).toBe('Monday, January 1, 1900')
		expect(formatLocalDateShort('2026-12-31')).toBe('December 31, 2026')
	})

	it('writes the date of an instant in the given zone', () => {
		const instant = new Date('2026-03-05T15:30:00Z')
		expect(formatAppointmentDate(instant, 'America/New_York')).toBe('Thursday, March 5')
		expect(formatAppointmentDate(instant, 'Asia/Tokyo')).toBe('Friday, March 6')
	})

	it("adds '(Today)' on the card when the date is today in the zone", () => {
		const instant = new Date('2026-03-06T04:30:00Z') // 23:30 on 5 March in New York
		expect(formatAppointmentCardDate(instant, 'America/New_York', new Date('2026-03-05T20:00:00Z'))).toBe('Thursday, March 5 (Today)')
		expect(formatAppointmentCardDate(instant, 'America/New_York', new Date('2026-03-06T05:30:00Z'))).toBe('Thursday, March 5')
	})
})

describe('formatDayHeading', () => {
	it('says Today, Tomorrow, else weekday month day', () => {
		expect(formatDayHeading('2026-03-05', '2026-03-05')).toBe('Today')
		expect(formatDayHeading('2026-03-06', '2026-03-05')).toBe('Tomorrow')
		expect(formatDayHeading('2026-03-04', '2026-03-05')).toBe('Wednesday, March 4')
		expect(formatDayHeading('2026-03-11', '2026-03-05')).toBe('Wednesday, March 11')
	})

	it('says Tomorrow across a month and a year end', () => {
		expect(formatDayHeading('2026-03-01', '2026-02-28')).toBe('Tomorrow')
		expect(formatDayHeading('2027-01-01', '2026-12-31')).toBe('Tomorrow')
	})

	it('adds the year for another year', () => {
		expect(formatDayHeading('2025-12-30', '2026-03-05')).toBe('Tuesday, December 30, 2025')
	})
})

describe('formatDuration', () => {
	it('matches every duration label of the form', () => {
		for (const option of DURATION_OPTIONS) expect(formatDuration(option.value)).toBe(option.label)
	})

	it('handles other lengths', () => {
		expect(formatDuration(1)).toBe('1 minute')
		expect(formatDuration(0)).toBe('0 minutes')
		expect(formatDuration(61)).toBe('1 hour 1 minute')
		expect(formatDuration(150)).toBe('2 hours 30 minutes')
		expect(() => formatDuration(-5)).toThrow(RangeError)
	})

	it('writes the card time line', () => {
		expect(formatAppointmentTimeAndDuration(new Date('2026-03-05T19:30:00Z'), 'America/New_York', 90)).toBe('2:30 PM · 1 hour 30 minutes')
	})
})
