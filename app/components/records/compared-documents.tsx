import { Link } from '@remix-run/react'
import { COMPARE_TEXTS } from '#server/documents/shared/compare.ts'
import { documentTypeLabel } from '#server/documents/shared/document-type-label.ts'
import { formatCalendarDate } from '#server/documents/shared/format.ts'
import { DocumentPreview } from './document-preview.tsx'

export type ComparedDocument = {
	id: string
	title: string
	documentType: string
	provider: string | null
	documentDate: string | null
	/** Typed loosely: the domain selects it as an SQL expression. */
	hasPreview?: boolean | null
}

function DateColumn({ side, date, documents }: { side: 'left' | 'right'; date: string; documents: ComparedDocument[] }) {
	const headingId = `documents-${side}`
	return (
		<section aria-labelledby={headingId} className="min-w-0 flex-1 space-y-3">
			<h3 id={headingId} className="font-semibold text-slate-900 dark:text-slate-100">
				{formatCalendarDate(date)}
			</h3>
			{documents.length ? (
				<ul className="space-y-4">
					{documents.map((document) => (
						<li key={document.id}>
							<Link
								to={`/records/${document.id}`}
								className="block rounded-lg border border-slate-200 bg-white p-3 shadow-sm hover:border-brand-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 dark:border-slate-700 dark:bg-slate-900"
							>
								<DocumentPreview document={document} className="aspect-[8.5/11] w-full" />
								<p className="mt-3 font-medium text-slate-900 dark:text-slate-100">{document.title}</p>
								<p className="text-sm text-slate-600 dark:text-slate-300">
									{documentTypeLabel(document.documentType)}
									{document.provider ? ` · ${document.provider}` : ''}
								</p>
							</Link>
						</li>
					))}
				</ul>
			) : (
				<p className="text-sm text-slate-600 dark:text-slate-300">{COMPARE_TEXTS.noDocuments}</p>
			)}
		</section>
	)
}

/** The documents behind each compared date, side by side, with their first-page previews. */
export function ComparedDocuments({
	left,
	right,
	leftDocuments,
	rightDocuments,
}: {
	left: string
	right: string
	leftDocuments: ComparedDocument[]
	rightDocuments: ComparedDocument[]
}) {
	return (
		<div className="flex flex-col gap-6 md:flex-row">
			<DateColumn side="left" date={left} documents={leftDocuments} />
			<DateColumn side="right" date={right} documents={rightDocuments} />
		</div>
	)
}
