import { getFormProps, getSelectProps, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation, useSearchParams } from '@remix-run/react'
import { DataTable, linkButtonClassName, PageHeader } from '#app/components/admin/admin-table.tsx'
import { ConfirmAction } from '#app/components/admin/confirm-action.tsx'
import { ConfirmPanel } from '#app/components/ui/confirm-dialog.tsx'
import { inputClassName } from '#app/components/ui/field.tsx'
import { StatusBadge } from '#app/components/admin/status-badge.tsx'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { Badge } from '#app/components/ui/badge.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { Card } from '#app/components/ui/card.tsx'
import { SelectField } from '#app/components/ui/select-field.tsx'
import { getAdminSubscription, processPayment, replyWithToast, requireAdminActor, updateSubscription } from '#server/admin/index.ts'
import { invoiceReference } from '#server/billing/shared/invoice-reference.ts'
import { capitalize, formatAdminDate, formatAdminDateTime, formatUsd } from '#server/admin/shared/format.ts'
import { ADMIN_MESSAGES } from '#server/admin/shared/messages.ts'
import { SubscriptionFormSchema } from '#server/admin/shared/schemas.ts'
import { formReply, notFound } from '#server/errors/index.ts'
import { redirectWithToast } from '#server/notices/index.ts'

export async function loader({ request, params }: LoaderFunctionArgs) {
	await requireAdminActor(request)
	const detail = await getAdminSubscription(params.subscriptionId ?? '')
	if (!detail) notFound(ADMIN_MESSAGES.subscriptionNotFound)
	return { detail }
}

export async function action({ request, params }: ActionFunctionArgs) {
	const admin = await requireAdminActor(request)
	const subscriptionId = params.subscriptionId ?? ''
	const formData = await request.formData()
	const here = `/admin/subscriptions/${subscriptionId}`
	if (formData.get('intent') === 'process-payment') {
		const method = formData.get('method') === 'credit_card' ? 'credit_card' : 'bank_transfer'
		const result = await processPayment(admin, subscriptionId, { method })
		return replyWithToast(
			request,
			result,
			{
				title: ADMIN_MESSAGES.paymentProcessed,
				description: result.ok
					? ADMIN_MESSAGES.paymentRecorded(formatUsd(result.amountCents), result.invoicesPaid, result.upgradedTo ? capitalize(result.upgradedTo) : null)
					: null,
			},
			here,
		)
	}
	const submission = parseWithZod(formData, { schema: SubscriptionFormSchema })
	if (submission.status !== 'success') return formReply(submission)
	const result = await updateSubscription(admin, subscriptionId, submission.value)
	if (!result.ok) return formReply(submission, result, { notFoundText: ADMIN_MESSAGES.subscriptionNotFound })
	return redirectWithToast(request, here, { title: ADMIN_MESSAGES.subscriptionSaved, tone: 'success' })
}

export const meta: MetaFunction = () => [{ title: 'Subscription · Carebook Admin' }]

