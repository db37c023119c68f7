import { describe, expect, it } from 'vitest'
import { documentValuesText, valueSummaryText, waitingValueSummaryText } from './value-summary.ts'

describe('one value summary for one document', () => {
	it('says the values read, of them to check and of them outside the range', () => {
		expect(valueSummaryText({ read: 12, toCheck: 10, outside: 5 })).toBe('12 lab values read, 10 to check, 5 outside the reference range.')
		expect(valueSummaryText({ read: 1, toCheck: 0, outside: 0 })).toBe('1 lab value read.')
		expect(valueSummaryText({ read: 0, toCheck: 0, outside: 0 })).toBe('No lab values found.')
	})

	it("says what waits for 'Is this you?'", () => {
		expect(waitingValueSummaryText({ read: 82, toCheck: 0, outside: 0 })).toBe("82 lab values waiting for 'Is this you?'.")
		expect(waitingValueSummaryText({ read: 12, toCheck: 1, outside: 5 })).toBe(
			"12 lab values waiting for 'Is this you?' (1 to check, 5 outside the reference range).",
		)
		expect(documentValuesText({ read: 3, toCheck: 0, outside: 0 }, 'mismatch')).toBe("3 lab values waiting for 'Is this you?'.")
		expect(documentValuesText({ read: 3, toCheck: 0, outside: 0 }, 'confirmed_self')).toBe('3 lab values read.')
	})
})
