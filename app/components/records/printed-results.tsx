import type { SubmissionResult } from '@conform-to/react'
import { Form, useNavigation } from '@remix-run/react'
import { useId, useMemo, useState } from 'react'
import { cn } from '#app/lib/cn.ts'
import { useHydrated } from '#app/lib/health/use-hydrated.ts'
import { Badge } from '#app/components/ui/badge.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { inputClassName } from '#app/components/ui/field.tsx'
import { formatReferenceRange } from '#server/documents/shared/compare.ts'
import { PARAMETER_TONE_TEXT, parameterTone } from '#server/documents/shared/parameter-status.ts'
import { displayUnit, formatValueText } from '#server/health/shared/measurement.ts'
import { PRINTED_RESULT_TEXTS, type PrintedResultIntent } from '#server/health/shared/printed-results.ts'
import { ParameterStatusPill } from './parameter-status-pill.tsx'

/**
 * Rows a report prints under names the vocabulary does not know (issue 38 point 3): each under
 * its printed name with its value, unit, range and the status its range gives, marked 'Not in
 * trends' with a choice of the test it is (a searchable list of the analytes its unit converts
 * to), or 'In trends as …' with Undo once coded. Plain forms posting an `intent`: they work
 * without JavaScript (the list is then not filtered).
 */

export type PrintedResultRow = {
	id: string
	name: string
	value: number
	valueText: string
	unit: string | null
	referenceRangeText: string | null
	referenceRangeMin: number | null
	referenceRangeMax: number | null
	status: string | null
	coded: { code: string; analyteName: string; valueText: string; unit: string | null; by: 'patient' | 'earlier_choice' } | null
}

export type AnalyteOption = { code: string; name: string; unit: string | null; terms: string }

export type PrintedResultsState = {
	/** the analytes a row may be coded as, once */
	analytes: AnalyteOption[]
	/** the codes each printed unit converts to ('' for a row without a unit) */
	codesByUnit: Record<string, string[]>
	lastResult?: SubmissionResult<string[]> | null
}

/** The action's answer, when it belongs to this row's form. */
function errorsFor(state: PrintedResultsState, rowId: string): string[] {
	const result = state.lastResult as { initialValue?: Record<string, unknown>; error?: Record<string, string[] | null> } | null | undefined
	if (!result?.initialValue || result.initialValue.printedResultId !== rowId) return []
	return Object.values(result.error ?? {}).flatMap((messages) => messages ?? [])
}

function isSubmitting(navigation: ReturnType<typeof useNavigation>, intent: PrintedResultIntent, rowId: string) {
	const data = navigation.formData
	return navigation.state === 'submitting' && data?.get('intent') === intent && data.get('printedResultId') === rowId
}

const fold = (text: string) => text.normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase()

export function PrintedResults({ rows, state }: { rows: PrintedResultRow[]; state: PrintedResultsState }) {
	if (rows.length === 0) return null
	return (
		<section aria-labelledby="printed-results-heading" className="space-y-3" data-testid="printed-results">
			<div>
				<h2 id="printed-results-heading" className="text-lg font-semibold">
					{PRINTED_RESULT_TEXTS.heading}
				</h2>
				<p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{PRINTED_RESULT_TEXTS.intro}</p>
			</div>
			<ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white dark:divide-slate-700 dark:border-slate-700 dark:bg-slate-900">
				{rows.map((row) => (
					<PrintedResultItem key={row.id} row={row} state={state} />
				))}
			</ul>
		</section>
	)
}

function PrintedResultItem({ row, state }: { row: PrintedResultRow; state: PrintedResultsState }) {
	const graded = { ...row, code: '' }
	return (
		<li className="space-y-3 px-4 py-4" data-testid="printed-result" data-coded={row.coded ? row.coded.code : undefined}>
			<div className="flex flex-wrap items-baseline gap-x-4 gap-y-1">
				<h3 className="min-w-0 break-words font-medium text-slate-900 dark:text-slate-100">{row.name}</h3>
				<p className="text-sm">
					<span className={cn('font-semibold tabular-nums', PARAMETER_TONE_TEXT[parameterTone(row.status)])}>{formatValueText(row.valueText)}</span>{' '}
					<span className="text-slate-600 dark:text-slate-300">{displayUnit(row.unit)}</span>
				</p>
				<p className="text-sm text-slate-600 dark:text-slate-300">
					<span className="sr-only">Reference range: </span>
					{formatReferenceRange(row)}
				</p>
				<ParameterStatusPill value={graded} />
			</div>
			{row.coded ? <CodedState row={row} coded={row.coded} /> : <ChooseAnalyte row={row} state={state} />}
		</li>
	)
}

