import { cn } from '#app/lib/cn.ts'
import { formatReferenceRange } from '#server/documents/shared/compare.ts'
import { formatCalendarDate } from '#server/documents/shared/format.ts'
import { PARAMETER_TONE_TEXT, parameterTone } from '#server/documents/shared/parameter-status.ts'
import { Fragment } from 'react'
import { CorrectValueForm, ValueReviewActions, ValueReviewNote, type ReviewedValue, type ValueReviewState } from './lab-value-review.tsx'
import { ParameterStatusPill } from './parameter-status-pill.tsx'
import { displayUnit, formatValueText } from '#server/health/shared/measurement.ts'
import { VALUE_REVIEW_TEXTS } from '#server/health/shared/value-review.ts'

export type LabValue = {
	id: string
	code: string
	name: string
	value: number
	valueText: string
	unit: string | null
	referenceRangeMin: number | null
	referenceRangeMax: number | null
	referenceRangeText: string | null
	status: string | null
	testDate: string
	/** another printed row of a code the document holds more than once: shown here, not counted in trends */
	alternate?: boolean
} & Partial<Omit<ReviewedValue, 'id' | 'valueText' | 'unit' | 'referenceRangeText'>>

/** A cell that, on a phone, is a labelled line of its value's card (the label from `data-label`). */
const STACKED_CELL =
	'max-sm:p-0 max-sm:before:block max-sm:before:text-xs max-sm:before:font-semibold max-sm:before:uppercase max-sm:before:tracking-wide max-sm:before:text-slate-500 max-sm:before:content-[attr(data-label)] dark:max-sm:before:text-slate-400'

/**
 * The lab values extracted from one document; a test-date column appears when they span several dates.
 * With `review` (the owner's document page): each value's review state and the actions that confirm, correct or remove it.
 * Below 640 px each value is a card (name, then value, unit, range, status and actions in two columns), so nothing is cut off at the right.
 */
export function LabValuesTable({ values, review }: { values: LabValue[]; review?: ValueReviewState }) {
	const hasSeveralDates = new Set(values.map((value) => value.testDate)).size > 1
	const columnCount = 5 + (hasSeveralDates ? 1 : 0) + (review ? 1 : 0)
	return (
		<div className="relative overflow-x-auto rounded-lg border border-slate-200 dark:border-slate-700">
			<table className="min-w-full divide-y divide-slate-200 text-sm max-sm:block dark:divide-slate-700" data-testid="lab-values">
				<caption className="sr-only">Lab values</caption>
				<thead className="max-sm:sr-only bg-slate-50 text-left text-xs font-semibold uppercase tracking-wide text-slate-500 dark:bg-slate-800 dark:text-slate-400">
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
						{review ? (
							<th scope="col" className="px-4 py-3">
								<span className="sr-only">Actions</span>
							</th>
						) : null}
					</tr>
				</thead>
				<tbody className="divide-y divide-slate-200 bg-white max-sm:block dark:divide-slate-700 dark:bg-slate-900">
					{values.map((value) => (
						<Fragment key={value.id}>
							<tr
								data-code={value.code}
								data-review={value.reviewStatus ?? undefined}
								className="max-sm:grid max-sm:grid-cols-2 max-sm:gap-x-4 max-sm:gap-y-2 max-sm:p-4"
							>
								<th scope="row" className="px-4 py-3 text-left font-medium text-slate-900 max-sm:col-span-2 max-sm:p-0 dark:text-slate-100">
									{value.name}
									{value.alternate ? (
										<p className="mt-1 text-xs font-normal text-slate-500 dark:text-slate-400" data-testid="alternate-value">
											{VALUE_REVIEW_TEXTS.alternate}
										</p>
									) : null}
									{review ? <ValueReviewNote value={value} /> : null}
								</th>
								<td data-label="Value" className={cn('px-4 py-3 font-semibold tabular-nums', STACKED_CELL, PARAMETER_TONE_TEXT[parameterTone(value.status)])}>
									{formatValueText(value.valueText)}
								</td>
								<td data-label="Unit" className={cn('px-4 py-3 text-slate-600 dark:text-slate-300', STACKED_CELL)}>
									{displayUnit(value.unit)}
								</td>
								<td data-label="Reference range" className={cn('px-4 py-3 text-slate-600 dark:text-slate-300', STACKED_CELL)}>
									{formatReferenceRange(value)}
								</td>
								<td data-label="Status" className={cn('px-4 py-3', STACKED_CELL)}>
									<ParameterStatusPill value={value} />
								</td>
								{hasSeveralDates ? (
									<td data-label="Test date" className={cn('px-4 py-3 text-slate-600 dark:text-slate-300', STACKED_CELL)}>
										{formatCalendarDate(value.testDate)}
									</td>
								) : null}
								{review ? (
									<td className="px-4 py-3 max-sm:col-span-2 max-sm:p-0">
										<ValueReviewActions value={value} state={review} name={value.name} />
									</td>
								) : null}
							</tr>
							{review?.editingId === value.id ? (
								<tr data-testid="correct-value-row" className="max-sm:block">
									<td colSpan={columnCount} className="bg-slate-50 px-4 py-4 max-sm:block dark:bg-slate-800">
										<CorrectValueForm value={value} state={review} name={value.name} />
									</td>
								</tr>
							) : null}
						</Fragment>
					))}
				</tbody>
			</table>
		</div>
	)
}
