import { Link } from '@remix-run/react'
import { useQuery } from '@tanstack/react-query'
import { Card } from '#app/components/ui/card.tsx'
import { UPLOAD_TEXTS } from '#server/documents/shared/file-checks.ts'
import { useTRPC } from '#app/lib/trpc.tsx'
import type { RouterOutputs } from '#app/lib/trpc-types.ts'
import { buttonClassName } from '#app/components/ui/button.tsx'
import { documentValuesText } from '#server/health/shared/value-summary.ts'

export type UploadedDocument = RouterOutputs['documents']['byIds'][number]

const STATUS_LABEL: Record<UploadedDocument['status'], string> = {
	queued: 'Queued',
	processing: 'Processing',
	processed: 'Processed',
	failed: 'Failed',
}

const STATUS_STYLE: Record<UploadedDocument['status'], string> = {
	queued: 'bg-slate-100 text-slate-700',
	processing: 'bg-sky-100 text-sky-800',
	processed: 'bg-emerald-100 text-emerald-800',
	failed: 'bg-red-100 text-red-800',
}

function typeLabel(type: string) {
	return type
		.split('_')
		.map((word) => word.charAt(0).toUpperCase() + word.slice(1))
		.join(' ')
}

const isSettled = (documents: UploadedDocument[]) => documents.every((document) => document.status === 'processed' || document.status === 'failed')

/** 'Upload Complete!': each uploaded document, followed live from queued to processed or failed. */
export function UploadResults({ ids, initial, onUploadMore }: { ids: string[]; initial: UploadedDocument[]; onUploadMore: () => void }) {
	const trpc = useTRPC()
	const { data } = useQuery({
		...trpc.documents.byIds.queryOptions({ ids }),
		initialData: initial,
		refetchInterval: (query) => (query.state.data && isSettled(query.state.data) ? false : 1000),
	})
	const documents = ids.map((id) => data.find((document) => document.id === id)).filter((document): document is UploadedDocument => !!document)
	return (
		<div className="space-y-4">
			<h2 className="text-xl font-semibold text-emerald-700 dark:text-emerald-300">{UPLOAD_TEXTS.complete}</h2>
			<ul className="space-y-4" aria-label="Uploaded documents">
				{documents.map((document) => (
					<li key={document.id}>
						<Card className="space-y-2" data-testid="upload-result">
							<div className="flex flex-wrap items-center justify-between gap-2">
								<h3 className="text-lg font-semibold">{document.title}</h3>
								<span className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ${STATUS_STYLE[document.status]}`} data-testid="upload-status">
									{STATUS_LABEL[document.status]}
								</span>
							</div>
							{document.status === 'failed' ? <p className="text-sm text-red-700 dark:text-red-300">{document.failureMessage}</p> : null}
							<dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
								<div>
									<dt className="inline font-medium">Type: </dt>
									<dd className="inline">{typeLabel(document.documentType)}</dd>
								</div>
								<div>
									<dt className="inline font-medium">Provider: </dt>
									<dd className="inline">{document.provider ?? UPLOAD_TEXTS.notDetected}</dd>
								</div>
								<div>
									<dt className="inline font-medium">Date: </dt>
									<dd className="inline">{document.documentDate ?? UPLOAD_TEXTS.notDetected}</dd>
								</div>
							</dl>
							{document.status === 'processed' && (document.values.read > 0 || document.documentType === 'lab_report') ? (
								<p className="text-sm font-medium" data-testid="document-values">
									{documentValuesText(document.values, document.subjectMatch)}
								</p>
							) : null}
							{document.summary ? <p className="text-sm">{document.summary}</p> : null}
							{document.textPreview ? (
								<p className="rounded bg-slate-50 p-2 font-mono text-xs text-slate-700 dark:bg-slate-800 dark:text-slate-300">{document.textPreview}</p>
							) : null}
							{document.tags.length ? (
								<ul className="flex flex-wrap gap-1" aria-label="Tags">
									{document.tags.map((tag) => (
										<li key={tag} className="rounded bg-brand-50 px-2 py-0.5 text-xs text-brand-700">
											{tag}
										</li>
									))}
								</ul>
							) : null}
						</Card>
					</li>
				))}
			</ul>
			<div className="flex flex-wrap gap-3">
				<Link to="/records" className="rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700">
					View All Records
				</Link>
				{/* A link, so it works before hydration and without JavaScript too. */}
				<Link to="/upload" onClick={onUploadMore} className={buttonClassName('secondary')}>
					Upload More Documents
				</Link>
			</div>
		</div>
	)
}
