import { Form, useSubmit } from '@remix-run/react'
import { TRENDS_TEXTS } from '#server/health/shared/texts.ts'
import { useHydrated } from '#app/lib/health/use-hydrated.ts'
import { DEFAULT_READING_KIND, type TrendsState } from '#server/health/shared/trends-url.ts'
import { TIME_RANGES, TIME_RANGE_LABELS } from '#server/health/shared/time-range.ts'
import { inputClassName } from '#app/components/ui/field.tsx'
import { Button } from '#app/components/ui/button.tsx'

/**
 * The time-range selector: a GET form, so the range lands in the URL. With
 * JavaScript a change submits at once; without it, an Apply button does.
 */
export function TimeRangeSelect({ state }: { state: TrendsState }) {
	const submit = useSubmit()
	const isHydrated = useHydrated()
	return (
		<Form method="get" action="/trends" preventScrollReset className="flex items-end gap-2" data-testid="time-range-form">
			<input type="hidden" name="tab" value={state.tab} />
			{state.metric ? <input type="hidden" name="metric" value={state.metric} /> : null}
			{state.reading !== DEFAULT_READING_KIND ? <input type="hidden" name="reading" value={state.reading} /> : null}
			<div>
				<label htmlFor="time-range" className="block text-sm font-medium text-slate-700 dark:text-slate-200">
					{TRENDS_TEXTS.timeRange}
				</label>
				<select
					id="time-range"
					name="range"
					defaultValue={state.range}
					key={state.range}
					className={`${inputClassName} mt-1 pr-8`}
					onChange={(event) => submit(event.currentTarget.form, { preventScrollReset: true })}
				>
					{TIME_RANGES.map((range) => (
						<option key={range} value={range}>
							{TIME_RANGE_LABELS[range]}
						</option>
					))}
				</select>
			</div>
			{isHydrated ? null : (
				<Button type="submit" variant="secondary">
					{TRENDS_TEXTS.apply}
				</Button>
			)}
		</Form>
	)
}
