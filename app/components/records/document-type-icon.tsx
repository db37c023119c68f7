import type { ReactNode } from 'react'
import { cn } from '#app/lib/cn.ts'
import { documentTypeLabel, type DocumentType } from '#server/documents/shared/document-type-label.ts'

const ICONS: Record<DocumentType, { paths: ReactNode; tint: string }> = {
	lab_report: {
		// a flask
		paths: <path d="M9 3h6M10 3v6.5L4.6 18.3A1.8 1.8 0 0 0 6.1 21h11.8a1.8 1.8 0 0 0 1.5-2.7L14 9.5V3M7.5 15h9" />,
		tint: 'bg-sky-50 text-sky-700 dark:bg-sky-950 dark:text-sky-300',
	},
	imaging: {
		// a scan frame with a landscape
		paths: (
			<>
				<rect x="3" y="4" width="18" height="16" rx="2" />
				<circle cx="9" cy="10" r="2" />
				<path d="m21 16-5-5-9 9" />
			</>
		),
		tint: 'bg-violet-50 text-violet-700 dark:bg-violet-950 dark:text-violet-300',
	},
	clinical_notes: {
		// a clipboard with lines
		paths: (
			<>
				<rect x="5" y="4" width="14" height="17" rx="2" />
				<path d="M9 4V3h6v1M9 10h6M9 14h6M9 18h3" />
			</>
		),
		tint: 'bg-amber-50 text-amber-700 dark:bg-amber-950 dark:text-amber-300',
	},
	immunization: {
		// a syringe
		paths: <path d="m17 3 4 4M19 5l-3.5 3.5M14 5l5 5M16.5 7.5 8 16H5v-3l8.5-8.5M11 10l1.5 1.5M9 12l1.5 1.5M5 16l-2 5 5-2" />,
		tint: 'bg-emerald-50 text-emerald-700 dark:bg-emerald-950 dark:text-emerald-300',
	},
	other: {
		// a page with a folded corner
		paths: <path d="M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8zM14 3v5h5M9 13h6M9 17h6" />,
		tint: 'bg-slate-100 text-slate-600 dark:bg-slate-800 dark:text-slate-300',
	},
}

/** The icon of a document type (spec 2.6), in a tinted square. Decorative unless `label` is set. */
export function DocumentTypeIcon({ type, size = 'md', label, className }: { type: string; size?: 'md' | 'lg'; label?: boolean; className?: string }) {
	const icon = ICONS[type as DocumentType] ?? ICONS.other
	return (
		<span
			className={cn('inline-flex shrink-0 items-center justify-center rounded-lg', size === 'lg' ? 'h-16 w-16' : 'h-10 w-10', icon.tint, className)}
			data-document-type={type}
			{...(label ? { role: 'img', 'aria-label': documentTypeLabel(type) } : { 'aria-hidden': true })}
		>
			<svg
				viewBox="0 0 24 24"
				fill="none"
				stroke="currentColor"
				strokeWidth="1.6"
				strokeLinecap="round"
				strokeLinejoin="round"
				className={size === 'lg' ? 'h-8 w-8' : 'h-5 w-5'}
				aria-hidden
			>
				{icon.paths}
			</svg>
		</span>
	)
}
