import { cn } from '#app/lib/cn.ts'
import { formatReferenceRange } from '#server/documents/shared/compare.ts'
import { formatCalendarDate } from '#server/documents/shared/format.ts'
import { PARAMETER_TONE_TEXT, parameterTone } from '#server/documents/shared/parameter-status.ts'
import { ParameterStatusPill } from './parameter-status-pill.tsx'
import { displayUnit, formatValueText } from '#server/health/shared/measurement.ts'

export type LabValue = {
	id: string
	code: string
	name: string
	valueText: string
	unit: string | null
	referenceRangeMin: number | null
	referenceRangeMax: number | null
	referenceRangeText: string | null
	status: string | null
	testDate: string
}

/** The lab values extracted from one document; a test-date column appears when they span several dates. */
export function LabValuesTable({ values }: { values: LabValue[] }) {
	const hasSeveralDates = new Set(values.map((value) => value.testDate)).size > 1
	return (
		<div className="overflow-x-auto rounded-lg border border-slate-200 dark:border-slate-700">
			<table className="min-w-full divide-y divide-slate-200 text-sm dark:divide-slate-700" data-testid="lab-values">
				<caption className="sr-only">Lab values</caption>
				<thead className="bg-slate-50 text-left text-xs font-semibold uppercase tracking-wide text-slate-500 dark:bg-slate-800 dark:text-slate-400">
					<tr>
						<th scope="col" className="px-4 py-3">
							Name
						</th>
						<th scope="col" className="px-4 py-3">
							Value
						</th>
						<th scope="col" className="px-4 py-3">
							Unit
						</th>
						<th scope="col" className="px-4 py-3">
							Reference range
						</th>
						<th scope="col" className="px-4 py-3">
							Status
						</th>
						{hasSeveralDates ? (
							<th scope="col" className="px-4 py-3">
								Test date
							</th>
						) : null}
					</tr>
				</thead>
				<tbody className="divide-y divide-slate-200 bg-white dark:divide-slate-700 dark:bg-slate-900">
					{values.map((value) => (
						<tr key={value.id} data-code={value.code}>
							<th scope="row" className="px-4 py-3 text-left font-medium text-slate-900 dark:text-slate-100">
								{value.name}
							</th>
							<td className={cn('px-4 py-3 font-semibold tabular-nums', PARAMETER_TONE_TEXT[parameterTone(value.status)])}>
								{formatValueText(value.valueText)}
							</td>
							<td className="px-4 py-3 text-slate-600 dark:text-slate-300">{displayUnit(value.unit)}</td>
							<td className="px-4 py-3 text-slate-600 dark:text-slate-300">{formatReferenceRange(value)}</td>
							<td className="px-4 py-3">
								<ParameterStatusPill status={value.status} />
							</td>
							{hasSeveralDates ? (
								<td className="px-4 py-3 text-slate-600 dark:text-slate-300">{formatCalendarDate(value.testDate)}</td>
							) : null}
						</tr>
					))}
				</tbody>
			</table>
		</div>
	)
}
