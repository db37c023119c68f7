import { describe, expect, it } from 'vitest'
import { isValidTimeZone } from '#server/time/shared/zoned-time.ts'
import { calendarDateIn, patientToday } from './today.ts'

describe('patient today', () => {
	const instant = new Date('2026-03-01T03:30:00Z')

	it('is the calendar date in the patient zone', () => {
		expect(calendarDateIn('America/Los_Angeles', instant)).toBe('2026-02-28')
		expect(calendarDateIn('Asia/Tokyo', instant)).toBe('2026-03-01')
	})

	it('falls back to UTC without a zone or with an unknown one', () => {
		expect(patientToday(null, instant)).toBe('2026-03-01')
		expect(patientToday('Mars/Olympus_Mons', instant)).toBe('2026-03-01')
		expect(isValidTimeZone('Mars/Olympus_Mons')).toBe(false)
		expect(isValidTimeZone('Europe/Paris')).toBe(true)
	})
})
