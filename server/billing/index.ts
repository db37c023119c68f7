/**
 * Subscriptions, plans and payments (issue 15, docs/decisions/017-billing-and-api.md).
 * The admin portal calls processPastDuePayment, assertCanAddMember and planCatalogue.
 */
export {
	PLANS,
	PLAN_IDS,
	TRIAL_DAYS,
	ocrJobPriority,
	isPlanId,
	isUpgrade,
	planCatalogue,
	formatPrice,
	type PlanId,
	type CatalogueEntry,
} from './shared/plans.ts'
export { BILLING_MESSAGES } from './shared/messages.ts'
export { invoiceReference } from './shared/invoice-reference.ts'
export {
	getOrganizationSubscription,
	getSubscriptionUsage,
	listOpenInvoices,
	type OpenInvoice,
	isInForce,
	subscriptionView,
	trialDaysRemaining,
	utcDay,
	type SubscriptionView,
	type SubscriptionUsage,
} from './subscription.ts'
export {
	canManageSubscription,
	cancelPendingUpgrade,
	cancelSubscription,
	changePlan,
	issuePeriodInvoice,
	processPastDuePayment,
	type CheckoutReturn,
	type PlanChangeOutcome,
	runSubscriptionTransitions,
	type SubscriptionActor,
} from './lifecycle.ts'
export { assertCanAddMember } from './plan-rules.ts'
export { getSubscriptionOverview, type SubscriptionOverview } from './overview.ts'
export { builtinProvider, providerFor, type PaymentProvider, type CollectOutcome, type IssuedInvoice } from './payment-provider.ts'
export { handleStripeWebhook } from './stripe-webhook.ts'
export { ORGANIZATION_PRICE_CENTS, organizationPriceCents, subscriptionPriceCents, monthlyRecurringCents, periodEnd } from './organization-prices.ts'
export { listSubscriptionInvoices, lastPaymentTimes, paidInvoicesBetween, type SubscriptionInvoice } from './admin-reads.ts'
