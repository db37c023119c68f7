import { useEffect, useRef } from 'react'
import { TableFrame, TableHeader } from '#app/components/ui/table.tsx'
import { cn } from '#app/lib/cn.ts'
import { SHARE_MESSAGES } from '#server/sharing/shared/messages.ts'
import { matchesShareSearch, shareableDocumentRow, type ShareableDocument } from '#server/sharing/shared/search.ts'

const checkboxClassName = 'h-4 w-4 rounded border-slate-300 text-brand-600 focus:ring-brand-600 disabled:opacity-50 dark:border-slate-600'

/**
 * Step 1: the patient's documents with a checkbox each (`documentIds`, in the
 * share form around it), a select-all box for the rows the search shows.
 * Rows the search hides stay in the form (hidden), so a hidden selection is
 * still shared.
 */
export function RecordPicker({
	documents,
	selected,
	query,
	onSelectionChange,
	isHydrated,
}: {
	documents: ShareableDocument[]
	selected: ReadonlySet<string>
	query: string
	onSelectionChange: (next: Set<string>) => void
	isHydrated: boolean
}) {
	const shown = documents.filter((document) => matchesShareSearch(document, query))
	const shownSelected = shown.filter((document) => selected.has(document.id)).length
	const isAllShownSelected = shown.length > 0 && shownSelected === shown.length
	const selectAll = useRef<HTMLInputElement>(null)
	useEffect(() => {
		if (selectAll.current) selectAll.current.indeterminate = shownSelected > 0 && !isAllShownSelected
	}, [shownSelected, isAllShownSelected])

	if (documents.length === 0) return <p className="text-sm text-slate-600 dark:text-slate-300">{SHARE_MESSAGES.noDocuments}</p>

	function toggle(id: string, isChecked: boolean) {
		const next = new Set(selected)
		if (isChecked) next.add(id)
		else next.delete(id)
		onSelectionChange(next)
	}

	function toggleShown(isChecked: boolean) {
		const next = new Set(selected)
		for (const document of shown) {
			if (isChecked) next.add(document.id)
			else next.delete(document.id)
		}
		onSelectionChange(next)
	}

	return (
		<div>
			<TableFrame caption="Records you can share" testId="shareable-records">
				<TableHeader
					columns={[
						{
							key: 'select',
							className: 'w-10 px-4 py-3',
							label: (
								<input
									ref={selectAll}
									type="checkbox"
									className={checkboxClassName}
									aria-label={SHARE_MESSAGES.selectAll}
									checked={isAllShownSelected}
									disabled={!isHydrated || shown.length === 0}
									onChange={(event) => toggleShown(event.currentTarget.checked)}
								/>
							),
						},
						{ key: 'title', label: 'Title' },
						{ key: 'type', label: 'Type' },
						{ key: 'date', label: 'Date' },
					]}
				/>
				<tbody className="divide-y divide-slate-200 dark:divide-slate-700">
					{documents.map((document) => {
						const row = shareableDocumentRow(document)
						const isShown = shown.includes(document)
						const inputId = `share-document-${document.id}`
						return (
							<tr key={document.id} hidden={!isShown} className={cn(selected.has(document.id) && 'bg-brand-50 dark:bg-slate-800')}>
								<td className="px-4 py-3">
									<input
										id={inputId}
										type="checkbox"
										name="documentIds"
										value={document.id}
										className={checkboxClassName}
										checked={selected.has(document.id)}
										onChange={(event) => toggle(document.id, event.currentTarget.checked)}
									/>
								</td>
								<td className="px-4 py-3 font-medium">
									<label htmlFor={inputId} className="cursor-pointer break-words">
										{document.title}
									</label>
								</td>
								<td className="px-4 py-3 text-slate-600 dark:text-slate-300">{row.type}</td>
								<td className="whitespace-nowrap px-4 py-3 text-slate-600 dark:text-slate-300">{row.date}</td>
							</tr>
						)
					})}
				</tbody>
			</TableFrame>
			{shown.length === 0 ? <p className="px-4 py-3 text-sm text-slate-600 dark:text-slate-300">{SHARE_MESSAGES.noMatches}</p> : null}
		</div>
	)
}
