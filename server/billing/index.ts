export { PLANS, TRIAL_DAYS, ocrJobPriority, type PlanId } from './plans.ts'
export { getOrganizationSubscription, trialDaysRemaining } from './subscription.ts'
export { ORGANIZATION_PRICE_CENTS, organizationPriceCents, monthlyRecurringCents, periodEnd } from './organization-prices.ts'
