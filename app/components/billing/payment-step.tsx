import { Form } from '@remix-run/react'
import { Button } from '#app/components/ui/button.tsx'
import { Card } from '#app/components/ui/card.tsx'
import { formatCalendarInstant } from '#server/billing/shared/format.ts'
import { BILLING_MESSAGES } from '#server/billing/shared/messages.ts'
import { formatPrice } from '#server/billing/shared/plans.ts'
import type { OpenInvoice, SubscriptionView } from '#server/billing/index.ts'

type Invoice = Omit<OpenInvoice, never>

/**
 * The payment step of the built-in provider (decision 032): the open invoices (an upgrade's, or a
 * renewal past due), how to pay them and whom to write to. An upgrade waiting for its payment says
 * so ('payment pending') until an administrator records the payment, and can be dropped.
 */
export function PaymentStep({
	subscription,
	invoices,
	instructions,
	salesEmail,
	canDrop,
	isPending,
}: {
	subscription: Pick<SubscriptionView, 'pendingPlanName' | 'pendingInvoiceId'>
	invoices: Invoice[]
	instructions: string | null
	salesEmail: string
	canDrop: boolean
	isPending: boolean
}) {
	const upgrade = invoices.find((invoice) => invoice.id === subscription.pendingInvoiceId)
	const others = invoices.filter((invoice) => invoice !== upgrade)
	return (
		<Card id="payment" className="space-y-4 border-amber-300 dark:border-amber-700" aria-labelledby="payment-title" data-testid="payment-step">
			<h2 id="payment-title" className="text-lg font-semibold">
				{upgrade && subscription.pendingPlanName ? BILLING_MESSAGES.paymentPendingHeading(subscription.pendingPlanName) : BILLING_MESSAGES.paymentPendingTitle}
			</h2>
			{upgrade && subscription.pendingPlanName ? (
				<p className="text-sm" data-testid="payment-pending">
					{BILLING_MESSAGES.paymentPendingBody(upgrade.reference, formatPrice(upgrade.amountCents), subscription.pendingPlanName)}
				</p>
			) : null}
			{others.map((invoice) => (
				<p key={invoice.id} className="text-sm">
					{BILLING_MESSAGES.pastDueInvoice(invoice.reference, formatPrice(invoice.amountCents))} ({formatCalendarInstant(invoice.dueAt)})
				</p>
			))}
			<div className="rounded-md bg-slate-50 p-4 text-sm dark:bg-slate-800" data-testid="payment-instructions">
				<h3 className="font-semibold">{BILLING_MESSAGES.howToPay}</h3>
				<p className="mt-1 whitespace-pre-line">
					{instructions ?? BILLING_MESSAGES.defaultPaymentInstructions(invoices.map((invoice) => invoice.reference).join(', '))}
				</p>
				<p className="mt-2">
					{BILLING_MESSAGES.whomToContact(salesEmail)}{' '}
					<a
						className="font-medium text-brand-700 underline dark:text-brand-100"
						href={`mailto:${salesEmail}?subject=${encodeURIComponent(`Payment of ${invoices.map((invoice) => invoice.reference).join(', ')}`)}`}
					>
						{salesEmail}
					</a>
				</p>
			</div>
			{canDrop ? (
				<Form method="post" action="/subscription">
					<input type="hidden" name="intent" value="drop-upgrade" />
					<Button type="submit" variant="secondary" isPending={isPending}>
						{BILLING_MESSAGES.dropPendingUpgrade}
					</Button>
				</Form>
			) : null}
		</Card>
	)
}
