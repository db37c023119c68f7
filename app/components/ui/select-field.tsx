import { useId, type ReactNode, type SelectHTMLAttributes } from 'react'
import { cn } from '#app/lib/cn.ts'
import { inputClassName } from './field.tsx'

/** A labelled select with its error list and an optional hint, wired with aria-invalid and aria-describedby. */
export function SelectField({
	label,
	selectProps,
	options,
	errors,
	hint,
	className,
}: {
	label: ReactNode
	selectProps: SelectHTMLAttributes<HTMLSelectElement>
	options: { value: string; label: string }[]
	errors?: string[] | null
	hint?: ReactNode
	className?: string
}) {
	const fallbackId = useId()
	const id = selectProps.id ?? fallbackId
	const errorId = `${id}-error`
	const hintId = `${id}-hint`
	const hasErrors = !!errors?.length
	const describedBy = [hint ? hintId : null, hasErrors ? errorId : null].filter(Boolean).join(' ') || undefined
	return (
		<div className={className}>
			<label htmlFor={id} className="block text-sm font-medium text-slate-700 dark:text-slate-200">
				{label}
			</label>
			<select
				{...selectProps}
				id={id}
				className={cn(inputClassName, 'mt-1 pr-8', selectProps.className)}
				aria-invalid={hasErrors || undefined}
				aria-describedby={describedBy}
			>
				{options.map((option) => (
					<option key={option.value} value={option.value}>
						{option.label}
					</option>
				))}
			</select>
			{hint ? (
				<p id={hintId} className="mt-1 text-xs text-slate-500 dark:text-slate-400">
					{hint}
				</p>
			) : null}
			{hasErrors ? (
				<ul id={errorId} className="mt-1 text-sm text-red-600 dark:text-red-400">
					{errors!.map((error) => (
						<li key={error}>{error}</li>
					))}
				</ul>
			) : null}
		</div>
	)
}
