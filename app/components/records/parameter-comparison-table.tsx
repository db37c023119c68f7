import { cn } from '#app/lib/cn.ts'
import { COMPARE_TEXTS, describeChange, formatMeasurement, formatReferenceRange } from '#server/documents/shared/compare.ts'
import { formatCalendarDate } from '#server/documents/shared/format.ts'
import { PARAMETER_TONE_TEXT, parameterTone } from '#server/documents/shared/parameter-status.ts'
import type { ComparedParameter } from '#server/documents/compare.ts'
import { ParameterStatusPill } from './parameter-status-pill.tsx'

type Side = ComparedParameter['left']

/** One date's value with its status, the range its own report printed, and (left) its value in the right's unit when they differ by a factor. */
function MeasurementCell({ code, row, converted }: { code: string; row: Side; converted?: { value: number; unit: string | null } | null }) {
	if (!row) return <span className="text-slate-400 dark:text-slate-500">{COMPARE_TEXTS.notMeasured}</span>
	const range = formatReferenceRange(row)
	return (
		<div className="space-y-1">
			<div className="flex flex-wrap items-center gap-2">
				<span className={cn('whitespace-nowrap font-semibold tabular-nums', PARAMETER_TONE_TEXT[parameterTone(row.status)])}>
					{formatMeasurement(row.valueText, row.unit)}
				</span>
				<ParameterStatusPill value={{ ...row, code }} />
			</div>
			{converted ? (
				<p className="text-xs text-slate-500 dark:text-slate-400" data-testid="converted-value">
					{COMPARE_TEXTS.convertedAs(formatMeasurement(String(converted.value), converted.unit))}
				</p>
			) : null}
			<p className="text-xs text-slate-500 dark:text-slate-400" data-testid="reference-range">
				{COMPARE_TEXTS.range(range)}
			</p>
		</div>
	)
}

function ChangeCell({ parameter }: { parameter: ComparedParameter }) {
	const change = describeChange(parameter.change, parameter.changePercent)
	if (!change) return <span className="text-slate-400 dark:text-slate-500">—</span>
	return (
		<span className="inline-flex items-center gap-1 whitespace-nowrap tabular-nums text-slate-700 dark:text-slate-200" data-direction={change.direction}>
			<span aria-hidden className="text-base">
				{change.arrow}
			</span>
			<span className="sr-only">{change.words} </span>
			{change.text}
		</span>
	)
}

/** A cell that, on a phone, is a labelled line of its parameter's card (the label from `data-label`). */
const STACKED_CELL =
	'max-sm:p-0 max-sm:before:block max-sm:before:text-xs max-sm:before:font-semibold max-sm:before:uppercase max-sm:before:tracking-wide max-sm:before:text-slate-500 max-sm:before:content-[attr(data-label)] dark:max-sm:before:text-slate-400'

/**
 * Each lab value measured on either date, side by side, with the change from left to right.
 * Below 640 px each parameter is a card (its name, then both dates and the change), so the page never widens.
 */
export function ParameterComparisonTable({ parameters, left, right }: { parameters: ComparedParameter[]; left: string; right: string }) {
	if (!parameters.length) return <p className="text-slate-600 dark:text-slate-300">{COMPARE_TEXTS.noParameters}</p>
	return (
		<div className="overflow-x-auto rounded-lg border border-slate-200 dark:border-slate-700">
			<table className="min-w-full divide-y divide-slate-200 text-sm max-sm:block dark:divide-slate-700" data-testid="parameter-comparison">
				<caption className="sr-only">
					Lab values on {formatCalendarDate(left)} and {formatCalendarDate(right)}
				</caption>
				<thead className="max-sm:sr-only bg-slate-50 text-left text-xs font-semibold uppercase tracking-wide text-slate-500 dark:bg-slate-800 dark:text-slate-400">
					<tr>
						<th scope="col" className="px-4 py-3">
							Parameter
						</th>
						<th scope="col" className="px-4 py-3">
							{formatCalendarDate(left)}
						</th>
						<th scope="col" className="px-4 py-3">
							{formatCalendarDate(right)}
						</th>
						<th scope="col" className="px-4 py-3">
							Change
						</th>
					</tr>
				</thead>
				<tbody className="divide-y divide-slate-200 bg-white max-sm:block dark:divide-slate-700 dark:bg-slate-900">
					{parameters.map((parameter) => (
						<tr key={parameter.code} data-code={parameter.code} className="max-sm:grid max-sm:grid-cols-2 max-sm:gap-x-4 max-sm:gap-y-2 max-sm:p-4">
							<th scope="row" className="px-4 py-3 text-left font-medium text-slate-900 max-sm:col-span-2 max-sm:p-0 dark:text-slate-100">
								{parameter.name}
							</th>
							<td className={`px-4 py-3 ${STACKED_CELL}`} data-label={formatCalendarDate(left)}>
								<MeasurementCell
									code={parameter.code}
									row={parameter.left}
									converted={parameter.leftConverted !== null && parameter.right ? { value: parameter.leftConverted, unit: parameter.right.unit } : null}
								/>
							</td>
							<td className={`px-4 py-3 ${STACKED_CELL}`} data-label={formatCalendarDate(right)}>
								<MeasurementCell code={parameter.code} row={parameter.right} />
							</td>
							<td className={`px-4 py-3 max-sm:col-span-2 ${STACKED_CELL}`} data-label="Change">
								<ChangeCell parameter={parameter} />
							</td>
						</tr>
					))}
				</tbody>
			</table>
		</div>
	)
}
