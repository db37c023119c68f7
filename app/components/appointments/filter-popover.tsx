import { Form, useLocation } from '@remix-run/react'
import { useEffect, useId, useRef, useState } from 'react'
import { EARLIEST_APPOINTMENT_DATE } from '#server/appointments/shared/appointment.ts'
import { FILTER_PARAMS, type AppointmentFilterChoices, type AppointmentFilters } from '#server/appointments/shared/filters.ts'
import { FILTER_LABELS, FILTER_STATUS_OPTIONS } from '#server/appointments/shared/labels.ts'
import { APPOINTMENTS_PATH, FILTER_FIELD_NAMES, FILTER_INTENTS, hiddenListParams } from '#server/appointments/shared/list-url.ts'
import { cn } from '#app/lib/cn.ts'
import { inputClassName } from '#app/components/ui/field.tsx'
import { FilterIcon } from './icons.tsx'
import { buttonClassName } from '#app/components/ui/button.tsx'

const checkboxClass = 'h-4 w-4 rounded border-slate-300 text-brand-600 focus:ring-brand-600'

function CheckboxList({
	legend,
	name,
	options,
	checked,
}: {
	legend: string
	name: string
	options: ReadonlyArray<{ value: string; label: string }>
	checked: string[]
}) {
	const id = useId()
	const checkedKeys = new Set(checked.map((value) => value.toLocaleLowerCase('en-US')))
	return (
		<fieldset>
			<legend className="text-sm font-semibold text-slate-800 dark:text-slate-100">{legend}</legend>
			{options.length ? (
				<div className="mt-2 max-h-36 space-y-1.5 overflow-y-auto pr-1">
					{options.map((option, index) => (
						<div key={option.value} className="flex items-center gap-2">
							<input
								id={`${id}-${index}`}
								type="checkbox"
								name={name}
								value={option.value}
								defaultChecked={checkedKeys.has(option.value.toLocaleLowerCase('en-US'))}
								className={checkboxClass}
							/>
							<label htmlFor={`${id}-${index}`} className="text-sm text-slate-700 dark:text-slate-300">
								{option.label}
							</label>
						</div>
					))}
				</div>
			) : (
				<p className="mt-2 text-sm text-slate-500 dark:text-slate-400">None yet</p>
			)}
		</fieldset>
	)
}

/**
 * The filter popover (spec 2.9): date range, statuses, doctors and
 * specialties, Reset all / Cancel / Apply Filters, and a badge counting
 * the active filters. A GET form in a <details> element: it works without
 * JavaScript, and the filters land in the URL.
 */
