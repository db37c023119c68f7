import type { AdminAlert } from '#server/admin/alerts.ts'
import { formatAdminDateTime } from '#server/admin/shared/format.ts'
import { StatusBadge } from './status-badge.tsx'

/** An alert's level, title, message and time (dashboard and notifications). */
export function AlertSummary({ alert }: { alert: Pick<AdminAlert, 'level' | 'title' | 'message' | 'at'> }) {
	return (
		<div className="flex items-start gap-2">
			<StatusBadge status={alert.level} />
			<div>
				<p className="font-medium">{alert.title}</p>
				<p className="text-slate-600 dark:text-slate-300">{alert.message}</p>
				<p className="text-xs text-slate-500">{formatAdminDateTime(alert.at)}</p>
			</div>
		</div>
	)
}
