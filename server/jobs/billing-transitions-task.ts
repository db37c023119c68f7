import type { Task } from 'graphile-worker'
import { runSubscriptionTransitions } from '#server/billing/index.ts'
import { logger } from '#server/logger.ts'

/** Every ten minutes: the subscription state machine's scheduled transitions (server/billing/lifecycle.ts). */
export const billingTransitionsTask: Task = async () => {
	const counts = await runSubscriptionTransitions(new Date())
	logger.info('jobs.billing_transitions', counts)
}
