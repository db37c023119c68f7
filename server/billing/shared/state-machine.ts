/**
 * The subscription state machine (spec section 4, issue 15), as a pure
 * function of the subscription and the clock: what the scheduled job does to
 * a subscription now. Statuses: trialing, active, past_due, canceled.
 *
 *   trialing --trial ends--> renew (invoice for the first period)
 *   active --period ends--> renew (invoice for the next period)
 *   renew: paid at once --> active; left open --> past_due
 *   past_due --payment recorded (Process Payment, or Stripe's webhook)--> active
 *   past_due --unpaid PAST_DUE_CANCEL_DAYS--> canceled (invoice void)
 *   any but canceled --organization cancels--> canceled, access until the period's end
 *   canceled --a plan is chosen--> back to trialing/active within the period; after it, a new period (renew)
 */
export type SubscriptionStatus = 'trialing' | 'active' | 'past_due' | 'canceled'

export const PAST_DUE_CANCEL_DAYS = 14
/** Days before a trial ends when its 'Trial ending soon' notice is raised. */
export const TRIAL_ENDING_NOTICE_DAYS = 3

export type ScheduledTransition = 'renew' | 'cancel-unpaid' | 'trial-ending-notice' | null

export type ClockedSubscription = {
	status: SubscriptionStatus
	trialEndsAt: Date | null
	currentPeriodEnd: Date | null
	pastDueSince: Date | null
}

export function scheduledTransition(subscription: ClockedSubscription, now: Date): ScheduledTransition {
	switch (subscription.status) {
		case 'trialing': {
			const end = subscription.trialEndsAt ?? subscription.currentPeriodEnd
			if (!end) return null
			if (end <= now) return 'renew'
			return end.getTime() - now.getTime() <= TRIAL_ENDING_NOTICE_DAYS * 86_400_000 ? 'trial-ending-notice' : null
		}
		case 'active':
			return subscription.currentPeriodEnd && subscription.currentPeriodEnd <= now ? 'renew' : null
		case 'past_due':
			return subscription.pastDueSince && now.getTime() - subscription.pastDueSince.getTime() >= PAST_DUE_CANCEL_DAYS * 86_400_000 ? 'cancel-unpaid' : null
		case 'canceled':
			return null
	}
}

/** The same day of the month, `months` later (the 31st becomes the month's last day), in UTC. */
export function addMonths(instant: Date, months: number) {
	const result = new Date(instant.getTime())
	const day = result.getUTCDate()
	result.setUTCDate(1)
	result.setUTCMonth(result.getUTCMonth() + months)
	const lastDay = new Date(Date.UTC(result.getUTCFullYear(), result.getUTCMonth() + 1, 0)).getUTCDate()
	result.setUTCDate(Math.min(day, lastDay))
	return result
}

export function periodMonths(cycle: 'monthly' | 'yearly') {
	return cycle === 'yearly' ? 12 : 1
}
