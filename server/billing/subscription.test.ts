import { describe, expect, it } from 'vitest'
import { trialDaysRemaining } from './subscription.ts'

describe('trialDaysRemaining', () => {
	const now = new Date('2026-11-22T12:00:00Z')
	it('rounds a part day up', () => {
		expect(trialDaysRemaining(new Date('2026-11-23T13:00:00Z'), now)).toBe(2)
		expect(trialDaysRemaining(new Date('2026-12-06T12:00:00Z'), now)).toBe(14)
	})
	it('never goes below zero', () => {
		expect(trialDaysRemaining(new Date('2026-11-01T00:00:00Z'), now)).toBe(0)
		expect(trialDaysRemaining(null, now)).toBe(0)
	})
})
