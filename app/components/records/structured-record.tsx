import type { ReactNode } from 'react'
import type { NarrativeNode, NarrativeTag, StructuredSummary } from '#server/extraction/shared/structured-types.ts'
import type { ImportReport } from '#server/extraction/structured/import-report.ts'
import { formatHealthDate } from '#server/health/shared/format.ts'

/**
 * What a C-CDA or FHIR import held beyond lab values and medications:
 * immunizations, problems, allergies, the counts, and the document's
 * narrative sections. The narrative is a tree of a few allowed tags built
 * on the server (server/extraction/structured/narrative.ts) and rendered
 * here as React elements: no HTML string is ever injected, so nothing in a
 * document can run or load anything. What was not imported, and why, is
 * listed by entry kind (built on the server: structured/import-report.ts).
 */

const NARRATIVE_CLASSES: Partial<Record<NarrativeTag, string>> = {
	table: 'my-2 w-full border-collapse text-left text-sm',
	th: 'border border-slate-200 px-2 py-1 font-semibold dark:border-slate-700',
	td: 'border border-slate-200 px-2 py-1 dark:border-slate-700',
	ul: 'my-2 list-disc pl-6',
	ol: 'my-2 list-decimal pl-6',
	p: 'my-2',
}

function renderNarrative(nodes: NarrativeNode[], prefix = ''): ReactNode[] {
	return nodes.map((node, index) => {
		const key = `${prefix}${index}`
		if (typeof node === 'string') return node
		if (node.tag === 'br') return <br key={key} />
		const Tag = node.tag
		return (
			<Tag key={key} className={NARRATIVE_CLASSES[node.tag]}>
				{renderNarrative(node.children, `${key}.`)}
			</Tag>
		)
	})
}

function EntryList({ title, rows }: { title: string; rows: { key: string; name: string; detail: string }[] }) {
	if (rows.length === 0) return null
	return (
		<section className="space-y-2" aria-label={title}>
			<h3 className="font-semibold">{title}</h3>
			<ul className="divide-y divide-slate-100 text-sm dark:divide-slate-800">
				{rows.map((row) => (
					<li key={row.key} className="py-1.5">
						<span className="font-medium">{row.name}</span>
						{row.detail ? <span className="text-slate-500 dark:text-slate-400"> · {row.detail}</span> : null}
					</li>
				))}
			</ul>
		</section>
	)
}

function NotImported({ report }: { report: ImportReport }) {
	return (
		<section className="space-y-2" aria-labelledby="not-imported-heading" data-testid="not-imported">
			<h3 id="not-imported-heading" className="font-semibold">
				{report.heading}
			</h3>
			{report.notes.map((note) => (
				<p key={note} className="text-sm text-slate-600 dark:text-slate-300">
					{note}
				</p>
			))}
			<p className="text-sm text-slate-600 dark:text-slate-300">{report.intro}</p>
			{report.groups.map((group) => (
				<div key={group.kind} className="text-sm" role="group" aria-label={group.label}>
					<h4 className="font-medium">{group.label}</h4>
					<ul className="mt-1 list-disc space-y-1 pl-5">
						{group.lines.map((line, index) => (
							<li key={index}>
								{line.text}
								{line.entries.length ? (
									<ul className="list-[circle] pl-5 text-slate-600 dark:text-slate-300">
										{line.entries.map((entry, entryIndex) => (
											<li key={entryIndex}>{entry}</li>
										))}
									</ul>
								) : null}
							</li>
						))}
					</ul>
				</div>
			))}
		</section>
	)
}

const joined = (...parts: (string | null | undefined)[]) => parts.filter(Boolean).join(' · ')

/** A file's date or date-time ('2012-01-01T09:25:28+00:00') as the date it names ('Jan 1, 2012'); other text as it is. */
function shownDate(value: string | null | undefined): string | null {
	if (!value) return null
	const day = /^(\d{4}-\d{2}-\d{2})(?:T[\d:.]+(?:Z|[+-]\d{2}:?\d{2})?)?$/.exec(value.trim())
	return day ? formatHealthDate(day[1]) : value
}

export function StructuredRecord({ summary, report }: { summary: StructuredSummary; report: ImportReport }) {
	const { counts } = summary
	return (
		<div className="space-y-4">
			<p className="text-sm text-slate-600 dark:text-slate-300">
				{counts.imported} {counts.imported === 1 ? 'entry' : 'entries'} imported, {counts.keptAsText} kept as text (not structured).
			</p>
			<EntryList
				title="Immunizations"
				rows={summary.immunizations.map((item) => ({
					key: item.key,
					name: item.name,
					detail: joined(shownDate(item.date), item.cvx ? `CVX ${item.cvx}` : null, item.status),
				}))}
			/>
			<EntryList
				title="Problems"
				rows={summary.problems.map((item) => ({ key: item.key, name: item.name, detail: joined(shownDate(item.onset), item.code, item.status) }))}
			/>
			<EntryList title="Allergies" rows={summary.allergies.map((item) => ({ key: item.key, name: item.name, detail: joined(item.reaction, item.status) }))} />
			<NotImported report={report} />
			{summary.narrative.length ? (
				<details>
					<summary className="cursor-pointer font-semibold">Document sections</summary>
					{summary.narrative.map((section, index) => (
						<section key={index} className="mt-3 overflow-x-auto text-sm">
							<h3 className="font-semibold">{section.title}</h3>
							{renderNarrative(section.content)}
						</section>
					))}
				</details>
			) : null}
		</div>
	)
}
