import { Link } from '@remix-run/react'
import { TRENDS_EXPORT_TEXTS, trendsCsvHref, trendsSummaryHref, type TrendsExportFilters } from '#server/health/shared/trends-export.ts'
import { buttonClassName } from '#app/components/ui/button.tsx'

const ITEM_CLASS = 'block rounded px-3 py-2 text-sm text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800'

/**
 * The Export button of /trends (spec 2.5): a native disclosure holding two
 * plain links that carry the page's filters, so it opens and both links work
 * without JavaScript. The CSV is a file, not a page: a document request.
 */
export function TrendsExportMenu({ filters }: { filters: TrendsExportFilters }) {
	return (
		<details className="relative" data-testid="trends-export">
			<summary className={buttonClassName('secondary', 'cursor-pointer list-none [&::-webkit-details-marker]:hidden')}>
				{TRENDS_EXPORT_TEXTS.button}
				<span aria-hidden="true">▾</span>
			</summary>
			<ul className="absolute right-0 z-20 mt-1 w-52 rounded-md bg-white p-1 shadow-lg ring-1 ring-slate-200 dark:bg-slate-900 dark:ring-slate-700">
				<li>
					<a href={trendsCsvHref(filters)} download className={ITEM_CLASS}>
						{TRENDS_EXPORT_TEXTS.downloadCsv}
					</a>
				</li>
				<li>
					<Link to={trendsSummaryHref(filters)} className={ITEM_CLASS}>
						{TRENDS_EXPORT_TEXTS.printableSummary}
					</Link>
				</li>
			</ul>
		</details>
	)
}
