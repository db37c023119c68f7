import { Alert } from '#app/components/ui/alert.tsx'
import { Badge, type BadgeTone } from '#app/components/ui/badge.tsx'
import { Card } from '#app/components/ui/card.tsx'
import { formatCalendarInstant } from '#server/billing/shared/format.ts'
import { BILLING_MESSAGES, STATUS_LABELS } from '#server/billing/shared/messages.ts'
import { formatPrice } from '#server/billing/shared/plans.ts'
import { formatStorageMb } from '#server/billing/shared/usage-format.ts'
import type { SubscriptionOverview } from '#server/billing/overview.ts'

const STATUS_TONES: Record<keyof typeof STATUS_LABELS, BadgeTone> = { trialing: 'info', active: 'success', past_due: 'danger', canceled: 'neutral' }

/** Storage bar colours of spec section 9: amber above 75 percent, red above 90, else blue. */
function barColour(percent: number) {
	if (percent > 90) return 'bg-red-500'
	if (percent > 75) return 'bg-amber-500'
	return 'bg-sky-500'
}

/** The organization's current plan: status, dates, and usage of this period. */
export function CurrentPlanCard({ subscription, usage }: Pick<SubscriptionOverview, 'subscription' | 'usage'>) {
	const endDate = subscription.currentPeriodEnd ? formatCalendarInstant(subscription.currentPeriodEnd) : null
	return (
		<Card className="space-y-5" aria-labelledby="current-plan-title" data-testid="current-plan">
			<div className="flex flex-wrap items-start justify-between gap-4">
				<div>
					<p className="text-sm font-medium text-slate-500 dark:text-slate-400">Current plan</p>
					<h2 id="current-plan-title" className="mt-1 flex items-center gap-3 text-2xl font-bold tracking-tight">
						{subscription.planName}
						<Badge tone={STATUS_TONES[subscription.status]} data-testid="subscription-status">
							{STATUS_LABELS[subscription.status]}
						</Badge>
						{subscription.pendingPlanName ? (
							<Badge tone="warning" data-testid="subscription-payment-pending">
								{BILLING_MESSAGES.paymentPendingTitle}
							</Badge>
						) : null}
					</h2>
				</div>
				<p className="text-right">
					<span className="text-2xl font-semibold">{formatPrice(subscription.amountCents)}</span>
					<span className="text-sm text-slate-500 dark:text-slate-400"> / {subscription.billingCycle === 'yearly' ? 'year' : 'month'}</span>
				</p>
			</div>
			{subscription.status === 'trialing' && subscription.trialDaysRemaining !== null ? (
				<Alert tone="info">
					{BILLING_MESSAGES.trialRemaining(subscription.trialDaysRemaining)}
					{subscription.trialPlanChangedAt && subscription.trialEndsAt ? (
						<span className="block" data-testid="trial-payment-note">
							{BILLING_MESSAGES.trialMovedNote(subscription.planName, formatPrice(subscription.amountCents), formatCalendarInstant(subscription.trialEndsAt))}
						</span>
					) : null}
				</Alert>
			) : null}
			{subscription.status === 'canceled' && endDate ? <Alert tone="warning">{BILLING_MESSAGES.accessUntil(endDate)}</Alert> : null}
			{subscription.status === 'past_due' ? <Alert tone="error">{BILLING_MESSAGES.pastDue}</Alert> : null}
			{subscription.status === 'active' && endDate ? <p className="text-sm text-slate-600 dark:text-slate-300">Renews on {endDate}</p> : null}
			<dl className="grid gap-4 sm:grid-cols-3">
				<div>
					<dt className="text-sm font-medium text-slate-500 dark:text-slate-400">Storage</dt>
					<dd className="mt-1 text-sm" data-testid="storage-usage">
						{formatStorageMb(usage.storage.usedMb)} of {formatStorageMb(usage.storage.limitMb)} ({usage.storage.percentage}%)
					</dd>
					<div
						className="mt-2 h-2 rounded-full bg-slate-200 dark:bg-slate-700"
						role="progressbar"
						aria-label="Storage used"
						aria-valuemin={0}
						aria-valuemax={100}
						aria-valuenow={usage.storage.percentage}
					>
						<div className={`h-2 rounded-full ${barColour(usage.storage.percentage)}`} style={{ width: `${usage.storage.percentage}%` }} />
					</div>
				</div>
				<div>
					<dt className="text-sm font-medium text-slate-500 dark:text-slate-400">Documents processed</dt>
					<dd className="mt-1 text-2xl font-semibold">{usage.documentsProcessed}</dd>
				</div>
				<div>
					<dt className="text-sm font-medium text-slate-500 dark:text-slate-400">API calls this period</dt>
					<dd className="mt-1 text-2xl font-semibold">{usage.apiCalls}</dd>
				</div>
			</dl>
		</Card>
	)
}