export default function AdminSubscriptionRoute() {
	const { detail } = useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>()
	const isSubmitting = useNavigation().state === 'submitting'
	const [searchParams] = useSearchParams()
	const { subscription, tenantName, openInvoices } = detail
	const canRecordPayment = subscription.status === 'past_due' || subscription.pendingInvoiceId !== null
	const owed = openInvoices.length ? openInvoices.reduce((total, invoice) => total + invoice.amountCents, 0) : subscription.amountCents
	const paymentQuestion = openInvoices.length
		? ADMIN_MESSAGES.processPaymentQuestion(formatUsd(owed), openInvoices.map((invoice) => invoice.reference).join(', '))
		: ADMIN_MESSAGES.processPaymentNoInvoice(formatUsd(owed))
	// keyed by the row's last change: after Process Payment or a save the form starts from what is stored, as the header does
	const [form, fields] = useForm({
		id: `subscription-edit-${subscription.updatedAt}`,
		lastResult: actionData?.result,
		constraint: getZodConstraint(SubscriptionFormSchema),
		defaultValue: {
			plan: subscription.plan,
			status: subscription.status,
			billingCycle: subscription.billingCycle,
			paymentMethod: subscription.paymentMethod ?? 'none',
		},
		onValidate: ({ formData }) => parseWithZod(formData, { schema: SubscriptionFormSchema }),
	})
	return (
		<div className="mx-auto max-w-5xl space-y-6">
			<PageHeader title={`Subscription of ${tenantName}`}>
				<Link to={`/admin/tenants/${subscription.organizationId}`} className={linkButtonClassName}>
					View Organization
				</Link>
			</PageHeader>
			{searchParams.get('confirm') === 'process-payment' && canRecordPayment ? (
				<ConfirmPanel
					title={ADMIN_MESSAGES.processPaymentTitle}
					description={paymentQuestion}
					confirmLabel={ADMIN_MESSAGES.processPaymentConfirm}
					cancelLabel="Cancel"
					cancelHref="?"
					action={`/admin/subscriptions/${subscription.id}`}
					intent="process-payment"
				>
					<PaymentMethodField defaultValue={subscription.paymentMethod} />
				</ConfirmPanel>
			) : null}
			<Card className="flex flex-wrap items-center gap-4 text-sm" data-testid="subscription-header">
				<span data-testid="subscription-header-status">
					<StatusBadge status={subscription.status} />
				</span>
				{subscription.status === 'past_due' ? <Badge tone="danger">{ADMIN_MESSAGES.overdue}</Badge> : null}
				{subscription.pendingPlan ? (
					<span data-testid="subscription-payment-pending">
						<Badge tone="warning">{ADMIN_MESSAGES.paymentPending(capitalize(subscription.pendingPlan))}</Badge>
					</span>
				) : null}
				<span>
					{capitalize(subscription.plan)} · {formatUsd(subscription.status === 'trialing' ? 0 : subscription.amountCents)} /{' '}
					{subscription.billingCycle === 'yearly' ? 'year' : 'month'}
				</span>
				<span>Started {formatAdminDate(subscription.createdAt)}</span>
				<span>Next payment {subscription.status === 'canceled' ? ADMIN_MESSAGES.notAvailable : formatAdminDate(subscription.currentPeriodEnd)}</span>
				<span data-testid="subscription-last-payment">
					Last payment{' '}
					{detail.lastPayment
						? `${formatUsd(detail.lastPayment.amountCents)} on ${formatAdminDate(detail.lastPayment.at)}${detail.lastPayment.method ? ` (${paymentMethodLabel(detail.lastPayment.method).toLowerCase()})` : ''}`
						: ADMIN_MESSAGES.notAvailable}
				</span>
				<span data-testid="subscription-payment-method">
					Payment method {subscription.paymentMethod ? paymentMethodLabel(subscription.paymentMethod) : 'none'}
				</span>
				<span>{subscription.status === 'canceled' ? 'Does not renew' : 'Renews automatically'}</span>
				{canRecordPayment ? (
					<ConfirmAction
						label="Process Payment"
						title={ADMIN_MESSAGES.processPaymentTitle}
						description={paymentQuestion}
						confirmLabel={ADMIN_MESSAGES.processPaymentConfirm}
						fields={{ intent: 'process-payment' }}
						noScriptHref="?confirm=process-payment"
						className={linkButtonClassName}
					>
						<PaymentMethodField defaultValue={subscription.paymentMethod} />
					</ConfirmAction>
				) : null}
			</Card>
			<Card>
				<h2 className="mb-4 font-semibold">Edit Subscription</h2>
				<Form method="post" className="grid gap-4 sm:grid-cols-2" {...getFormProps(form)} key={String(subscription.updatedAt)}>
					<SelectField
						label="Plan"
						selectProps={getSelectProps(fields.plan)}
						options={['basic', 'professional', 'enterprise'].map((value) => ({ value, label: capitalize(value) }))}
						errors={fields.plan.errors}
					/>
					<SelectField
						label="Status"
						selectProps={getSelectProps(fields.status)}
						options={['active', 'past_due', 'trialing', 'canceled'].map((value) => ({ value, label: capitalize(value) }))}
						errors={fields.status.errors}
					/>
					<SelectField
						label="Billing cycle"
						selectProps={getSelectProps(fields.billingCycle)}
						options={['monthly', 'yearly'].map((value) => ({ value, label: capitalize(value) }))}
						errors={fields.billingCycle.errors}
					/>
					<SelectField
						label="Payment method"
						selectProps={getSelectProps(fields.paymentMethod)}
						options={[
							{ value: 'none', label: 'None' },
							...(['credit_card', 'bank_transfer'] as const).map((value) => ({ value, label: paymentMethodLabel(value) })),
						]}
						errors={fields.paymentMethod.errors}
					/>
					<p className="text-xs text-slate-500 dark:text-slate-400 sm:col-span-2">
						The price follows the plan and billing cycle (Manage Plans). A canceled subscription does not renew; every other status renews at the end of its
						period.
					</p>
					<div>
						<Button type="submit" isPending={isSubmitting}>
							Save Subscription
						</Button>
					</div>
				</Form>
			</Card>
			<section className="space-y-2">
				<h2 className="font-semibold">Invoices</h2>
				<DataTable
					rows={detail.invoices}
					rowTestId="invoice-row"
					emptyText="No invoices yet."
					columns={[
						{ label: 'Invoice', cell: (invoice) => <span className="font-mono text-xs">{invoiceReference(invoice.id)}</span> },
						{ label: 'Plan', cell: (invoice) => capitalize(invoice.plan) },
						{ label: 'Paid', cell: (invoice) => formatAdminDateTime(invoice.paidAt, '—') },
						{ label: 'Period', cell: (invoice) => `${formatAdminDate(invoice.periodStart)} – ${formatAdminDate(invoice.periodEnd)}` },
						{ label: 'Amount', cell: (invoice) => formatUsd(invoice.amountCents) },
						{ label: 'Status', cell: (invoice) => capitalize(invoice.status) },
						{
							label: 'Payment',
							cell: (invoice) =>
								invoice.payments
									.map((payment) => `${formatUsd(payment.amountCents)} ${payment.method ? paymentMethodLabel(payment.method) : capitalize(payment.provider)}`)
									.join(', ') || '—',
						},
					]}
				/>
			</section>
			<Card>
				<h2 className="font-semibold">History</h2>
				{detail.history.length === 0 ? (
					<p className="mt-2 text-sm text-slate-500">No changes recorded.</p>
				) : (
					<ul className="mt-2 space-y-1 text-sm" data-testid="subscription-history">
						{detail.history.map((entry, index) => (
							<li key={index}>
								{formatAdminDateTime(entry.createdAt)} · <span className="font-mono text-xs">{entry.action}</span>
								{entry.details && 'toStatus' in entry.details ? ` · ${String(entry.details.fromStatus)} → ${String(entry.details.toStatus)}` : ''}
							</li>
						))}
					</ul>
				)}
			</Card>
		</div>
	)
}

function paymentMethodLabel(method: 'credit_card' | 'bank_transfer') {
	return method === 'credit_card' ? 'Credit card' : 'Bank transfer'
}

/** How the payment being recorded was made (kept as the subscription's payment method). */
function PaymentMethodField({ defaultValue }: { defaultValue: 'credit_card' | 'bank_transfer' | null }) {
	return (
		<label className="block text-sm font-medium text-slate-700 dark:text-slate-200">
			{ADMIN_MESSAGES.paymentMethodLabel}
			<select name="method" defaultValue={defaultValue ?? 'bank_transfer'} className={`${inputClassName} mt-1`}>
				<option value="bank_transfer">Bank transfer</option>
				<option value="credit_card">Credit card</option>
			</select>
		</label>
	)
}

export function ErrorBoundary() {
	return <GeneralErrorBoundary statusHandlers={{ 404: () => <p className="p-6">{ADMIN_MESSAGES.subscriptionNotFound}</p> }} />
}
