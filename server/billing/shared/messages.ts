import { formatStorageMb } from './usage-format.ts'

/** The subscription screen's and the plan rules' texts (spec sections 2.14, 4, 8). */
export const BILLING_MESSAGES = {
	choosePlan: 'Choose one of the available plans.',
	pageTitle: 'Subscription Management',
	loadFailed: 'Failed to load subscription data. Please try again later.',
	updatedTitle: 'Subscription Updated',
	updated: (planName: string) => `Successfully upgraded to ${planName} plan.`,
	upgradeFailedTitle: 'Upgrade Failed',
	upgradeFailed: 'There was a problem upgrading your subscription. Please try again.',
	canceledTitle: 'Subscription Canceled',
	canceled: (until: string) => `Your subscription remains active until the end of the current billing period (${until}).`,
	cancellationFailedTitle: 'Cancellation Failed',
	cancellationFailed: 'There was a problem canceling your subscription. Please try again or contact support.',
	trialRemaining: (days: number) => `Your trial ends in ${days} day${days === 1 ? '' : 's'}.`,
	accessUntil: (until: string) => `Your subscription is canceled. You have access until ${until}.`,
	pastDue: 'Your last payment is overdue. Please settle the invoice below.',
	readOnly: "Only your organization's administrator can change the plan.",
	// Plan rules, each with a clear reason.
	notAdmin: "Only your organization's administrator can change the plan.",
	samePlan: 'You are already on this plan.',
	trialUpgradeNeedsPayment: (trialPlanName: string, planName: string) =>
		`Switching to ${planName} ends your free trial and needs a payment, which could not be taken. Your ${trialPlanName} trial continues.`,
	// Upgrades (decision 032)
	trialMovedTitle: 'Your trial now includes the new plan',
	trialMoved: (planName: string, trialEnd: string) =>
		`Your free trial now includes ${planName} until ${trialEnd}. Payment for ${planName} will be needed on that date; nothing is charged before.`,
	trialMovedNote: (planName: string, price: string, trialEnd: string) =>
		`Your trial includes ${planName}. Payment will be needed when the trial ends on ${trialEnd}: ${price} per month from then.`,
	paymentPendingTitle: 'Payment pending',
	paymentPendingNotice: (planName: string, reference: string) =>
		`Your upgrade to ${planName} is waiting for the payment of invoice ${reference}. Your current plan stays until it is paid.`,
	paymentPendingHeading: (planName: string) => `Upgrade to ${planName}: payment pending`,
	paymentPendingBody: (reference: string, amount: string, planName: string) =>
		`Invoice ${reference} of ${amount} for the first month of ${planName} is open. Your current plan stays in force until the payment is recorded; then ${planName} starts at once.`,
	howToPay: 'How to pay',
	defaultPaymentInstructions: (reference: string) => `Pay by bank transfer or by card over the phone, quoting ${reference}.`,
	whomToContact: (email: string) => `For the payment, or any question about it, write to ${email}.`,
	dropPendingUpgrade: 'Cancel this upgrade',
	pendingUpgradeDropped: 'The upgrade was canceled and its invoice voided.',
	noPendingUpgrade: 'No upgrade is waiting for a payment.',
	checkoutUnavailable: 'The payment page could not be opened. Please try again.',
	pastDueInvoice: (reference: string, amount: string) => `Invoice ${reference} of ${amount} is overdue.`,
	upgradeFailedAlert: 'The plan was not changed.',
	alreadyCanceled: 'This subscription is already canceled.',
	noSubscription: 'This organization has no subscription.',
	downgradeStorage: (usedMb: number, planName: string, limitMb: number) =>
		`Cannot switch to ${planName}: you use ${formatStorageMb(usedMb)} of storage and ${planName} allows ${formatStorageMb(limitMb)}. Delete documents first.`,
	downgradeMembers: (members: number, planName: string, maxUsers: number) =>
		`Cannot switch to ${planName}: your organization has ${members} members and ${planName} allows ${maxUsers === 1 ? 'a single user' : `up to ${maxUsers} users`}.`,
	memberLimit: (planName: string, maxUsers: number) =>
		`The ${planName} plan allows ${maxUsers === 1 ? 'a single user' : `up to ${maxUsers} users`}. Upgrade the plan to add more members.`,
	apiNotIncluded: (planName: string) => `API access is not included in the ${planName} plan. Upgrade to Professional or Enterprise.`,
	apiSubscriptionEnded: 'The subscription has ended. Choose a plan to use the API again.',
	notPastDue: 'This subscription is not past due.',
	paymentProcessedTitle: 'Payment processed',
	paymentProcessed: 'The payment has been successfully processed.',
	// Notifications raised by subscription events.
	trialEndingTitle: 'Trial ending soon',
	trialEnding: (days: number) => `Your free trial ends in ${days} day${days === 1 ? '' : 's'}. Choose a plan to keep your records available.`,
	paymentFailedTitle: 'Payment failed',
	paymentFailed: (planName: string) => `The payment for your ${planName} plan did not go through. Your subscription is past due.`,
	planChangedTitle: 'Plan changed',
	planChanged: (planName: string) => `Your organization is now on the ${planName} plan.`,
	subscriptionEndedTitle: 'Subscription canceled',
	subscriptionEnded: 'Your subscription was canceled because its invoice stayed unpaid.',
	// API keys
	apiKeyCreatedTitle: 'API key created',
	apiKeyCreated: 'Copy the key now: it is shown only once.',
	apiKeyRevokedTitle: 'API key revoked',
	apiKeyRevoked: 'Calls with this key are refused from now on.',
	apiKeyNotFound: 'API key not found.',
	apiKeyLimit: (max: number) => `You can have at most ${max} active API keys. Revoke one first.`,
} as const

/** Labels of the status badge on the current-plan card. */
export const STATUS_LABELS = { trialing: 'Trial', active: 'Active', past_due: 'Past Due', canceled: 'Canceled' } as const

/** The plan-change confirmation (dialog, or the in-page panel without JavaScript). */
export const PLAN_CHANGE_TEXTS = {
	upgrade: 'Upgrade',
	downgrade: 'Downgrade',
	choose: 'Choose plan',
	title: (planName: string) => `Switch to ${planName}?`,
	description: (planName: string, price: string) =>
		`Your organization moves to the ${planName} plan (${price} per month) now. Its limits apply at once; the new price applies from your next renewal.`,
	confirm: (planName: string) => `Switch to ${planName}`,
	cancel: 'Keep current plan',
} as const

export const CANCEL_TEXTS = {
	trigger: 'Cancel Subscription',
	title: 'Cancel your subscription?',
	description: (until: string) => `You keep your plan until ${until}. After that date the subscription ends and is not renewed.`,
	confirm: 'Yes, Cancel Subscription',
	cancel: 'Keep Subscription',
} as const
