import { Link } from '@remix-run/react'
import { DOCUMENT_MESSAGES } from '#server/documents/shared/messages.ts'

/** The detail page of a document that does not exist or is not the patient's (spec 2.7). */
export function DocumentNotFound() {
	return (
		<div className="mx-auto flex max-w-xl flex-col items-center py-16 text-center">
			<p className="text-base font-semibold text-brand-600">404</p>
			<h1 className="mt-4 text-2xl font-bold tracking-tight text-slate-900 dark:text-slate-100">{DOCUMENT_MESSAGES.notFoundTitle}</h1>
			<p className="mt-3 text-slate-600 dark:text-slate-300">{DOCUMENT_MESSAGES.notFoundText}</p>
			<Link
				to="/records"
				className="mt-8 rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
			>
				Go Back to Records
			</Link>
		</div>
	)
}
