import { Form, useSubmit } from '@remix-run/react'
import { useEffect, useId, useRef } from 'react'
import { inputClassName } from '#app/components/ui/field.tsx'
import { cn } from '#app/lib/cn.ts'
import { formatCalendarDate } from '#server/documents/shared/format.ts'
import { buttonClassName } from '#app/components/ui/button.tsx'

function DateSelect({ name, label, value, dates }: { name: 'left' | 'right'; label: string; value: string; dates: string[] }) {
	const submit = useSubmit()
	const id = useId()
	const select = useRef<HTMLSelectElement>(null)
	useEffect(() => {
		// Back/forward changed the URL: show its date.
		if (select.current) select.current.value = value
	}, [value])
	return (
		<div className="min-w-48 flex-1">
			<label htmlFor={id} className="block text-sm font-medium text-slate-700 dark:text-slate-200">
				{label}
			</label>
			<select
				ref={select}
				id={id}
				name={name}
				defaultValue={value}
				className={cn(inputClassName, 'mt-1')}
				onChange={(event) => {
					if (event.currentTarget.form) submit(event.currentTarget.form, { preventScrollReset: true })
				}}
			>
				{dates.map((date) => (
					<option key={date} value={date}>
						{formatCalendarDate(date)}
					</option>
				))}
			</select>
		</div>
	)
}

/** Picks the left and right test dates (`?left=&right=`); a GET form, submitted on change when JavaScript runs. */
export function CompareDateForm({ dates, left, right, view }: { dates: string[]; left: string; right: string; view: string }) {
	return (
		<Form method="get" action="/records" className="flex flex-wrap items-end gap-4" aria-label="Choose test dates to compare">
			<input type="hidden" name="tab" value="compare" />
			{view !== 'parameters' ? <input type="hidden" name="view" value={view} /> : null}
			<DateSelect name="left" label="Left test date" value={left} dates={dates} />
			<DateSelect name="right" label="Right test date" value={right} dates={dates} />
			<button type="submit" className={buttonClassName('secondary')}>
				Compare
			</button>
		</Form>
	)
}
