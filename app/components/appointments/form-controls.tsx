import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from 'react'
import { inputClassName } from '#app/components/ui/field.tsx'
import { FIELD_REQUIRED, REQUIRED_FIELDS_MESSAGE } from '#server/appointments/shared/labels.ts'
import { cn } from '#app/lib/cn.ts'

/**
 * The form-level alert carries the spec's required-fields sentence; under
 * each empty field a short 'Required' says which ones.
 */
function fieldErrors(errors: string[] | undefined): string[] {
	return [...new Set((errors ?? []).map((error) => (error === REQUIRED_FIELDS_MESSAGE ? FIELD_REQUIRED : error)))]
}

type Control =
	| { kind: 'input'; props: InputHTMLAttributes<HTMLInputElement> }
	| { kind: 'select'; props: SelectHTMLAttributes<HTMLSelectElement>; options: ReadonlyArray<{ value: string | number; label: string }> }
	| { kind: 'textarea'; props: TextareaHTMLAttributes<HTMLTextAreaElement> }

/** A labelled control with its errors, wired with aria-invalid and aria-describedby. */
export function FormControl({
	label,
	id,
	errors,
	hint,
	isOptional = false,
	className,
	control,
}: {
	label: string
	id: string
	errors?: string[]
	hint?: ReactNode
	isOptional?: boolean
	className?: string
	control: Control
}) {
	const { key, ...controlProps } = control.props as typeof control.props & { key?: string }
	const messages = fieldErrors(errors)
	const errorId = `${id}-error`
	const hintId = `${id}-hint`
	const describedBy = [messages.length ? errorId : null, hint ? hintId : null].filter(Boolean).join(' ') || undefined
	const shared = {
		id,
		'aria-invalid': messages.length ? true : undefined,
		'aria-describedby': describedBy,
	}
	return (
		<div className={className}>
			<label htmlFor={id} className="block text-sm font-medium text-slate-700 dark:text-slate-200">
				{label}
				{isOptional ? <span className="ml-1 font-normal text-slate-500 dark:text-slate-400">(optional)</span> : null}
			</label>
			<div className="mt-1">
				{control.kind === 'input' ? (
					<input {...(controlProps as InputHTMLAttributes<HTMLInputElement>)} {...shared} key={key} className={cn(inputClassName, controlProps.className)} />
				) : control.kind === 'select' ? (
					<select
						{...(controlProps as SelectHTMLAttributes<HTMLSelectElement>)}
						{...shared}
						key={key}
						className={cn(inputClassName, 'pr-8', controlProps.className)}
					>
						{control.options.map((option) => (
							<option key={option.value} value={option.value}>
								{option.label}
							</option>
						))}
					</select>
				) : (
					<textarea
						{...(controlProps as TextareaHTMLAttributes<HTMLTextAreaElement>)}
						{...shared}
						key={key}
						className={cn(inputClassName, controlProps.className)}
					/>
				)}
			</div>
			{hint ? (
				<p id={hintId} className="mt-1 text-xs text-slate-500 dark:text-slate-400">
					{hint}
				</p>
			) : null}
			{messages.length ? (
				<ul id={errorId} className="mt-1 text-sm text-red-600 dark:text-red-400">
					{messages.map((message) => (
						<li key={message}>{message}</li>
					))}
				</ul>
			) : null}
		</div>
	)
}
