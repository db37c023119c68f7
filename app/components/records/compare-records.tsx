import { LinkTabPanel, LinkTabs } from '#app/components/ui/link-tabs.tsx'
import { COMPARE_TEXTS } from '#server/documents/shared/compare.ts'
import type { ComparedParameter } from '#server/documents/compare.ts'
import { CompareDateForm } from './compare-date-form.tsx'
import { ComparedDocuments, type ComparedDocument } from './compared-documents.tsx'
import { ParameterComparisonTable } from './parameter-comparison-table.tsx'

export type CompareView = 'parameters' | 'documents'

export type Comparison = {
	parameters: ComparedParameter[]
	leftDocuments: ComparedDocument[]
	rightDocuments: ComparedDocument[]
}

/** Compare Records (spec 2.6): two test dates, their lab values side by side, or their documents. */
export function CompareRecords({
	testDates,
	selection,
	comparison,
	view,
}: {
	testDates: string[]
	selection: { left: string; right: string } | null
	comparison: Comparison | null
	view: CompareView
}) {
	if (!selection || !comparison) {
		return (
			<div className="rounded-lg border border-dashed border-slate-300 px-6 py-12 text-center dark:border-slate-700" data-testid="compare-empty">
				<p className="text-slate-600 dark:text-slate-300">{COMPARE_TEXTS.needsTwoDates}</p>
			</div>
		)
	}
	const { left, right } = selection
	const base = new URLSearchParams({ tab: 'compare', left, right })
	const viewLink = (next: CompareView) => {
		const params = new URLSearchParams(base)
		if (next !== 'parameters') params.set('view', next)
		return `/records?${params}`
	}
	return (
		<div className="space-y-6">
			<CompareDateForm dates={testDates} left={left} right={right} view={view} />
			<LinkTabs
				label="Comparison views"
				size="sm"
				tabs={[
					{ id: 'compare-parameters', label: 'Parameters', to: viewLink('parameters'), isSelected: view === 'parameters' },
					{ id: 'compare-documents', label: 'Documents', to: viewLink('documents'), isSelected: view === 'documents' },
				]}
			/>
			{view === 'documents' ? (
				<LinkTabPanel tabId="compare-documents">
					<ComparedDocuments left={left} right={right} leftDocuments={comparison.leftDocuments} rightDocuments={comparison.rightDocuments} />
				</LinkTabPanel>
			) : (
				<LinkTabPanel tabId="compare-parameters">
					<ParameterComparisonTable parameters={comparison.parameters} left={left} right={right} />
				</LinkTabPanel>
			)}
		</div>
	)
}
