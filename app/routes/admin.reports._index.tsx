import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { PageHeader, primaryLinkClassName } from '#app/components/admin/admin-table.tsx'
import { Card } from '#app/components/ui/card.tsx'
import { inputClassName } from '#app/components/ui/field.tsx'
import { REPORTS, requireAdminActor } from '#server/admin/index.ts'
import { readReportRange } from '#server/admin/shared/report-range.ts'

export async function loader({ request }: LoaderFunctionArgs) {
	await requireAdminActor(request)
	const range = readReportRange(new URL(request.url).searchParams)
	return { from: range.from, to: range.to, reports: REPORTS }
}

export const meta: MetaFunction = () => [{ title: 'Reports · Carebook Admin' }]

export default function AdminReportsRoute() {
	const { from, to, reports } = useLoaderData<typeof loader>()
	return (
		<div className="mx-auto max-w-4xl space-y-6">
			<PageHeader title="Reports" />
			<Card>
				<p className="mb-4 text-sm text-slate-600 dark:text-slate-300">
					CSV downloads of the platform&apos;s records made in a date range (UTC, both days included). No health data is in any report.
				</p>
				{/* a plain GET form: the download works without JavaScript */}
				<form method="get" action="/admin/reports/download" className="flex flex-wrap items-end gap-3">
					<div>
						<label htmlFor="report-kind" className="block text-sm font-medium">
							Report
						</label>
						<select id="report-kind" name="report" className={`${inputClassName} mt-1`} defaultValue="users">
							{reports.map((report) => (
								<option key={report.value} value={report.value}>
									{report.label}
								</option>
							))}
						</select>
					</div>
					<div>
						<label htmlFor="report-from" className="block text-sm font-medium">
							From
						</label>
						<input id="report-from" type="date" name="from" defaultValue={from} className={`${inputClassName} mt-1`} />
					</div>
					<div>
						<label htmlFor="report-to" className="block text-sm font-medium">
							To
						</label>
						<input id="report-to" type="date" name="to" defaultValue={to} className={`${inputClassName} mt-1`} />
					</div>
					<button type="submit" className={primaryLinkClassName}>
						Download CSV
					</button>
				</form>
			</Card>
		</div>
	)
}
