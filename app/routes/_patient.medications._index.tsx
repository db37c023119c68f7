import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { Badge } from '#app/components/ui/badge.tsx'
import { Card } from '#app/components/ui/card.tsx'
import { requirePatient } from '#server/auth/index.ts'
import { formatCalendarDate } from '#server/documents/shared/format.ts'
import { listMedications } from '#server/medications/index.ts'
import { MEDICATION_MESSAGES, medicationDoseText, medicationStatusLabel } from '#server/medications/shared/medication.ts'

export async function loader({ request }: LoaderFunctionArgs) {
	const patient = await requirePatient(request)
	return { medications: await listMedications(patient) }
}

export const meta: MetaFunction = () => [{ title: 'Medications · Carebook' }]

/** The patient's medications: added by hand or read from clinical notes; active first. */
export default function MedicationsRoute() {
	const { medications } = useLoaderData<typeof loader>()
	return (
		<div className="mx-auto max-w-4xl space-y-6">
			<div className="flex flex-wrap items-end justify-between gap-4">
				<div>
					<h1 className="text-2xl font-bold tracking-tight">Medications</h1>
					<p className="mt-1 text-slate-600 dark:text-slate-300">What you take, from your documents and what you add yourself.</p>
				</div>
				<Link to="/medications/new" className="rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-brand-700">
					Add Medication
				</Link>
			</div>
			<Card className="p-0">
				{medications.length ? (
					<ul className="divide-y divide-slate-200 dark:divide-slate-800">
						{medications.map((medication) => (
							<li key={medication.id} data-testid="medication">
								<Link
									to={`/medications/${medication.id}`}
									className="flex flex-wrap items-center justify-between gap-3 p-4 hover:bg-slate-50 dark:hover:bg-slate-800/50"
								>
									<div className="min-w-0">
										<p className="font-medium">{medication.name}</p>
										<p className="text-sm text-slate-600 dark:text-slate-300">
											{[medicationDoseText(medication.dose), medication.frequency].filter(Boolean).join(' · ') || 'No dose recorded'}
											{medication.startDate ? ` · since ${formatCalendarDate(medication.startDate)}` : ''}
										</p>
										{medication.documentTitle ? <p className="text-xs text-slate-500">From {medication.documentTitle}</p> : null}
									</div>
									<Badge tone={medication.status === 'active' ? 'success' : 'neutral'}>{medicationStatusLabel(medication.status)}</Badge>
								</Link>
							</li>
						))}
					</ul>
				) : (
					<p className="px-6 py-12 text-center text-sm text-slate-500">{MEDICATION_MESSAGES.empty}</p>
				)}
			</Card>
		</div>
	)
}
