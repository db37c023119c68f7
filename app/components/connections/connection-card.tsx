import { Form, Link } from '@remix-run/react'
import { Badge, type BadgeTone } from '#app/components/ui/badge.tsx'
import { Button, buttonClassName } from '#app/components/ui/button.tsx'
import { Card } from '#app/components/ui/card.tsx'
import { formatDateTime } from '#server/documents/shared/format.ts'
import { PORTAL_MESSAGES } from '#server/portals/shared/messages.ts'
import { RESOURCE_KIND_LABELS } from '#server/portals/shared/schemas.ts'

type Progress = { phase: string; fetched: number; new: number; updated: number; unchanged: number; refused: number; waits: number; records: number }

export type ConnectionView = {
	id: string
	name: string
	status: 'connected' | 'needs_reconnect'
	syncState: 'idle' | 'queued' | 'syncing' | 'failed'
	progress: Progress | null
	lastError: string | null
	lastSyncAt: string | null
	counts: { type: string; count: number }[]
	records: number
}

function statusOf(connection: ConnectionView): { label: string; tone: BadgeTone } {
	if (connection.status === 'needs_reconnect') return { label: 'Reconnect needed', tone: 'warning' }
	if (connection.syncState === 'syncing') return { label: 'Syncing', tone: 'info' }
	if (connection.syncState === 'queued') return { label: 'Waiting to sync', tone: 'info' }
	if (connection.syncState === 'failed') return { label: 'Last sync stopped', tone: 'warning' }
	return { label: 'Connected', tone: 'success' }
}

/** One connection on the Connections page: status, last sync, live progress, counts by kind, and its actions. */
export function ConnectionCard({ connection, timeZone, pendingIntent }: { connection: ConnectionView; timeZone: string; pendingIntent: string | null }) {
	const status = statusOf(connection)
	const progress = connection.progress
	const isBusy = connection.syncState === 'syncing' || connection.syncState === 'queued'
	return (
		<Card className="space-y-4" data-testid="portal-connection">
			<div className="flex flex-wrap items-start justify-between gap-3">
				<div>
					<h3 className="text-lg font-semibold">{connection.name}</h3>
					<p className="text-sm text-slate-600 dark:text-slate-300">
						{connection.lastSyncAt ? `Last sync ${formatDateTime(new Date(connection.lastSyncAt), timeZone)}` : 'Not synced yet'}
						{' · '}
						<span data-testid="connection-records">
							{connection.records} record{connection.records === 1 ? '' : 's'}
						</span>
					</p>
				</div>
				<Badge tone={status.tone}>{status.label}</Badge>
			</div>

			{isBusy && progress ? (
				<p role="status" aria-live="polite" className="text-sm text-slate-700 dark:text-slate-200" data-testid="sync-progress">
					{progress.phase === 'saving' ? 'Saving' : 'Fetching'}: {progress.fetched} item{progress.fetched === 1 ? '' : 's'} read, {progress.new} new
					{progress.updated ? `, ${progress.updated} updated` : ''}
					{progress.waits ? ` (the portal asked to slow down ${progress.waits} time${progress.waits === 1 ? '' : 's'})` : ''}…
				</p>
			) : isBusy ? (
				<p role="status" aria-live="polite" className="text-sm text-slate-700 dark:text-slate-200" data-testid="sync-progress">
					Waiting to start…
				</p>
			) : progress && progress.phase !== 'fetching' ? (
				<p className="text-sm text-slate-700 dark:text-slate-200" data-testid="sync-result">
					Last sync: {progress.new} new, {progress.updated} updated, {progress.unchanged} unchanged
					{progress.refused ? `, ${progress.refused} refused as malformed` : ''}.
				</p>
			) : null}

			{connection.status === 'needs_reconnect' ? (
				<p className="text-sm text-amber-800 dark:text-amber-200">{PORTAL_MESSAGES.needsReconnect}</p>
			) : connection.lastError && !isBusy ? (
				<p className="text-sm text-amber-800 dark:text-amber-200">{PORTAL_MESSAGES.syncErrors[connection.lastError] ?? PORTAL_MESSAGES.syncErrors.error}</p>
			) : null}

			{connection.counts.length > 0 ? (
				<dl className="grid grid-cols-2 gap-x-6 gap-y-1 text-sm sm:grid-cols-3">
					{connection.counts.map((count) => (
						<div key={count.type} className="flex justify-between gap-2">
							<dt className="text-slate-600 dark:text-slate-300">{RESOURCE_KIND_LABELS[count.type] ?? count.type}</dt>
							<dd className="font-medium">{count.count}</dd>
						</div>
					))}
				</dl>
			) : null}

			<div className="flex flex-wrap gap-3">
				{connection.status === 'needs_reconnect' ? (
					<Form method="post">
						<input type="hidden" name="intent" value="reconnect" />
						<input type="hidden" name="connectionId" value={connection.id} />
						<Button type="submit" isPending={pendingIntent === 'reconnect'}>
							Reconnect
						</Button>
					</Form>
				) : (
					<Form method="post">
						<input type="hidden" name="intent" value="sync" />
						<input type="hidden" name="connectionId" value={connection.id} />
						<Button type="submit" disabled={isBusy} isPending={pendingIntent === 'sync'}>
							Sync now
						</Button>
					</Form>
				)}
				<Link
					to={`?${new URLSearchParams({ confirm: 'disconnect', connectionId: connection.id })}`}
					className={buttonClassName('secondary')}
					preventScrollReset={false}
				>
					Disconnect
				</Link>
			</div>
		</Card>
	)
}
