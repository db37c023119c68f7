import type { ReactNode } from 'react'

/** The bordered, scrolling frame and the header row of the app's data tables. */
export function TableFrame({ caption, testId, children }: { caption: string; testId?: string; children: ReactNode }) {
	return (
		<div className="relative overflow-x-auto rounded-lg border border-slate-200 dark:border-slate-700">
			<table className="min-w-full divide-y divide-slate-200 text-sm dark:divide-slate-700" data-testid={testId}>
				<caption className="sr-only">{caption}</caption>
				{children}
			</table>
		</div>
	)
}

/** One header cell per column (a label, or a control such as a select-all box). */
export function TableHeader({ columns }: { columns: Array<{ key: string; label: ReactNode; className?: string }> }) {
	return (
		<thead className="bg-slate-50 text-left text-xs font-semibold uppercase tracking-wide text-slate-500 dark:bg-slate-800 dark:text-slate-400">
			<tr>
				{columns.map((column) => (
					<th key={column.key} scope="col" className={column.className ?? 'px-4 py-3'}>
						{column.label}
					</th>
				))}
			</tr>
		</thead>
	)
}
