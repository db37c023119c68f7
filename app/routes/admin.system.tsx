import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { Card } from '#app/components/ui/card.tsx'
import { cn } from '#app/lib/cn.ts'
import { formatDateTime } from '#server/documents/shared/format.ts'
import { emailKindLabel } from '#server/email/shared/kinds.ts'
import { getSystemHealth } from '#server/admin/index.ts'
import { requireAdmin } from '#server/auth/index.ts'

export async function loader({ request }: LoaderFunctionArgs) {
	await requireAdmin(request, { role: 'superadmin' })
	return { health: await getSystemHealth() }
}

export const meta: MetaFunction = () => [{ title: 'System Health · Carebook Admin' }]

function Meter({ label, percent }: { label: string; percent: number | null }) {
	return (
		<div>
			<div className="flex justify-between text-sm">
				<span>{label}</span>
				<span>{percent === null ? 'n/a' : `${percent}%`}</span>
			</div>
			<div className="mt-1 h-2 rounded bg-slate-200 dark:bg-slate-700" role="meter" aria-label={label} aria-valuenow={percent ?? 0} aria-valuemin={0} aria-valuemax={100}>
				<div className={cn('h-2 rounded', (percent ?? 0) > 80 ? 'bg-red-500' : 'bg-brand-600')} style={{ width: `${Math.min(100, percent ?? 0)}%` }} />
			</div>
		</div>
	)
}

export default function SystemHealthRoute() {
	const { health } = useLoaderData<typeof loader>()
	return (
		<div className="mx-auto max-w-5xl space-y-6">
			<h1 className="text-2xl font-bold tracking-tight">System Health</h1>
			<div className="grid gap-4 md:grid-cols-3">
				<Card className="space-y-3">
					<h2 className="font-semibold">Machine</h2>
					<Meter label="CPU" percent={health.machine.cpuLoadPercent} />
					<Meter label="Memory" percent={health.machine.memoryUsedPercent} />
					<Meter label="Storage" percent={health.machine.diskUsedPercent} />
					<p className="text-sm text-slate-600">
						Web process up {Math.round(health.machine.uptimeSeconds / 60)} min · Node {health.machine.nodeVersion}
					</p>
				</Card>
				<Card className="space-y-1 text-sm">
					<h2 className="mb-2 font-semibold">Database</h2>
					<p>PostgreSQL {health.database.version}</p>
					<p>Answered in {health.database.responseMs} ms</p>
					<p>{(health.database.sizeBytes / 1_000_000).toFixed(1)} MB · {health.database.connections} connections</p>
					<p data-testid="tenant-schemas">{health.database.tenantSchemas} organization schemas</p>
				</Card>
				<Card className="space-y-1 text-sm">
					<h2 className="mb-2 font-semibold">Job queue</h2>
					<p>{health.queue.pending} waiting</p>
					<p>{health.queue.running} running</p>
					<p>{health.queue.failed} failed permanently</p>
				</Card>
			</div>
			<Card className="space-y-3 text-sm" data-testid="email-outbox">
				<h2 className="font-semibold">E-mail outbox</h2>
				<p>
					Last 24 hours: {health.email.last24Hours.queued} queued · {health.email.last24Hours.sent} sent · {health.email.last24Hours.failed} failed
				</p>
				{health.email.latestFailures.length === 0 ? (
					<p className="text-slate-600 dark:text-slate-300">No failed e-mails.</p>
				) : (
					<table className="w-full text-left">
						<caption className="sr-only">Latest failed e-mails</caption>
						<thead className="text-slate-500">
							<tr>
								<th className="py-1 font-medium">Recipient domain</th>
								<th className="py-1 font-medium">Kind</th>
								<th className="py-1 font-medium">Attempts</th>
								<th className="py-1 font-medium">Error code</th>
								<th className="py-1 font-medium">Time (UTC)</th>
							</tr>
						</thead>
						<tbody>
							{health.email.latestFailures.map((failure) => (
								<tr key={failure.id} className="border-t border-slate-200 dark:border-slate-700">
									<td className="py-1">{failure.recipientDomain}</td>
									<td className="py-1">{emailKindLabel(failure.kind)}</td>
									<td className="py-1">{failure.attempts}</td>
									<td className="py-1 font-mono">{failure.errorCode ?? 'none'}</td>
									<td className="py-1">{formatDateTime(new Date(failure.failedAt), 'UTC')}</td>
								</tr>
							))}
						</tbody>
					</table>
				)}
			</Card>
		</div>
	)
}
