import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { CompareRecords, type CompareView } from '#app/components/records/compare-records.tsx'
import { RecordsSearch } from '#app/components/records/records-search.tsx'
import { RecordsTimeline } from '#app/components/records/records-timeline.tsx'
import { Alert } from '#app/components/ui/alert.tsx'
import { LinkTabPanel, LinkTabs } from '#app/components/ui/link-tabs.tsx'
import { pickCompareDates } from '#server/documents/shared/compare.ts'
import { parseSearchQuery } from '#server/validation/shared/text.ts'
import { useDisplayTimeZone } from '#app/lib/records/use-display-time-zone.ts'
import { requirePatient } from '#server/auth/index.ts'
import { compareTestDates, listDocuments, listTestDates } from '#server/documents/index.ts'
import { DOCUMENT_MESSAGES } from '#server/documents/shared/messages.ts'
import { buttonClassName } from '#app/components/ui/button.tsx'

export async function loader({ request }: LoaderFunctionArgs) {
	const patient = await requirePatient(request)
	const url = new URL(request.url)
	const timeZone = patient.user.timeZone
	if (url.searchParams.get('tab') === 'compare') {
		// Compare Records: the dates with lab values, then the two chosen (or newest) side by side.
		const testDates = await listTestDates(patient)
		const selection = pickCompareDates(testDates, url.searchParams.get('left'), url.searchParams.get('right'))
		const comparison = selection ? await compareTestDates(patient, selection.left, selection.right) : null
		const view: CompareView = url.searchParams.get('view') === 'documents' ? 'documents' : 'parameters'
		return { tab: 'compare' as const, timeZone, testDates, selection, comparison, view }
	}
	// A search text with refused characters (or too long) is answered with its message, never searched.
	const { query, error: searchError } = parseSearchQuery(url.searchParams.get('q'))
	const documents = searchError ? [] : await listDocuments(patient, { query })
	return { tab: 'timeline' as const, timeZone, query, searchError, documents }
}

export const meta: MetaFunction = () => [{ title: 'Medical Records · Carebook' }]

export default function MedicalRecordsRoute() {
	const data = useLoaderData<typeof loader>()
	const timeZone = useDisplayTimeZone(data.timeZone)
	const timelineTo = data.tab === 'timeline' && data.query ? `/records?${new URLSearchParams({ q: data.query })}` : '/records'
	return (
		<div className="mx-auto max-w-5xl space-y-6">
			<div className="flex flex-wrap items-end justify-between gap-4">
				<div>
					<h1 className="text-2xl font-bold tracking-tight">Medical Records</h1>
					<p className="mt-1 text-slate-600 dark:text-slate-300">Your documents over time, and your lab results compared between dates.</p>
				</div>
				<div className="flex flex-wrap gap-3">
					<Link to="/medications" className={buttonClassName('secondary')}>
						Medications
					</Link>
					<Link to="/connections" className={buttonClassName('secondary')}>
						Portal connections
					</Link>
					<Link
						to="/upload"
						className="rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
					>
						Upload Documents
					</Link>
				</div>
			</div>
			<LinkTabs
				label="Medical records views"
				tabs={[
					{ id: 'timeline', label: 'Timeline', to: timelineTo, isSelected: data.tab === 'timeline' },
					{ id: 'compare', label: 'Compare Records', to: '/records?tab=compare', isSelected: data.tab === 'compare' },
				]}
			/>
			{data.tab === 'compare' ? (
				<LinkTabPanel tabId="compare">
					<CompareRecords testDates={data.testDates} selection={data.selection} comparison={data.comparison} view={data.view} />
				</LinkTabPanel>
			) : (
				<LinkTabPanel tabId="timeline" className="space-y-6">
					<RecordsSearch query={data.query} error={data.searchError} />
					{data.searchError ? null : <RecordsTimeline documents={data.documents} query={data.query} timeZone={timeZone} />}
				</LinkTabPanel>
			)}
		</div>
	)
}

function RecordsLoadFailed({ isBadSearch = false }: { isBadSearch?: boolean }) {
	return (
		<div className="mx-auto max-w-5xl space-y-6">
			<h1 className="text-2xl font-bold tracking-tight">Medical Records</h1>
			<Alert>{isBadSearch ? 'That search could not be run.' : DOCUMENT_MESSAGES.fetchFailed}</Alert>
			<Link to="/records" className="text-sm font-semibold text-brand-600 underline">
				Try again
			</Link>
		</div>
	)
}

export function ErrorBoundary() {
	return <GeneralErrorBoundary statusHandlers={{ 400: () => <RecordsLoadFailed isBadSearch /> }} fallback={() => <RecordsLoadFailed />} />
}
