import { Link } from '@remix-run/react'
import { Badge } from '#app/components/ui/badge.tsx'
import { medicationDoseText, medicationStatusLabel } from '#server/medications/shared/medication.ts'

export type DocumentMedication = {
	id: string
	name: string
	dose: string | null
	frequency: string | null
	status: string
	text: string
}

/** Medications named in a document, with dose, frequency and whether they are active. */
export function MedicationsList({ medications }: { medications: DocumentMedication[] }) {
	return (
		<ul className="divide-y divide-slate-200 dark:divide-slate-700" data-testid="medications">
			{medications.map((medication) => (
				<li key={medication.id} className="flex flex-wrap items-center justify-between gap-2 py-3">
					<div>
						<Link to={`/medications/${medication.id}`} className="font-medium text-slate-900 hover:underline dark:text-slate-100">
							{medication.name}
						</Link>
						<p className="text-sm text-slate-600 dark:text-slate-300">
							{[medicationDoseText(medication.dose), medication.frequency].filter(Boolean).join(' · ') || medication.text}
						</p>
					</div>
					<Badge tone={medication.status === 'active' ? 'success' : 'neutral'}>{medicationStatusLabel(medication.status)}</Badge>
				</li>
			))}
		</ul>
	)
}
