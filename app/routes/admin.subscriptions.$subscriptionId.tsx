import { getFormProps, getSelectProps, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { DataTable, linkButtonClassName, PageHeader } from '#app/components/admin/admin-table.tsx'
import { ActionButton } from '#app/components/admin/confirm-action.tsx'
import { StatusBadge } from '#app/components/admin/status-badge.tsx'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { Badge } from '#app/components/ui/badge.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { Card } from '#app/components/ui/card.tsx'
import { SelectField } from '#app/components/ui/select-field.tsx'
import { getAdminSubscription, processPayment, replyWithToast, requireAdminActor, updateSubscription } from '#server/admin/index.ts'
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
		return replyWithToast(
			request,
			await processPayment(admin, subscriptionId),
			{ title: ADMIN_MESSAGES.paymentProcessed, description: ADMIN_MESSAGES.paymentProcessedDescription },
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
	const { subscription, tenantName } = detail
	const [form, fields] = useForm({
		id: 'subscription-edit',
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
			<Card className="flex flex-wrap items-center gap-4 text-sm">
				<StatusBadge status={subscription.status} />
				{subscription.status === 'past_due' ? <Badge tone="danger">{ADMIN_MESSAGES.overdue}</Badge> : null}
				<span>
					{capitalize(subscription.plan)} · {formatUsd(subscription.status === 'trialing' ? 0 : subscription.amountCents)} /{' '}
					{subscription.billingCycle === 'yearly' ? 'year' : 'month'}
				</span>
				<span>Started {formatAdminDate(subscription.createdAt)}</span>
				<span>Next payment {subscription.status === 'canceled' ? ADMIN_MESSAGES.notAvailable : formatAdminDate(subscription.currentPeriodEnd)}</span>
				<span>Last payment {formatAdminDate(detail.lastPaymentAt)}</span>
				<span>{subscription.status === 'canceled' ? 'Does not renew' : 'Renews automatically'}</span>
				{subscription.status === 'past_due' ? (
					<ActionButton fields={{ intent: 'process-payment' }} label="Process Payment" className={linkButtonClassName} />
				) : null}
			</Card>
			<Card>
				<h2 className="mb-4 font-semibold">Edit Subscription</h2>
				<Form method="post" className="grid gap-4 sm:grid-cols-2" {...getFormProps(form)}>
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

export function ErrorBoundary() {
	return <GeneralErrorBoundary statusHandlers={{ 404: () => <p className="p-6">{ADMIN_MESSAGES.subscriptionNotFound}</p> }} />
}
