import { useId, type InputHTMLAttributes, type ReactNode } from 'react'
import { cn } from '#app/lib/cn.ts'

export const inputClassName =
	'block w-full rounded-md border-0 px-3 py-2 text-slate-900 shadow-sm ring-1 ring-inset ring-slate-300 placeholder:text-slate-400 focus:ring-2 focus:ring-inset focus:ring-brand-600 disabled:cursor-not-allowed disabled:bg-slate-50 disabled:text-slate-500 aria-[invalid=true]:ring-red-500 sm:text-sm dark:bg-slate-800 dark:text-slate-100 dark:ring-slate-600'

/** A labelled input with its error list, wired with aria-invalid and aria-describedby. */
export function Field({
	label,
	inputProps,
	errors,
	trailing,
	hint,
	className,
}: {
	label: ReactNode
	/** a sentence under the input saying what the field is for */
	hint?: ReactNode
	inputProps: InputHTMLAttributes<HTMLInputElement>
	errors?: string[] | null
	trailing?: ReactNode
	className?: string
}) {
	const fallbackId = useId()
	const id = inputProps.id ?? fallbackId
	const errorId = `${id}-error`
	const hintId = `${id}-hint`
	const hasErrors = !!errors?.length
	const describedBy = [hasErrors ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ')
	return (
		<div className={className}>
			<label htmlFor={id} className="block text-sm font-medium text-slate-700 dark:text-slate-200">
				{label}
			</label>
			<div className="relative mt-1">
				<input
					{...inputProps}
					id={id}
					className={cn(inputClassName, trailing ? 'pr-16' : '', inputProps.className)}
					aria-invalid={hasErrors || undefined}
					aria-describedby={describedBy || undefined}
				/>
				{trailing ? <div className="absolute inset-y-0 right-0 flex items-center pr-2">{trailing}</div> : null}
			</div>
			{hint ? (
				<p id={hintId} className="mt-1 text-xs text-slate-600 dark:text-slate-300">
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