export function FilterPopover({
	filters,
	choices,
	activeFilterCount,
}: {
	filters: AppointmentFilters
	choices: AppointmentFilterChoices
	activeFilterCount: number
}) {
	const location = useLocation()
	const search = new URLSearchParams(location.search)
	const [isOpen, setOpen] = useState(false)
	const detailsRef = useRef<HTMLDetailsElement>(null)
	const panelId = useId()

	useEffect(() => {
		if (!isOpen) return
		const onPointerDown = (event: PointerEvent) => {
			if (detailsRef.current && !detailsRef.current.contains(event.target as Node)) setOpen(false)
		}
		const onKeyDown = (event: KeyboardEvent) => {
			if (event.key === 'Escape') {
				setOpen(false)
				detailsRef.current?.querySelector('summary')?.focus()
			}
		}
		document.addEventListener('pointerdown', onPointerDown)
		document.addEventListener('keydown', onKeyDown)
		return () => {
			document.removeEventListener('pointerdown', onPointerDown)
			document.removeEventListener('keydown', onKeyDown)
		}
	}, [isOpen])

	const close = () => setOpen(false)
	const listParams = hiddenListParams(search, FILTER_FIELD_NAMES)
	const hiddenFields = listParams.map(([name, value], index) => <input key={`${name}-${index}`} type="hidden" name={name} value={value} />)

	return (
		<details ref={detailsRef} open={isOpen} onToggle={(event) => setOpen(event.currentTarget.open)} className="relative">
			<summary
				role="button"
				aria-expanded={isOpen}
				aria-controls={panelId}
				className={buttonClassName('secondary', 'cursor-pointer list-none [&::-webkit-details-marker]:hidden', 'narrow')}
			>
				<FilterIcon />
				{FILTER_LABELS.button}
				{activeFilterCount > 0 ? (
					<span
						data-testid="filter-count"
						aria-label={`${activeFilterCount} active filter${activeFilterCount === 1 ? '' : 's'}`}
						className="inline-flex min-w-5 items-center justify-center rounded-full bg-brand-600 px-1.5 text-xs font-semibold text-white"
					>
						{activeFilterCount}
					</span>
				) : null}
			</summary>
			<div
				id={panelId}
				className="absolute right-0 z-30 mt-2 w-[min(22rem,calc(100vw-2rem))] rounded-lg border border-slate-200 bg-white p-4 shadow-xl dark:border-slate-700 dark:bg-slate-900"
			>
				{/* Posted, so the redirect to the filtered view can carry its notice (Reset all submits the second form). */}
				<Form id={`${panelId}-reset`} method="post" action={APPOINTMENTS_PATH} onSubmit={close} hidden>
					{hiddenFields}
					<input type="hidden" name="intent" value={FILTER_INTENTS.reset} />
				</Form>
				<Form method="post" action={APPOINTMENTS_PATH} onSubmit={close} key={location.search} className="space-y-4" aria-label="Filter appointments">
					{hiddenFields}
					<fieldset>
						<legend className="text-sm font-semibold text-slate-800 dark:text-slate-100">{FILTER_LABELS.dateRange}</legend>
						<div className="mt-2 grid grid-cols-2 gap-2">
							<div>
								<label htmlFor={`${panelId}-from`} className="block text-xs font-medium text-slate-600 dark:text-slate-300">
									{FILTER_LABELS.fromDate}
								</label>
								<input
									id={`${panelId}-from`}
									type="date"
									name={FILTER_PARAMS.dateFrom}
									min={EARLIEST_APPOINTMENT_DATE}
									defaultValue={filters.dateFrom ?? ''}
									className={cn(inputClassName, 'mt-1')}
								/>
							</div>
							<div>
								<label htmlFor={`${panelId}-to`} className="block text-xs font-medium text-slate-600 dark:text-slate-300">
									{FILTER_LABELS.toDate}
								</label>
								<input
									id={`${panelId}-to`}
									type="date"
									name={FILTER_PARAMS.dateTo}
									min={EARLIEST_APPOINTMENT_DATE}
									defaultValue={filters.dateTo ?? ''}
									className={cn(inputClassName, 'mt-1')}
								/>
							</div>
						</div>
					</fieldset>
					<CheckboxList legend={FILTER_LABELS.status} name={FILTER_PARAMS.statuses} options={FILTER_STATUS_OPTIONS} checked={filters.statuses} />
					<CheckboxList
						legend={FILTER_LABELS.doctors}
						name={FILTER_PARAMS.doctors}
						options={choices.doctors.map((doctor) => ({ value: doctor, label: doctor }))}
						checked={filters.doctors}
					/>
					<CheckboxList
						legend={FILTER_LABELS.specialties}
						name={FILTER_PARAMS.specialties}
						options={choices.specialties.map((specialty) => ({ value: specialty, label: specialty }))}
						checked={filters.specialties}
					/>
					<div className="flex flex-wrap items-center justify-between gap-2 border-t border-slate-200 pt-3 dark:border-slate-700">
						<button
							type="submit"
							form={`${panelId}-reset`}
							className="text-sm font-semibold text-slate-600 hover:text-slate-900 hover:underline dark:text-slate-300"
						>
							{FILTER_LABELS.resetAll}
						</button>
						<div className="flex gap-2">
							<button type="reset" onClick={close} className={buttonClassName('secondary', undefined, 'small')}>
								{FILTER_LABELS.cancel}
							</button>
							<button
								type="submit"
								name="intent"
								value={FILTER_INTENTS.apply}
								className="rounded-md bg-brand-600 px-3 py-1.5 text-sm font-semibold text-white shadow-sm hover:bg-brand-700"
							>
								{FILTER_LABELS.apply}
							</button>
						</div>
					</div>
				</Form>
			</div>
		</details>
	)
}
