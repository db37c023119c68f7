import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { PageHeader } from '#app/components/admin/admin-table.tsx'
import { ClientAnalyticsChart } from '#app/components/admin/client-analytics-chart.tsx'
import { Card } from '#app/components/ui/card.tsx'
import { cn } from '#app/lib/cn.ts'
import { getAnalytics, requireAdminActor } from '#server/admin/index.ts'
import { ANALYTICS_RANGES, readAnalyticsRange } from '#server/admin/shared/analytics-range.ts'
import { capitalize } from '#server/admin/shared/format.ts'

export async function loader({ request }: LoaderFunctionArgs) {
	await requireAdminActor(request)
	const range = readAnalyticsRange(new URL(request.url).searchParams.get('range'))
	return { range: range.value, analytics: await getAnalytics(range.days) }
}

export const meta: MetaFunction = () => [{ title: 'Analytics · Carebook Admin' }]

export default function AdminAnalyticsRoute() {
	const { range, analytics } = useLoaderData<typeof loader>()
	const labels = analytics.labels.map((day) => day.slice(5))
	return (
		<div className="mx-auto max-w-7xl space-y-6">
			<PageHeader title="Analytics">
				<nav aria-label="Time range" className="flex gap-1">
					{ANALYTICS_RANGES.map((option) => (
						<Link
							key={option.value}
							to={`?range=${option.value}`}
							aria-current={option.value === range ? 'page' : undefined}
							className={cn('rounded-md px-3 py-1.5 text-sm font-medium', option.value === range ? 'bg-slate-800 text-white' : 'ring-1 ring-slate-300')}
						>
							{option.label}
						</Link>
					))}
				</nav>
			</PageHeader>
			<div className="grid gap-4 lg:grid-cols-2">
				<Card>
					<h2 className="mb-2 font-semibold">Sign-ups and active users</h2>
					<ClientAnalyticsChart
						type="line"
						label="Sign-ups and active users per day"
						labels={labels}
						series={[
							{ label: 'Sign-ups', values: analytics.signUps },
							{ label: 'Active users', values: analytics.activeUsers },
						]}
					/>
				</Card>
				<Card>
					<h2 className="mb-2 font-semibold">Documents processed</h2>
					<ClientAnalyticsChart
						type="bar"
						label="Documents processed and failed per day"
						labels={labels}
						series={[
							{ label: 'Processed', values: analytics.processed },
							{ label: 'Failed', values: analytics.failed },
						]}
					/>
				</Card>
				<Card>
					<h2 className="mb-2 font-semibold">Processing time (ms)</h2>
					<ClientAnalyticsChart
						type="line"
						label="Processing time p50 and p95 per day"
						labels={labels}
						series={[
							{ label: 'p50', values: analytics.p50Ms },
							{ label: 'p95', values: analytics.p95Ms },
						]}
					/>
				</Card>
				<Card>
					<h2 className="mb-2 font-semibold">Storage by organization (MB)</h2>
					<ClientAnalyticsChart
						type="bar"
						label="Storage by organization"
						labels={analytics.storageByOrganization.map((row) => row.name)}
						series={[{ label: 'MB', values: analytics.storageByOrganization.map((row) => row.megabytes) }]}
					/>
				</Card>
				<Card>
					<h2 className="mb-2 font-semibold">Plan mix</h2>
					<ClientAnalyticsChart
						type="bar"
						label="Subscriptions by plan"
						labels={analytics.planMix.map((row) => capitalize(row.plan))}
						series={[{ label: 'Subscriptions', values: analytics.planMix.map((row) => row.count) }]}
					/>
				</Card>
			</div>
		</div>
	)
}
