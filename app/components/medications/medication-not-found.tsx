import { Link } from '@remix-run/react'
import { MEDICATION_MESSAGES } from '#server/medications/shared/medication.ts'

export function MedicationNotFound() {
	return (
		<div className="mx-auto max-w-xl space-y-4 py-12 text-center">
			<h1 className="text-2xl font-bold">{MEDICATION_MESSAGES.notFoundTitle}</h1>
			<p className="text-slate-600 dark:text-slate-300">{MEDICATION_MESSAGES.notFoundText}</p>
			<Link to="/medications" className="inline-block rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700">
				Back to Medications
			</Link>
		</div>
	)
}
