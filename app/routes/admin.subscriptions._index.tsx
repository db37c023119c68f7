import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { allOption, DataTable, FilterBar, PageHeader, Pagination, primaryLinkClassName, rowActionClassName } from '#app/components/admin/admin-table.tsx'
import { StatusBadge } from '#app/components/admin/status-badge.tsx'
import { Badge } from '#app/components/ui/badge.tsx'
import { Card } from '#app/components/ui/card.tsx'
import { getRevenueSummary, listSubscriptions, requireAdminActor } from '#server/admin/index.ts'
import { SUBSCRIPTION_LIST } from '#server/admin/shared/list-specs.ts'
import { capitalize, formatAdminDate, formatUsd } from '#server/admin/shared/format.ts'
import { readListState } from '#server/admin/shared/list-state.ts'
import { ADMIN_MESSAGES } from '#server/admin/shared/messages.ts'

export async function loader({ request }: LoaderFunctionArgs) {
	await requireAdminActor(request)
	const state = readListState(new URL(request.url).searchParams, SUBSCRIPTION_LIST)
	const [page, summary] = await Promise.all([listSubscriptions(state), getRevenueSummary()])
	return { state, page, summary }
}

export const meta: MetaFunction = () => [{ title: 'Subscriptions · Carebook Admin' }]

function SummaryCard({ title, cents, change, testId }: { title: string; cents: number; change: number | null; testId: string }) {
	return (
		<Card>
			<h2 className="text-sm font-semibold uppercase tracking-wide text-slate-500">{title}</h2>
			<p className="mt-2 text-2xl font-bold" data-testid={testId}>
				{formatUsd(cents)}
			</p>
			<p className={change !== null && change < 0 ? 'text-sm text-red-700' : 'text-sm text-emerald-700'}>
				{change === null ? 'new this month' : `${change > 0 ? '+' : ''}${change}% from last month`}
			</p>
		</Card>
	)
}

export default function AdminSubscriptionsRoute() {
	const { state, page, summary } = useLoaderData<typeof loader>()
	return (
		<div className="mx-auto max-w-7xl space-y-6">
			<PageHeader title="Subscription Management">
				<Link to="/admin/plans" className={primaryLinkClassName}>
					Manage Plans
				</Link>
			</PageHeader>
			<div className="grid gap-4 sm:grid-cols-3">
				<SummaryCard title="Monthly Recurring Revenue" cents={summary.mrrCents} change={summary.mrrChange} testId="mrr" />
				<SummaryCard title="Annual Recurring Revenue" cents={summary.arrCents} change={summary.arrChange} testId="arr" />
				<SummaryCard title="Average Revenue Per Account" cents={summary.arpaCents} change={summary.arpaChange} testId="arpa" />
			</div>
			<FilterBar
				search={{ state, label: 'Search by organization' }}
				selects={[
					{
						name: 'status',
						label: 'Status',
						value: state.filters.status,
						options: [allOption(), ...SUBSCRIPTION_LIST.filters.status!.map((value) => ({ value, label: capitalize(value) }))],
					},
					{
						name: 'plan',
						label: 'Plan',
						value: state.filters.plan,
						options: [allOption(), ...SUBSCRIPTION_LIST.filters.plan!.map((value) => ({ value, label: capitalize(value) }))],
					},
				]}
			/>
			<DataTable
				state={state}
				rows={page.rows}
				rowTestId="subscription-row"
				emptyText={ADMIN_MESSAGES.noSubscriptions}
				footer={<Pagination state={state} rowsOnPage={page.rows.length} total={page.total} noun="subscriptions" />}
				columns={[
					{ label: 'Organization', sort: 'tenantName', cell: (subscription) => subscription.tenantName },
					{ label: 'Plan', cell: (subscription) => capitalize(subscription.plan) },
					{
						label: 'Status',
						cell: (subscription) => (
							<>
								<StatusBadge status={subscription.status} />
								{subscription.pendingPlan ? (
									<span className="mt-1 block">
										<Badge tone="warning">{ADMIN_MESSAGES.paymentPending(capitalize(subscription.pendingPlan))}</Badge>
									</span>
								) : null}
							</>
						),
					},
					{ label: 'Amount (USD)', sort: 'amount', cell: (subscription) => formatUsd(subscription.amountCents) },
					{ label: 'Billing Cycle', cell: (subscription) => capitalize(subscription.billingCycle) },
					{
						label: 'Next Payment',
						sort: 'nextPayment',
						cell: (subscription) => (
							<>
								{formatAdminDate(subscription.nextPayment, ADMIN_MESSAGES.notAvailable)}{' '}
								{subscription.status === 'past_due' ? <Badge tone="danger">{ADMIN_MESSAGES.overdue}</Badge> : null}
							</>
						),
					},
				]}
				actions={(subscription) => (
					<>
						<Link to={`/admin/subscriptions/${subscription.id}`} className={rowActionClassName}>
							Edit Subscription
						</Link>
						<Link to={`/admin/tenants/${subscription.tenantId}`} className={rowActionClassName}>
							View Organization
						</Link>
						{subscription.status === 'past_due' || subscription.pendingPlan ? (
							// asked and recorded on the subscription's page, with what is owed (one place for the question)
							<Link to={`/admin/subscriptions/${subscription.id}?confirm=process-payment`} className={rowActionClassName}>
								Process Payment
							</Link>
						) : null}
					</>
				)}
			/>
		</div>
	)
}
