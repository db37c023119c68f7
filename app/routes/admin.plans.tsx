import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { PageHeader, linkButtonClassName } from '#app/components/admin/admin-table.tsx'
import { Card } from '#app/components/ui/card.tsx'
import { getPlanCatalogue, requireAdminActor } from '#server/admin/index.ts'
import { formatUsd } from '#server/admin/shared/format.ts'

export async function loader({ request }: LoaderFunctionArgs) {
	await requireAdminActor(request)
	return { plans: getPlanCatalogue() }
}

export const meta: MetaFunction = () => [{ title: 'Plans · Carebook Admin' }]

export default function AdminPlansRoute() {
	const { plans } = useLoaderData<typeof loader>()
	return (
		<div className="mx-auto max-w-6xl space-y-6">
			<PageHeader title="Plans">
				<Link to="/admin/subscriptions" className={linkButtonClassName}>
					Back to Subscriptions
				</Link>
			</PageHeader>
			<p className="text-sm text-slate-600 dark:text-slate-300">
				The plan catalogue lives in the code (server/billing/plans.ts): prices, limits and OCR priority change with a release, so every instance enforces the
				same plan.
			</p>
			<div className="grid gap-4 md:grid-cols-3">
				{plans.map((plan) => (
					<Card key={plan.id} className="space-y-2" data-testid="plan-card">
						<h2 className="text-lg font-semibold">{plan.name}</h2>
						<p className="text-sm">Personal: {formatUsd(plan.monthlyPriceCents)} / month</p>
						<p className="text-sm">
							Organizations: {formatUsd(plan.organizationPrices.monthly)} / month · {formatUsd(plan.organizationPrices.yearly)} / year
						</p>
						<p className="text-sm">
							{plan.storageLimitMb} MB storage · up to {plan.maxUsers} user{plan.maxUsers === 1 ? '' : 's'} · {plan.ocrPriority} OCR · API{' '}
							{plan.apiAccess ? 'yes' : 'no'}
						</p>
						<ul className="list-inside list-disc text-sm text-slate-600 dark:text-slate-300">
							{plan.features.map((feature) => (
								<li key={feature}>{feature}</li>
							))}
						</ul>
					</Card>
				))}
			</div>
		</div>
	)
}
