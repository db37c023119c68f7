import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import type { ReactNode } from 'react'
import { Form, Link, useLoaderData, useNavigation } from '@remix-run/react'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { MedicationNotFound } from '#app/components/medications/medication-not-found.tsx'
import { Badge } from '#app/components/ui/badge.tsx'
import { Button, buttonClassName } from '#app/components/ui/button.tsx'
import { Card } from '#app/components/ui/card.tsx'
import { requirePatient } from '#server/auth/index.ts'
import { formatCalendarDate } from '#server/documents/shared/format.ts'
import { notFound } from '#server/errors/index.ts'
import { getMedication, stopMedication } from '#server/medications/index.ts'
import { MEDICATION_MESSAGES, medicationDoseText, medicationStatusLabel } from '#server/medications/shared/medication.ts'
import { redirectWithToast } from '#server/notices/index.ts'
import { localDateOf, resolvePatientTimeZone } from '#server/time/shared/zoned-time.ts'

export async function loader({ request, params }: LoaderFunctionArgs) {
	const patient = await requirePatient(request)
	const medication = await getMedication(patient, params.medicationId ?? '')
	if (!medication) notFound(MEDICATION_MESSAGES.notFoundTitle)
	return { medication }
}

/** Stop: the medication ends today (the patient's zone). */
export async function action({ request, params }: ActionFunctionArgs) {
	const patient = await requirePatient(request)
	const today = localDateOf(new Date(), resolvePatientTimeZone(patient.user.timeZone))
	const id = params.medicationId ?? ''
	if (!(await stopMedication(patient, id, today))) notFound(MEDICATION_MESSAGES.notFoundTitle)
	return redirectWithToast(request, `/medications/${id}`, { title: MEDICATION_MESSAGES.stopped, tone: 'success' })
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [{ title: data ? `${data.medication.name} · Carebook` : 'Medication · Carebook' }]

function Detail({ label, children }: { label: string; children: ReactNode }) {
	return (
		<div>
			<dt className="text-sm text-slate-500">{label}</dt>
			<dd className="mt-0.5 font-medium">{children}</dd>
		</div>
	)
}

export default function MedicationRoute() {
	const { medication } = useLoaderData<typeof loader>()
	const isStopping = useNavigation().state === 'submitting'
	const isActive = medication.status === 'active'
	return (
		<div className="mx-auto max-w-2xl space-y-6">
			<Link to="/medications" className="text-sm font-semibold text-slate-600 hover:text-slate-900 dark:text-slate-300">
				← Back to Medications
			</Link>
			<Card className="space-y-6">
				<div className="flex flex-wrap items-start justify-between gap-4">
					<h1 className="text-2xl font-bold tracking-tight">{medication.name}</h1>
					<Badge tone={isActive ? 'success' : 'neutral'}>{medicationStatusLabel(medication.status)}</Badge>
				</div>
				{medication.isCounted ? null : (
					<p className="rounded-md bg-amber-50 px-3 py-2 text-sm text-amber-900 dark:bg-amber-950 dark:text-amber-200" data-testid="medication-not-counted">
						{MEDICATION_MESSAGES.notCounted}
					</p>
				)}
				<dl className="grid gap-4 sm:grid-cols-2">
					<Detail label="Dose">{medicationDoseText(medication.dose) ?? 'Not recorded'}</Detail>
					<Detail label="Frequency">{medication.frequency ?? 'Not recorded'}</Detail>
					<Detail label="Start date">{medication.startDate ? formatCalendarDate(medication.startDate) : 'Not recorded'}</Detail>
					<Detail label="Status">
						{medicationStatusLabel(medication.status)}
						{medication.stoppedOn ? ` on ${formatCalendarDate(medication.stoppedOn)}` : ''}
					</Detail>
					<Detail label="From document">
						{medication.documentId ? (
							<Link to={`/records/${medication.documentId}`} className="text-brand-600 hover:underline">
								{medication.documentTitle ?? 'Document'}
							</Link>
						) : (
							'Added by you'
						)}
					</Detail>
				</dl>
				{medication.documentId && medication.text !== medication.name ? (
					<p className="rounded-md bg-slate-50 p-3 text-sm text-slate-600 dark:bg-slate-800 dark:text-slate-300">As written: {medication.text}</p>
				) : null}
				<div className="flex flex-wrap justify-end gap-3">
					<Link to={`/medications/${medication.id}/edit`} className={buttonClassName('secondary')}>
						Edit
					</Link>
					{isActive ? (
						<Form method="post">
							<Button type="submit" variant="destructive" isPending={isStopping}>
								Stop Medication
							</Button>
						</Form>
					) : null}
				</div>
			</Card>
		</div>
	)
}

export function ErrorBoundary() {
	return <GeneralErrorBoundary statusHandlers={{ 404: () => <MedicationNotFound /> }} />
}