function CodedState({ row, coded }: { row: PrintedResultRow; coded: NonNullable<PrintedResultRow['coded']> }) {
	const navigation = useNavigation()
	const shown = [formatValueText(coded.valueText), displayUnit(coded.unit)].filter(Boolean).join(' ')
	const printed = [formatValueText(row.valueText), displayUnit(row.unit)].filter(Boolean).join(' ')
	return (
		<div className="flex flex-wrap items-center gap-2" data-testid="printed-result-coded">
			<Badge tone="success">{PRINTED_RESULT_TEXTS.inTrendsAs(coded.analyteName)}</Badge>
			<span className="text-xs text-slate-500 dark:text-slate-400">
				{coded.by === 'earlier_choice' ? PRINTED_RESULT_TEXTS.byEarlierChoice : PRINTED_RESULT_TEXTS.byYou}
				{shown !== printed ? ` · ${PRINTED_RESULT_TEXTS.asConverted(shown)}` : ''}
			</span>
			<Form method="post" preventScrollReset>
				<input type="hidden" name="intent" value="uncode-printed-result" />
				<input type="hidden" name="printedResultId" value={row.id} />
				<Button
					type="submit"
					variant="ghost"
					size="small"
					isPending={isSubmitting(navigation, 'uncode-printed-result', row.id)}
					aria-label={`${PRINTED_RESULT_TEXTS.undo} ${row.name}`}
				>
					{PRINTED_RESULT_TEXTS.undo}
				</Button>
			</Form>
		</div>
	)
}

function ChooseAnalyte({ row, state }: { row: PrintedResultRow; state: PrintedResultsState }) {
	const navigation = useNavigation()
	const isHydrated = useHydrated()
	const [query, setQuery] = useState('')
	const id = useId()
	const errors = errorsFor(state, row.id)
	const options = useMemo(() => {
		const codes = new Set(state.codesByUnit[row.unit ?? ''] ?? [])
		return state.analytes.filter((analyte) => codes.has(analyte.code))
	}, [state, row.unit])
	const shown = query.trim() ? options.filter((option) => fold(`${option.name} ${option.terms}`).includes(fold(query.trim()))) : options
	const label = (option: AnalyteOption) => (option.unit ? `${option.name} (${displayUnit(option.unit)})` : option.name)
	return (
		<div className="space-y-2">
			<Badge tone="neutral" data-testid="not-in-trends">
				{PRINTED_RESULT_TEXTS.notInTrends}
			</Badge>
			{options.length === 0 ? (
				<p className="text-sm text-slate-500 dark:text-slate-400">{PRINTED_RESULT_TEXTS.noOptions}</p>
			) : (
				<Form method="post" preventScrollReset className="flex flex-wrap items-end gap-3" aria-label={`${PRINTED_RESULT_TEXTS.chooseTitle} ${row.name}`}>
					<input type="hidden" name="intent" value="code-printed-result" />
					<input type="hidden" name="printedResultId" value={row.id} />
					{isHydrated ? (
						<div className="min-w-40 flex-1">
							<label htmlFor={`${id}-search`} className="block text-sm font-medium text-slate-700 dark:text-slate-200">
								{PRINTED_RESULT_TEXTS.searchLabel}
							</label>
							<input
								id={`${id}-search`}
								type="search"
								value={query}
								onChange={(event) => setQuery(event.target.value)}
								placeholder={PRINTED_RESULT_TEXTS.searchPlaceholder}
								aria-controls={`${id}-code`}
								autoComplete="off"
								className={cn(inputClassName, 'mt-1')}
							/>
						</div>
					) : null}
					<div className="min-w-48 flex-1">
						<label htmlFor={`${id}-code`} className="block text-sm font-medium text-slate-700 dark:text-slate-200">
							{PRINTED_RESULT_TEXTS.chooseTitle}
						</label>
						<select
							id={`${id}-code`}
							name="code"
							defaultValue=""
							required
							className={cn(inputClassName, 'mt-1 pr-8')}
							aria-invalid={errors.length > 0 || undefined}
							aria-describedby={errors.length ? `${id}-error` : undefined}
						>
							<option value="">{PRINTED_RESULT_TEXTS.chooseOption}</option>
							{shown.map((option) => (
								<option key={option.code} value={option.code}>
									{label(option)}
								</option>
							))}
						</select>
					</div>
					<Button type="submit" isPending={isSubmitting(navigation, 'code-printed-result', row.id)} aria-label={`${PRINTED_RESULT_TEXTS.submit}: ${row.name}`}>
						{PRINTED_RESULT_TEXTS.submit}
					</Button>
					{errors.length ? (
						<ul id={`${id}-error`} className="w-full text-sm text-red-600 dark:text-red-400" role="alert">
							{errors.map((error) => (
								<li key={error}>{error}</li>
							))}
						</ul>
					) : null}
				</Form>
			)}
		</div>
	)
}
