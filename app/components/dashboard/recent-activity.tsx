import { Link } from '@remix-run/react'
import { cn } from '#app/lib/cn.ts'
import { formatHealthDate, formatHealthDateTime } from '#server/health/shared/format.ts'
import { DASHBOARD_TEXTS } from '#server/health/shared/texts.ts'
import type { ActivityEvent, ActivityKind } from '#server/health/shared/activity.ts'
import { ACTIVITY_TEXTS } from '#server/health/shared/messages.ts'

const KIND_DOT: Record<ActivityKind, string> = {
	document_uploaded: 'bg-sky-500',
	document_processed: 'bg-emerald-500',
	document_failed: 'bg-red-500',
	reading_added: 'bg-brand-600',
}

/** The patient's newest events: uploads, processing results and readings. */
export function RecentActivity({ events, timeZone }: { events: ActivityEvent[]; timeZone: string | null }) {
	return (
		<section aria-labelledby="recent-activity-heading" data-testid="recent-activity">
			<h2 id="recent-activity-heading" className="text-lg font-semibold">
				{DASHBOARD_TEXTS.recentActivity}
			</h2>
			{events.length === 0 ? (
				<p className="mt-3 text-sm text-slate-600 dark:text-slate-300">{ACTIVITY_TEXTS.empty}</p>
			) : (
				<ol className="mt-3 space-y-4">
					{events.map((event) => (
						<li key={event.id} className="flex gap-3" data-testid="activity-item">
							<span aria-hidden="true" className={cn('mt-1.5 h-2.5 w-2.5 shrink-0 rounded-full', KIND_DOT[event.kind])} />
							<div className="min-w-0">
								<p className="text-sm font-medium">
									<Link to={event.link} className="hover:underline">
										{event.title}
									</Link>
								</p>
								{event.detail ? (
									<p className="text-sm text-slate-600 dark:text-slate-300">
										{event.detail}
										{event.testDate ? ` (${formatHealthDate(event.testDate)})` : ''}
									</p>
								) : null}
								<p className="text-xs text-slate-500 dark:text-slate-400">
									<time dateTime={event.at.toISOString()}>{formatHealthDateTime(event.at, timeZone)}</time>
								</p>
							</div>
						</li>
					))}
				</ol>
			)}
		</section>
	)
}
