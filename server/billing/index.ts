export { PLANS, TRIAL_DAYS, type PlanId } from './plans.ts'
export { getOrganizationSubscription, trialDaysRemaining } from './subscription.ts'
