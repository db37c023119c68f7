export { PLANS, TRIAL_DAYS, ocrJobPriority, type PlanId } from './plans.ts'
export { getOrganizationSubscription, trialDaysRemaining } from './subscription.ts'
