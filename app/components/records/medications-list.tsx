import { Badge } from '#app/components/ui/badge.tsx'

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
						<p className="font-medium text-slate-900 dark:text-slate-100">{medication.name}</p>
						<p className="text-sm text-slate-600 dark:text-slate-300">
							{[medication.dose, medication.frequency].filter(Boolean).join(' · ') || medication.text}
						</p>
					</div>
					<Badge tone={medication.status === 'active' ? 'success' : 'neutral'}>
						{medication.status === 'active' ? 'Active' : 'Discontinued'}
					</Badge>
				</li>
			))}
		</ul>
	)
}
