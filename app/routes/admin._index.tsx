import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { Card } from '#app/components/ui/card.tsx'
import { getPlatformCounts } from '#server/admin/index.ts'
import { requireAdmin } from '#server/auth/index.ts'

export async function loader({ request }: LoaderFunctionArgs) {
	await requireAdmin(request)
	return { counts: await getPlatformCounts() }
}

export const meta: MetaFunction = () => [{ title: 'Admin dashboard · Carebook' }]

export default function AdminDashboardRoute() {
	const { counts } = useLoaderData<typeof loader>()
	return (
		<div className="mx-auto max-w-6xl space-y-6">
			<h1 className="text-2xl font-bold tracking-tight">Dashboard</h1>
			<div className="grid gap-4 sm:grid-cols-2">
				<Card>
					<h2 className="text-sm font-semibold uppercase tracking-wide text-slate-500 dark:text-slate-400">Total Users</h2>
					<p className="mt-2 text-3xl font-bold" data-testid="total-users">{counts.users.total}</p>
					<p className="text-sm text-slate-600">{counts.users.active} active</p>
				</Card>
				<Card>
					<h2 className="text-sm font-semibold uppercase tracking-wide text-slate-500 dark:text-slate-400">Organizations</h2>
					<p className="mt-2 text-3xl font-bold">{counts.organizations.total}</p>
					<p className="text-sm text-slate-600">{counts.organizations.active} active</p>
				</Card>
			</div>
		</div>
	)
}
