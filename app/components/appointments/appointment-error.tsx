import { Link } from '@remix-run/react'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { Card } from '#app/components/ui/card.tsx'
import { APPOINTMENT_NOT_FOUND, LOAD_FAILED_MESSAGE } from '#server/appointments/shared/labels.ts'

function AppointmentProblem({ isNotFound }: { isNotFound: boolean }) {
	return (
		<Card className="mx-auto max-w-3xl text-center">
			<h1 className="text-xl font-semibold">{isNotFound ? APPOINTMENT_NOT_FOUND.title : 'Error'}</h1>
			<p className="mt-2 text-slate-600 dark:text-slate-300">{isNotFound ? APPOINTMENT_NOT_FOUND.message : LOAD_FAILED_MESSAGE}</p>
			<Link to="/appointments" className="mt-6 inline-flex rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white hover:bg-brand-700">
				{APPOINTMENT_NOT_FOUND.back}
			</Link>
		</Card>
	)
}

/**
 * The ErrorBoundary of a screen about one appointment: an unknown id and
 * another patient's id both give the not-found message.
 */
export function AppointmentErrorBoundary() {
	return <GeneralErrorBoundary statusHandlers={{ 404: () => <AppointmentProblem isNotFound /> }} fallback={() => <AppointmentProblem isNotFound={false} />} />
}
