import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { PageHeader } from '#app/components/admin/admin-table.tsx'
import { LoadBar } from '#app/components/admin/bars.tsx'
import { Card } from '#app/components/ui/card.tsx'
import { getSystemHealth, requireAdminActor } from '#server/admin/index.ts'
import { formatAdminDateTime } from '#server/admin/shared/format.ts'
import { emailKindLabel } from '#server/email/shared/kinds.ts'

export async function loader({ request }: LoaderFunctionArgs) {
	await requireAdminActor(request, { role: 'superadmin' })
	return { health: await getSystemHealth() }
}

export const meta: MetaFunction = () => [{ title: 'System Health · Carebook Admin' }]

const WORKER_STATUS_TEXT = { alive: 'Alive', degraded: 'Degraded', 'no-heartbeat': 'No heartbeat' } as const

function duration(seconds: number) {
	const days = Math.floor(seconds / 86_400)
	const hours = Math.floor((seconds % 86_400) / 3600)
	const minutes = Math.floor((seconds % 3600) / 60)
	return days ? `${days} d ${hours} h` : hours ? `${hours} h ${minutes} min` : `${minutes} min`
}

function gigabytes(bytes: number | null) {
	return bytes === null ? 'n/a' : `${(bytes / 1e9).toFixed(1)} GB`
}

export default function SystemHealthRoute() {
	const { health } = useLoaderData<typeof loader>()
	const { machine, database, queue, worker, email } = health
	return (
		<div className="mx-auto max-w-6xl space-y-6">
			<PageHeader title="System Health" />
			<div className="grid gap-4 md:grid-cols-3">
				<Card className="space-y-3">
					<h2 className="font-semibold">Host</h2>
					<LoadBar label="CPU" percent={machine.cpuLoadPercent} />
					<LoadBar label="Memory" percent={machine.memoryUsedPercent} />
					<LoadBar label="Storage" percent={machine.diskUsedPercent} hasThreshold={false} />
					<p className="text-sm text-slate-600 dark:text-slate-300">
						Data directory {machine.dataDir}: {gigabytes(machine.diskFreeBytes)} free of {gigabytes(machine.diskTotalBytes)}
					</p>
					{machine.isDiskLow ? (
						<p className="text-sm font-medium text-amber-700 dark:text-amber-400" data-testid="disk-low">
							Disk space low: uploads are refused once it is full.
						</p>
					) : null}
					<p className="text-sm text-slate-600 dark:text-slate-300">
						{machine.cpus} CPUs · {gigabytes(machine.totalMemoryBytes)} memory · host up {duration(machine.hostUptimeSeconds)}
					</p>
				</Card>
				<Card className="space-y-1 text-sm">
					<h2 className="mb-2 font-semibold">Application</h2>
					<p data-testid="uptime">Web process up {duration(machine.uptimeSeconds)}</p>
					<p>Carebook {machine.versions.app ?? 'n/a'}</p>
					<p>Node {machine.nodeVersion}</p>
					<p>
						Remix {machine.versions.remix ?? 'n/a'} · graphile-worker {machine.versions.graphileWorker ?? 'n/a'} · Drizzle {machine.versions.drizzle ?? 'n/a'}
					</p>
				</Card>
				<Card className="space-y-1 text-sm">
					<h2 className="mb-2 font-semibold">Database</h2>
					<p data-testid="database-reachable">{database.isReachable ? 'Reachable' : 'Unreachable'}</p>
					<p>PostgreSQL {database.version}</p>
					<p>Answered in {database.responseMs} ms</p>
					<p>
						{(database.sizeBytes / 1_000_000).toFixed(1)} MB · {database.connections} connections
					</p>
					<p data-testid="tenant-schemas">{database.tenantSchemas} organization schemas</p>
				</Card>
				<Card className="space-y-1 text-sm">
					<h2 className="mb-2 font-semibold">Job queue</h2>
					<p data-testid="queue-depth">{queue.pending} waiting</p>
					<p data-testid="queue-oldest">Oldest waiting: {formatAdminDateTime(queue.oldestWaiting, 'none')}</p>
					{queue.scheduled > 0 ? <p data-testid="queue-scheduled">{queue.scheduled} scheduled for later</p> : null}
					<p>{queue.running} running</p>
					<p>{queue.failedLastDay} failed in the last 24 h</p>
					<p>{queue.failed} failed permanently</p>
				</Card>
				<Card className="space-y-1 text-sm">
					<h2 className="mb-2 font-semibold">Worker</h2>
					<p data-testid="worker-status" className={worker.status === 'alive' ? undefined : 'font-medium text-amber-700 dark:text-amber-400'}>
						{WORKER_STATUS_TEXT[worker.status]}
					</p>
					<p>
						{worker.processes} worker process{worker.processes === 1 ? '' : 'es'}
					</p>
					<p>Last heartbeat: {formatAdminDateTime(worker.lastHeartbeat, 'never')}</p>
					{worker.repeatedFailures.length ? (
						<ul className="mt-2 space-y-1" data-testid="worker-failures">
							{worker.repeatedFailures.map((failure) => (
								<li key={failure.task}>
									The last {failure.failures} <span className="font-mono">{failure.task}</span> jobs failed with{' '}
									<span className="font-mono">{failure.errorCode}</span>
									{failure.errorMessage ? `: ${failure.errorMessage}` : ''} (latest {formatAdminDateTime(failure.lastFailedAt)})
								</li>
							))}
						</ul>
					) : null}
				</Card>
			</div>
			<Card className="space-y-3 text-sm" data-testid="email-outbox">
				<h2 className="font-semibold">E-mail outbox</h2>
				<p>
					Last 24 hours: {email.last24Hours.queued} queued · {email.last24Hours.sent} sent · {email.last24Hours.failed} failed
				</p>
				{email.latestFailures.length === 0 ? (
					<p className="text-slate-600 dark:text-slate-300">No failed e-mails.</p>
				) : (
					<table className="w-full text-left">
						<caption className="sr-only">Latest failed e-mails</caption>
						<thead className="text-slate-500 dark:text-slate-400">
							<tr>
								<th className="py-1 font-medium">Recipient domain</th>
								<th className="py-1 font-medium">Kind</th>
								<th className="py-1 font-medium">Attempts</th>
								<th className="py-1 font-medium">Error code</th>
								<th className="py-1 font-medium">Time (UTC)</th>
							</tr>
						</thead>
						<tbody>
							{email.latestFailures.map((failure) => (
								<tr key={failure.id} className="border-t border-slate-200 dark:border-slate-700">
									<td className="py-1">{failure.recipientDomain}</td>
									<td className="py-1">{emailKindLabel(failure.kind)}</td>
									<td className="py-1">{failure.attempts}</td>
									<td className="py-1 font-mono">{failure.errorCode ?? 'none'}</td>
									<td className="py-1">{formatAdminDateTime(failure.failedAt)}</td>
								</tr>
							))}
						</tbody>
					</table>
				)}
			</Card>
		</div>
	)
}
