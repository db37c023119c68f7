import { describe, expect, it } from 'vitest'
import { describeChange, formatMeasurement, formatReferenceRange, pickCompareDates } from './compare.ts'

describe('pickCompareDates', () => {
	const dates = ['2025-03-14', '2025-01-22', '2024-10-08']

	it('defaults to the two newest dates, the older on the left', () => {
		expect(pickCompareDates(dates)).toEqual({ left: '2025-01-22', right: '2025-03-14' })
	})

	it('keeps requested dates the patient has', () => {
		expect(pickCompareDates(dates, '2024-10-08', '2025-01-22')).toEqual({ left: '2024-10-08', right: '2025-01-22' })
	})

	it('replaces a requested date the patient has no values on', () => {
		expect(pickCompareDates(dates, '1999-01-01', 'nonsense')).toEqual({ left: '2025-01-22', right: '2025-03-14' })
	})

	it('needs at least two dates', () => {
		expect(pickCompareDates(['2025-03-14'])).toBeNull()
		expect(pickCompareDates([])).toBeNull()
	})
})

describe('formatMeasurement', () => {
	it('joins value and unit', () => {
		expect(formatMeasurement('107', 'mg/dL')).toBe('107 mg/dL')
		expect(formatMeasurement('1.4', null)).toBe('1.4')
	})
})

describe('formatReferenceRange', () => {
	it('prefers the printed range', () => {
		expect(formatReferenceRange({ referenceRangeText: '70-99', referenceRangeMin: 70, referenceRangeMax: 99 })).toBe('70-99')
	})

	it('builds a range from the bounds', () => {
		expect(formatReferenceRange({ referenceRangeMin: 0.57, referenceRangeMax: 1 })).toBe('0.57-1')
		expect(formatReferenceRange({ referenceRangeMin: 59, referenceRangeMax: null })).toBe('>59')
		expect(formatReferenceRange({ referenceRangeMin: null, referenceRangeMax: 200 })).toBe('<200')
		expect(formatReferenceRange({ referenceRangeText: ' ', referenceRangeMin: null, referenceRangeMax: null })).toBe('—')
	})
})

describe('describeChange', () => {
	it('shows a rise with an up arrow, the difference and the percent', () => {
		expect(describeChange(29, 37.2)).toEqual({ direction: 'up', arrow: '↑', text: '+29 (+37.2%)', words: 'Increased by' })
	})

	it('shows a fall with a down arrow', () => {
		expect(describeChange(-0.5, -10)).toMatchObject({ direction: 'down', arrow: '↓', text: '-0.5 (-10%)' })
	})

	it('shows no change', () => {
		expect(describeChange(0, 0)).toMatchObject({ direction: 'same', text: '0 (0%)', words: 'No change' })
	})

	it('leaves the percent out when the left value was zero', () => {
		expect(describeChange(3, null)?.text).toBe('+3')
	})

	it('is null when the values cannot be compared', () => {
		expect(describeChange(null, null)).toBeNull()
	})
})
