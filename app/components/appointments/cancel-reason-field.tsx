/** The optional cancellation reason. */
export function CancelReasonField({ id, label, defaultValue }: { id: string; label: string; defaultValue?: string }) {
	return (
		<div>
			<label htmlFor={id} className="block text-sm font-medium text-slate-700 dark:text-slate-200">
				{label}
			</label>
			<textarea
				id={id}
				name="reason"
				rows={2}
				maxLength={500}
				defaultValue={defaultValue}
				className="mt-1 block w-full rounded-md border-0 px-3 py-2 text-slate-900 shadow-sm ring-1 ring-inset ring-slate-300 focus:ring-2 focus:ring-inset focus:ring-brand-600 sm:text-sm dark:bg-slate-800 dark:text-slate-100 dark:ring-slate-600"
			/>
		</div>
	)
}
