import { Card } from '#app/components/ui/card.tsx'
import type { AuditTrailEntry } from '#server/admin/audit-trail.ts'
import { formatAdminDateTime } from '#server/admin/shared/format.ts'

/** Who did what to this record, from where and when. */
export function AuditTrail({ entries }: { entries: AuditTrailEntry[] }) {
	return (
		<Card>
			<h2 className="font-semibold">Audit log</h2>
			{entries.length === 0 ? (
				<p className="mt-2 text-sm text-slate-500">No entries yet.</p>
			) : (
				<ul className="mt-3 divide-y divide-slate-100 text-sm dark:divide-slate-800" data-testid="audit-trail">
					{entries.map((entry) => (
						<li key={entry.id} className="flex flex-wrap justify-between gap-2 py-2">
							<span className="font-mono text-xs">{entry.action}</span>
							<span className="text-slate-600 dark:text-slate-300">
								{entry.actorEmail ?? 'system'} · {entry.ipAddress ?? 'no address'} · {formatAdminDateTime(entry.createdAt)}
							</span>
						</li>
					))}
				</ul>
			)}
		</Card>
	)
}
