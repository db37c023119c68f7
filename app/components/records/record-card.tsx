import { Link } from '@remix-run/react'
import { documentTypeLabel } from '#server/documents/shared/document-type-label.ts'
import { formatCalendarDate } from '#server/documents/shared/format.ts'
import { DocumentStatusBadge } from './document-status-badge.tsx'
import { DocumentTypeIcon } from './document-type-icon.tsx'
import { SomeoneElseBadge } from './subject-question.tsx'
import { TagList } from './tag-list.tsx'
import type { SubjectMatch } from '#server/documents/shared/subject-match.ts'

export type RecordCardDocument = {
	id: string
	title: string
	documentType: string
	provider: string | null
	tags: string[]
	status: string
	failureMessage: string | null
	subjectMatch?: SubjectMatch
}

/** One document on the timeline; the whole card opens /records/{id}. */
export function RecordCard({ document, date }: { document: RecordCardDocument; date: string }) {
	return (
		<Link
			to={`/records/${document.id}`}
			// no prefetch: loading a record is an audited view, and a pointer passing over a card is not one
			className="flex gap-4 rounded-lg border border-slate-200 bg-white p-4 shadow-sm transition hover:border-brand-500 hover:shadow focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 dark:border-slate-700 dark:bg-slate-900 dark:hover:border-brand-500"
			data-testid="record-card"
		>
			<DocumentTypeIcon type={document.documentType} />
			<div className="min-w-0 flex-1 space-y-1">
				<div className="flex flex-wrap items-start justify-between gap-2">
					<h3 className="min-w-0 break-words font-semibold text-slate-900 dark:text-slate-100">{document.title}</h3>
					<span className="flex flex-wrap items-center gap-2">
						{document.subjectMatch === 'someone_else' ? <SomeoneElseBadge /> : null}
						<DocumentStatusBadge status={document.status} />
					</span>
				</div>
				<p className="text-sm text-slate-600 dark:text-slate-300">
					<span>{documentTypeLabel(document.documentType)}</span>
					<span aria-hidden> · </span>
					<time dateTime={date}>{formatCalendarDate(date)}</time>
					{document.provider ? (
						<>
							<span aria-hidden> · </span>
							<span>{document.provider}</span>
						</>
					) : null}
				</p>
				{document.status === 'failed' && document.failureMessage ? <p className="text-sm text-red-700 dark:text-red-300">{document.failureMessage}</p> : null}
				<TagList tags={document.tags} className="flex flex-wrap gap-1.5 pt-1" />
			</div>
		</Link>
	)
}
