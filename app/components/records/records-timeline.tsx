import { Link } from '@remix-run/react'
import { groupByMonth, recordDate } from '#server/documents/shared/timeline.ts'
import { DOCUMENT_MESSAGES } from '#server/documents/shared/messages.ts'
import { RecordCard, type RecordCardDocument } from './record-card.tsx'

export type TimelineDocument = RecordCardDocument & { documentDate: string | null; uploadedAt: Date | string }

/** The patient's documents newest first, grouped by month, or the spec's empty texts. */
export function RecordsTimeline({ documents, query, timeZone }: { documents: TimelineDocument[]; query: string; timeZone: string }) {
	if (!documents.length) {
		return (
			<div className="rounded-lg border border-dashed border-slate-300 px-6 py-12 text-center dark:border-slate-700" data-testid="records-empty">
				{query ? (
					<p className="text-slate-600 dark:text-slate-300">{DOCUMENT_MESSAGES.noMatches}</p>
				) : (
					<>
						<p className="text-slate-600 dark:text-slate-300">{DOCUMENT_MESSAGES.noRecords}</p>
						<Link
							to="/upload"
							className="mt-4 inline-flex rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
						>
							Upload Documents
						</Link>
					</>
				)}
			</div>
		)
	}
	const groups = groupByMonth(documents, timeZone)
	return (
		<div className="space-y-8">
			<p className="sr-only" role="status">
				{documents.length} {documents.length === 1 ? 'record' : 'records'}
			</p>
			{groups.map((group) => (
				<section key={group.key} aria-labelledby={`month-${group.key}`}>
					<h2 id={`month-${group.key}`} className="text-sm font-semibold uppercase tracking-wide text-slate-500 dark:text-slate-400">
						{group.label}
					</h2>
					<ul className="mt-3 space-y-3">
						{group.documents.map((document) => (
							<li key={document.id}>
								<RecordCard document={document} date={recordDate(document, timeZone)} />
							</li>
						))}
					</ul>
				</section>
			))}
		</div>
	)
}
