import { cn } from '#app/lib/cn.ts'
import { DocumentTypeIcon } from './document-type-icon.tsx'

/** The first-page image of a document (GET /api/documents/{id}/preview), or its type icon when it has none. */
export function DocumentPreview({
	document,
	className,
	imageClassName = 'h-full w-full object-contain object-top',
}: {
	document: { id: string; title: string; documentType: string; hasPreview?: boolean | null }
	/** The frame: give it a size (an aspect ratio, a height). */
	className?: string
	imageClassName?: string
}) {
	return (
		<div
			className={cn(
				'flex items-center justify-center overflow-hidden rounded-md border border-slate-200 bg-slate-50 dark:border-slate-700 dark:bg-slate-800',
				className,
			)}
		>
			{document.hasPreview ? (
				<img src={`/api/documents/${document.id}/preview`} alt={`First page of ${document.title}`} loading="lazy" className={imageClassName} />
			) : (
				<DocumentTypeIcon type={document.documentType} size="lg" label />
			)}
		</div>
	)
}
