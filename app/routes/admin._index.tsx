import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Await, Link, useLoaderData } from '@remix-run/react'
import { Suspense } from 'react'
import { LoadBar } from '#app/components/admin/bars.tsx'
import { linkButtonClassName, PageHeader, primaryLinkClassName } from '#app/components/admin/admin-table.tsx'
import { AlertSummary } from '#app/components/admin/alert-summary.tsx'
import { Card } from '#app/components/ui/card.tsx'
import { Spinner } from '#app/components/ui/spinner.tsx'
import { getDashboard, requireAdminActor } from '#server/admin/index.ts'
import { formatUsd } from '#server/admin/shared/format.ts'
import { ADMIN_MESSAGES } from '#server/admin/shared/messages.ts'

export async function loader({ request }: LoaderFunctionArgs) {
	const admin = await requireAdminActor(request)
	// Streamed: the page's frame shows at once, the figures replace a loading state when ready.
	return { role: admin.role, dashboard: getDashboard() }
}

export const meta: MetaFunction = () => [{ title: 'Admin dashboard · Carebook' }]

type Dashboard = Awaited<ReturnType<typeof getDashboard>>

function StatCard({ title, value, testId, children }: { title: string; value: string | number; testId: string; children?: React.ReactNode }) {
	return (
		<Card>
			<h2 className="text-sm font-semibold uppercase tracking-wide text-slate-500 dark:text-slate-400">{title}</h2>
			<p className="mt-2 text-3xl font-bold" data-testid={testId}>
				{value}
			</p>
			<div className="mt-1 space-y-0.5 text-sm text-slate-600 dark:text-slate-300">{children}</div>
		</Card>
	)
}

function DashboardFigures({ dashboard, role }: { dashboard: Dashboard; role: 'admin' | 'superadmin' }) {
	const { users, organizations, revenue, documents, system, alerts } = dashboard
	return (
		<>
			<div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
				<StatCard title="Total Users" value={users.total} testId="total-users">
					<p data-testid="active-users">{users.active} active</p>
					<p data-testid="new-users-today">{users.newToday} new today</p>
				</StatCard>
				<StatCard title="Organizations" value={organizations.total} testId="total-organizations">
					<p data-testid="active-organizations">
						{organizations.active} active · {organizations.trial} on trial{organizations.inactive > 0 ? ` · ${organizations.inactive} inactive` : ''}
					</p>
				</StatCard>
				<StatCard title="Revenue" value={formatUsd(revenue.mrrCents)} testId="revenue">
					<p>monthly recurring</p>
					<p data-testid="plan-counts">
						{revenue.professional} Pro · {revenue.enterprise} Enterprise
					</p>
					<p data-testid="conversion">{revenue.conversionPercent}% conversion</p>
				</StatCard>
				<StatCard title="Documents Processed" value={documents.processed} testId="documents-processed">
					<p data-testid="documents-today">{documents.processedToday} today</p>
					<p data-testid="documents-storage">{documents.storageGb} GB storage</p>
				</StatCard>
			</div>
			<div className="grid gap-4 lg:grid-cols-2">
				<Card className="space-y-3">
					<h2 className="font-semibold">System Health</h2>
					<LoadBar label="CPU" percent={system.cpuPercent} />
					<LoadBar label="Memory" percent={system.memoryPercent} />
					<LoadBar label="Storage" percent={system.storagePercent} hasThreshold={false} />
					<p className="text-sm" data-testid="api-calls-today">
						{system.apiCallsToday} API calls today
					</p>
					<div className="flex flex-wrap gap-2 pt-2">
						<Link to="/admin/reports" className={linkButtonClassName}>
							View Reports
						</Link>
						{role === 'superadmin' ? (
							<Link to="/admin/system" className={linkButtonClassName}>
								System Health
							</Link>
						) : null}
						<Link to="/admin/analytics" className={linkButtonClassName}>
							View Detailed Metrics
						</Link>
					</div>
				</Card>
				<Card>
					<h2 className="font-semibold">Recent Alerts</h2>
					{alerts.length === 0 ? (
						<p className="mt-2 text-sm text-slate-500 dark:text-slate-400">{ADMIN_MESSAGES.noAlerts}</p>
					) : (
						<ul className="mt-3 space-y-2" data-testid="recent-alerts">
							{alerts.map((alert) => (
								<li key={alert.key} className="text-sm">
									<AlertSummary alert={alert} />
								</li>
							))}
						</ul>
					)}
					<Link to="/admin/notifications" className={`${linkButtonClassName} mt-4`}>
						View All Alerts
					</Link>
				</Card>
			</div>
		</>
	)
}

export default function AdminDashboardRoute() {
	const { dashboard, role } = useLoaderData<typeof loader>()
	return (
		<div className="mx-auto max-w-6xl space-y-6">
			<PageHeader title="Dashboard" />
			<Suspense
				fallback={
					<div role="status" className="flex items-center gap-2 text-sm text-slate-600">
						<Spinner /> Loading figures…
					</div>
				}
			>
				<Await resolve={dashboard}>{(resolved) => <DashboardFigures dashboard={resolved as Dashboard} role={role} />}</Await>
			</Suspense>
			<Card>
				<h2 className="font-semibold">Quick actions</h2>
				<div className="mt-3 flex flex-wrap gap-2">
					<Link to="/admin/users/create" className={primaryLinkClassName}>
						Create New User
					</Link>
					<Link to="/admin/tenants/create" className={primaryLinkClassName}>
						Add New Organization
					</Link>
					<Link to="/admin/subscriptions" className={primaryLinkClassName}>
						Manage Subscriptions
					</Link>
				</div>
			</Card>
		</div>
	)
}
