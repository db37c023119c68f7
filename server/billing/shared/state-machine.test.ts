import { describe, expect, it } from 'vitest'
import { addMonths, PAST_DUE_CANCEL_DAYS, scheduledTransition } from './state-machine.ts'

const now = new Date('2026-11-25T12:00:00Z')
const day = 86_400_000

describe('scheduledTransition', () => {
	it('renews a trial at its end, and raises the trial-ending notice in its last three days', () => {
		const trial = (endsInMs: number) => ({
			status: 'trialing' as const,
			trialEndsAt: new Date(now.getTime() + endsInMs),
			currentPeriodEnd: null,
			pastDueSince: null,
		})
		expect(scheduledTransition(trial(0), now)).toBe('renew')
		expect(scheduledTransition(trial(-1), now)).toBe('renew')
		expect(scheduledTransition(trial(3 * day), now)).toBe('trial-ending-notice')
		expect(scheduledTransition(trial(3 * day + 1), now)).toBe(null)
	})
	it('renews an active subscription when its period has ended, not before', () => {
		const active = (endsInMs: number) => ({
			status: 'active' as const,
			trialEndsAt: null,
			currentPeriodEnd: new Date(now.getTime() + endsInMs),
			pastDueSince: null,
		})
		expect(scheduledTransition(active(0), now)).toBe('renew')
		expect(scheduledTransition(active(1), now)).toBe(null)
	})
	it(`cancels a subscription past due for ${PAST_DUE_CANCEL_DAYS} days`, () => {
		const pastDue = (sinceMs: number) => ({
			status: 'past_due' as const,
			trialEndsAt: null,
			currentPeriodEnd: null,
			pastDueSince: new Date(now.getTime() - sinceMs),
		})
		expect(scheduledTransition(pastDue(PAST_DUE_CANCEL_DAYS * day), now)).toBe('cancel-unpaid')
		expect(scheduledTransition(pastDue(PAST_DUE_CANCEL_DAYS * day - 1), now)).toBe(null)
	})
	it('leaves a canceled subscription alone', () => {
		expect(scheduledTransition({ status: 'canceled', trialEndsAt: null, currentPeriodEnd: new Date(0), pastDueSince: new Date(0) }, now)).toBe(null)
	})
})

describe('addMonths', () => {
	it('keeps the day of the month, clamping to the last day', () => {
		expect(addMonths(new Date('2026-01-31T10:00:00Z'), 1).toISOString()).toBe('2026-02-28T10:00:00.000Z')
		expect(addMonths(new Date('2026-11-25T12:00:00Z'), 1).toISOString()).toBe('2026-12-25T12:00:00.000Z')
		expect(addMonths(new Date('2026-11-25T12:00:00Z'), 12).toISOString()).toBe('2027-11-25T12:00:00.000Z')
	})
})
