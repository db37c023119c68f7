import type { EntryKind, OverCapCount, StructuredRecord } from '../shared/structured-types.ts'

/**
 * The most entries of each kind one C-CDA or FHIR file imports (issue 41):
 * a file of 75,000 results (19 MB, under the upload limit) would otherwise
 * hold the worker for minutes and its memory near 1.5 GB. The entries past a
 * cap are counted, and the record's 'What was not imported' lists the count.
 * Real files stay far below: the largest shared Synthea bundle holds 195
 * observations, a decade of one patient's labs a few thousand.
 */
export const FILE_CAPS = {
	/** numeric results and vital signs together (a value with components counts each) */
	values: 5_000,
	medications: 1_000,
	immunizations: 1_000,
	problems: 1_000,
	allergies: 1_000,
	/** other records made from the file's DocumentReferences */
	documents: 500,
	appointments: 500,
} as const

function over<T>(list: T[], cap: number): { kept: T[]; dropped: T[] } {
	return list.length > cap ? { kept: list.slice(0, cap), dropped: list.slice(cap) } : { kept: list, dropped: [] }
}

/** The cap of each kind of entry, for a reader that stops reading a kind once its list is full. */
export const CAP_OF_KIND: Partial<Record<EntryKind, number>> = {
	results: FILE_CAPS.values,
	vitals: FILE_CAPS.values,
	medications: FILE_CAPS.medications,
	immunizations: FILE_CAPS.immunizations,
	problems: FILE_CAPS.problems,
	allergies: FILE_CAPS.allergies,
	documents: FILE_CAPS.documents,
	appointments: FILE_CAPS.appointments,
}

/**
 * Whether a reader may skip an entry of `kind` unread (its list already holds
 * the cap), counting it for 'What was not imported': a file of 75,000 results
 * then costs the reading of 5,000.
 */
export function isPastCap(record: StructuredRecord, kind: EntryKind): boolean {
	const held =
		kind === 'results' || kind === 'vitals'
			? record.observations.length
			: kind === 'documents'
				? record.documentReferences.length
				: kind === 'medications' || kind === 'immunizations' || kind === 'problems' || kind === 'allergies' || kind === 'appointments'
					? record[kind].length
					: 0
	const cap = CAP_OF_KIND[kind]
	if (cap === undefined || held < cap) return false
	record.unreadPastCap ??= {}
	record.unreadPastCap[kind] = (record.unreadPastCap[kind] ?? 0) + 1
	return true
}

/** The record within FILE_CAPS, and how many entries of each kind were left out. */
export function capRecord(record: StructuredRecord): { record: StructuredRecord; overCap: OverCapCount[] } {
	const overCap: OverCapCount[] = []
	const count = (kind: EntryKind, dropped: number, cap: number) => {
		const total = dropped + (record.unreadPastCap?.[kind] ?? 0)
		if (total > 0) overCap.push({ kind, count: total, cap })
	}
	const observations = over(record.observations, FILE_CAPS.values)
	const droppedVitals = observations.dropped.filter((observation) => observation.category === 'vital').length
	count('results', observations.dropped.length - droppedVitals, FILE_CAPS.values)
	count('vitals', droppedVitals, FILE_CAPS.values)
	const lists = {
		medications: over(record.medications, FILE_CAPS.medications),
		immunizations: over(record.immunizations, FILE_CAPS.immunizations),
		problems: over(record.problems, FILE_CAPS.problems),
		allergies: over(record.allergies, FILE_CAPS.allergies),
		documentReferences: over(record.documentReferences, FILE_CAPS.documents),
		appointments: over(record.appointments, FILE_CAPS.appointments),
	}
	count('medications', lists.medications.dropped.length, FILE_CAPS.medications)
	count('immunizations', lists.immunizations.dropped.length, FILE_CAPS.immunizations)
	count('problems', lists.problems.dropped.length, FILE_CAPS.problems)
	count('allergies', lists.allergies.dropped.length, FILE_CAPS.allergies)
	count('documents', lists.documentReferences.dropped.length, FILE_CAPS.documents)
	count('appointments', lists.appointments.dropped.length, FILE_CAPS.appointments)
	return {
		record: {
			...record,
			observations: observations.kept,
			medications: lists.medications.kept,
			immunizations: lists.immunizations.kept,
			problems: lists.problems.kept,
			allergies: lists.allergies.kept,
			documentReferences: lists.documentReferences.kept,
			appointments: lists.appointments.kept,
		},
		overCap,
	}
}
