import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { Button } from '#app/components/ui/button.tsx'
import { useHydrated } from '#app/lib/health/use-hydrated.ts'
import { requirePatient } from '#server/auth/index.ts'
import { getTrendsExport, patientToday, summarizeRows, summaryGroupOf } from '#server/health/index.ts'
import { formatHealthDate } from '#server/health/shared/format.ts'
import { formatMeasurement } from '#server/health/shared/measurement.ts'
import { TIME_RANGE_LABELS } from '#server/health/shared/time-range.ts'
import { TRENDS_EXPORT_TEXTS as TEXTS, type TrendsExportRow } from '#server/health/shared/trends-export.ts'
import { trendsHref, DEFAULT_TRENDS_STATE, parseTrendsState } from '#server/health/shared/trends-url.ts'

/** GET /trends/summary?range=&metric=: the values /trends has in view, per parameter, on a page made for printing (audited). */
export async function loader({ request }: LoaderFunctionArgs) {
	const patient = await requirePatient(request)
	const { range, metric } = parseTrendsState(new URL(request.url).searchParams)
	const today = patientToday(patient.user.timeZone)
	const { rows, dateOfBirth } = await getTrendsExport(patient, { range, metric, today, format: 'summary' })
	return { name: patient.user.name, dateOfBirth, today, range, metric, groups: summarizeRows(rows, summaryGroupOf) }
}

export const meta: MetaFunction = () => [{ title: `${TEXTS.summaryTitle} · Carebook` }]

/** The value and its (already human) unit in the one measurement format. */
function valueWithUnit(row: TrendsExportRow) {
	return formatMeasurement(row.value, row.unit)
}

/** Calls window.print(): a button only once hydrated (without JavaScript the browser's own Print works). */
function PrintButton() {
	const isHydrated = useHydrated()
	if (!isHydrated) return null
	return <Button onClick={() => window.print()}>{TEXTS.print}</Button>
}

export default function TrendsSummaryRoute() {
	const { name, dateOfBirth, today, range, metric, groups } = useLoaderData<typeof loader>()
	return (
		<article className="mx-auto max-w-4xl space-y-6 print:max-w-none print:text-black" data-testid="trends-summary">
			<div className="flex flex-wrap items-center justify-between gap-3 print:hidden">
				<Link to={trendsHref({ ...DEFAULT_TRENDS_STATE, range, metric })} className="text-sm text-brand-700 underline dark:text-brand-100">
					{TEXTS.backToTrends}
				</Link>
				<PrintButton />
			</div>
			<header className="border-b border-slate-200 pb-4 dark:border-slate-700">
				<h1 className="text-2xl font-bold tracking-tight">{TEXTS.summaryTitle}</h1>
				<dl className="mt-3 grid gap-x-6 gap-y-1 text-sm sm:grid-cols-2">
					<div className="flex gap-2">
						<dt className="font-medium">{TEXTS.patient}:</dt>
						<dd data-testid="summary-patient-name">{name}</dd>
					</div>
					{dateOfBirth ? (
						<div className="flex gap-2">
							<dt className="font-medium">{TEXTS.dateOfBirth}:</dt>
							<dd>{formatHealthDate(dateOfBirth)}</dd>
						</div>
					) : null}
					<div className="flex gap-2">
						<dt className="font-medium">{TEXTS.printedOn}:</dt>
						<dd>{formatHealthDate(today)}</dd>
					</div>
					<div className="flex gap-2">
						<dt className="font-medium">{TEXTS.period}:</dt>
						<dd>{TIME_RANGE_LABELS[range]}</dd>
					</div>
				</dl>
			</header>
			{groups.length === 0 ? <p>{TEXTS.empty}</p> : null}
			{groups.map((group) => (
				<section key={group.id} aria-labelledby={`summary-group-${group.id}`} className="space-y-4" data-testid="summary-group">
					<h2 id={`summary-group-${group.id}`} className="border-b border-slate-200 pb-1 text-xl font-bold dark:border-slate-700">
						{group.name}
					</h2>
					{group.parameters.map((parameter) => (
						<section
							key={parameter.code}
							aria-labelledby={`summary-${parameter.code}`}
							className="break-inside-avoid space-y-2"
							data-testid={`summary-parameter-${parameter.code}`}
						>
							<h3 id={`summary-${parameter.code}`} className="text-lg font-semibold">
								{parameter.name}
								{parameter.latest.isOutsideRange ? (
									<span className="ml-2 rounded bg-red-100 px-1.5 py-0.5 align-middle text-xs font-semibold text-red-800 print:border print:border-black print:bg-transparent print:text-black">
										{TEXTS.outsideRange}
									</span>
								) : null}
							</h3>
							<dl className="grid gap-x-6 gap-y-1 text-sm sm:grid-cols-4 print:grid-cols-4">
								<div>
									<dt className="font-medium">{TEXTS.latest}</dt>
									<dd data-testid="summary-latest">{valueWithUnit(parameter.latest)}</dd>
								</div>
								<div>
									<dt className="font-medium">{TEXTS.date}</dt>
									<dd>{formatHealthDate(parameter.latest.date)}</dd>
								</div>
								<div>
									<dt className="font-medium">{TEXTS.referenceRange}</dt>
									<dd>{parameter.latest.referenceRange}</dd>
								</div>
								<div>
									<dt className="font-medium">{TEXTS.status}</dt>
									<dd>{parameter.latest.status}</dd>
								</div>
								<div className="sm:col-span-4 print:col-span-4">
									<dt className="font-medium">{TEXTS.source}</dt>
									<dd>{parameter.latest.source}</dd>
								</div>
							</dl>
							{parameter.previous.length === 0 ? (
								<p className="text-sm text-slate-600 dark:text-slate-300 print:text-black">{TEXTS.noPrevious}</p>
							) : (
								<table className="w-full text-left text-sm">
									<caption className="text-left font-medium">{TEXTS.previous}</caption>
									<thead>
										<tr className="border-b border-slate-200 dark:border-slate-700">
											<th scope="col" className="py-1 pr-4">
												{TEXTS.date}
											</th>
											<th scope="col" className="py-1 pr-4">
												{TEXTS.value}
											</th>
											<th scope="col" className="py-1 pr-4">
												{TEXTS.status}
											</th>
											<th scope="col" className="py-1">
												{TEXTS.source}
											</th>
										</tr>
									</thead>
									<tbody>
										{parameter.previous.map((row, index) => (
											<tr key={`${row.date}:${index}`} className="border-b border-slate-100 dark:border-slate-800">
												<td className="py-1 pr-4">{formatHealthDate(row.date)}</td>
												<td className="py-1 pr-4">{valueWithUnit(row)}</td>
												<td className="py-1 pr-4">{row.status}</td>
												<td className="py-1">{row.source}</td>
											</tr>
										))}
									</tbody>
								</table>
							)}
						</section>
					))}
				</section>
			))}
		</article>
	)
}
