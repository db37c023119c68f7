/** What a C-CDA document or a FHIR R4 file holds, read the same way from both (C-CDA follows HL7's C-CDA on FHIR mapping). */
import type { MeasuredValue } from './measured-value.ts'

export type Interpretation = 'H' | 'L' | 'N'

/** A numeric result or vital sign, values and units as in the file (never converted). */
export type StructuredObservation = MeasuredValue & {
	category: 'result' | 'vital'
	/** the entry's id (C-CDA id root+extension, FHIR resource id + component), or a hash of its content */
	key: string
	loinc: string | null
	/** the code found when it is not LOINC */
	localCode: string | null
	referenceRangeText: string | null
	interpretation: Interpretation | null
	/** ISO 8601 at the file's precision ('2008-03-19T08:30-08:00', '1999-11'), or null */
	effective: string | null
}

/** The kinds of entry a record's page reports on, each with what was imported and what was not. */
export type EntryKind = 'results' | 'vitals' | 'medications' | 'immunizations' | 'problems' | 'allergies' | 'documents' | 'appointments' | 'other'

/** Why an entry was kept as text or skipped (texts: IMPORT_REPORT_TEXTS in server/extraction/messages.ts). */
export type NotImportedReason =
	| 'not_a_number'
	| 'comparator'
	| 'no_value'
	| 'unknown_code'
	| 'no_name'
	| 'unknown_section'
	| 'not_structured'
	| 'other_category'
	| 'no_time'
	| 'entered_in_error'
	| 'refuted'
	| 'placeholder'
	| 'no_resource'
	| 'other_subject'

/**
 * Entries of one kind a file held past the most this app takes from one file
 * (reason 'file_cap', structured/file-caps.ts), or records its references
 * would have made past the owner's upload limit ('upload_limit'): counted,
 * not listed.
 */
export type OverCapCount = { kind: EntryKind; count: number; cap: number; reason?: 'file_cap' | 'upload_limit' }

/** An entry that could not be read as structured data, kept as its text and counted. Kind and reason: files read before they were recorded have none. */
export type TextEntry = { section: string; name: string; text: string; kind?: EntryKind; reason?: NotImportedReason }

/** An entry neither imported nor kept as text (entered in error, refuted, a placeholder), listed with its reason. */
export type SkippedEntry = { kind: EntryKind; reason: NotImportedReason; name: string }

/** A 'none' entry ('No known allergies', a negated or null-flavoured entry, a vaccine not given): shown as the statement it is, never counted as an entry. */
export type NoneStatement = { kind: EntryKind; text: string }

/** A C-CDA section of a known kind, how it was recognised and how many entries it held. */
export type SectionRead = { kind: EntryKind; title: string; entries: number; foundBy: 'template' | 'code' | 'title'; nullFlavor: string | null }

export type StructuredMedication = {
	key: string
	name: string
	rxnorm: string | null
	dose: string | null
	frequency: string | null
	status: 'active' | 'discontinued'
	startDate: string | null
	text: string
}

export type StructuredImmunization = { key: string; name: string; cvx: string | null; date: string | null; status: string | null }
export type StructuredProblem = { key: string; name: string; code: string | null; onset: string | null; status: string | null }
export type StructuredAllergy = { key: string; name: string; code: string | null; reaction: string | null; status: string | null }

/** A FHIR DocumentReference: another record's details (the file itself is not in the bundle). */
export type StructuredDocumentReference = {
	key: string
	title: string
	kind: 'lab_report' | 'imaging' | 'clinical_notes' | 'immunization' | 'other'
	/** YYYY-MM-DD */
	date: string | null
	provider: string | null
	/** the file's name, type and size as the reference gives them */
	fileName: string | null
	contentType: string | null
	sizeBytes: number | null
}

/** A FHIR Appointment. */
export type StructuredAppointment = {
	key: string
	title: string
	provider: string
	specialty: string
	location: string | null
	status: 'confirmed' | 'pending' | 'cancelled'
	/** ISO 8601 instant */
	startsAt: string
	durationMinutes: number
	notes: string | null
	cancelReason: string | null
}

/** A narrative section as a safe tree: only these element names survive, attributes never do. */
export type NarrativeNode = string | { tag: NarrativeTag; children: NarrativeNode[] }
export type NarrativeTag = 'p' | 'table' | 'thead' | 'tbody' | 'tr' | 'th' | 'td' | 'ul' | 'ol' | 'li' | 'strong' | 'em' | 'br' | 'caption' | 'span'
export type NarrativeSection = { title: string; content: NarrativeNode[] }

export type StructuredRecord = {
	format: 'ccda' | 'fhir'
	/** LOINC document type code (34133-9 CCD...), FHIR: none */
	typeCode: string | null
	/** the document's own title */
	title: string | null
	/** YYYY-MM-DD */
	date: string | null
	provider: string | null
	/** `several`: the file names more than one patient (then a mismatch) */
	patient: { name: string | null; birthDate: string | null; several?: boolean }
	observations: StructuredObservation[]
	medications: StructuredMedication[]
	immunizations: StructuredImmunization[]
	problems: StructuredProblem[]
	allergies: StructuredAllergy[]
	/** FHIR only: other records' details and appointments (the round trip of the account's export) */
	documentReferences: StructuredDocumentReference[]
	appointments: StructuredAppointment[]
	/** entries kept as text: nullFlavor, text-only values, units outside UCUM, unknown templates */
	textEntries: TextEntry[]
	/** entries not kept at all, with their reason */
	skipped: SkippedEntry[]
	/** 'none' entries as the statements they are */
	statements: NoneStatement[]
	/** C-CDA: the sections of known kinds */
	sections: SectionRead[]
	/** how the file was read when it is not as the standard writes it (a bundle without resourceType) */
	notes: string[]
	narrative: NarrativeSection[]
	/** entries a reader did not read because their kind's list was full (structured/file-caps.ts), by kind */
	unreadPastCap?: Partial<Record<EntryKind, number>>
}

export function emptyRecord(format: StructuredRecord['format']): StructuredRecord {
	return {
		format,
		typeCode: null,
		title: null,
		date: null,
		provider: null,
		patient: { name: null, birthDate: null },
		observations: [],
		medications: [],
		immunizations: [],
		problems: [],
		allergies: [],
		documentReferences: [],
		appointments: [],
		textEntries: [],
		skipped: [],
		statements: [],
		sections: [],
		notes: [],
		narrative: [],
	}
}

/** Interpretation codes: H, HH, HU, HX -> H; L, LL, LU, LX -> L; N -> N; anything else none. */
export function interpretationOf(code: string | null | undefined): Interpretation | null {
	if (!code) return null
	const upper = code.trim().toUpperCase()
	if (['H', 'HH', 'HU', 'HX', '>'].includes(upper)) return 'H'
	if (['L', 'LL', 'LU', 'LX', '<'].includes(upper)) return 'L'
	if (upper === 'N') return 'N'
	return null
}

/** A number as written ('1.90', '00'); null when it is not one. */
export function numberOf(text: string | number | null | undefined): number | null {
	if (typeof text === 'number') return Number.isFinite(text) ? text : null
	if (typeof text !== 'string' || !/^\s*[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?\s*$/.test(text)) return null
	const value = Number(text)
	return Number.isFinite(value) ? value : null
}

/** What a C-CDA or FHIR import stores in the record's details (server/extraction/structured). */
export type StructuredSummary = {
	format: 'ccda' | 'fhir'
	typeCode: string | null
	/** `several`: the file names more than one patient (then a mismatch) */
	patient: { name: string | null; birthDate: string | null; several?: boolean }
	counts: {
		/** entries stored as structured data (parameters, medications, immunizations, problems, allergies) */
		imported: number
		/** entries kept as text: no number, a nullFlavor, no code, an unknown template */
		keptAsText: number
		results: number
		vitalSigns: number
		medications: number
		immunizations: number
		problems: number
		allergies: number
		/** records made from the file's DocumentReferences, and its appointments (FHIR) */
		documents?: number
		appointments?: number
	}
	immunizations: StructuredImmunization[]
	problems: StructuredProblem[]
	allergies: StructuredAllergy[]
	textEntries: TextEntry[]
	/** absent on records imported before they were recorded */
	skipped?: SkippedEntry[]
	statements?: NoneStatement[]
	/** entries past a per-file cap or the upload limit (absent on records imported before caps) */
	overCap?: OverCapCount[]
	sections?: SectionRead[]
	notes?: string[]
	narrative: NarrativeSection[]
}

/** What a record made from a FHIR DocumentReference keeps in its details: the file itself was not in the import. */
export type ImportedReferenceDetails = {
	fromDocumentId: string
	key: string
	fileName: string | null
	contentType: string | null
	sizeBytes: number | null
}

export function importedReferenceOf(details: unknown): ImportedReferenceDetails | null {
	const reference = (details as { importedReference?: unknown } | null)?.importedReference
	return reference && typeof reference === 'object' ? (reference as ImportedReferenceDetails) : null
}

/** The note such a record shows. */
export const IMPORTED_REFERENCE_NOTE =
	'Imported from a FHIR file that listed this record without its file: only its details (title, kind, date, provider) were imported. The download holds those details.'

/** The summary a record's details hold, when it came from a C-CDA or FHIR file. */
export function structuredSummaryOf(details: unknown): StructuredSummary | null {
	const structured = (details as { structured?: unknown } | null)?.structured
	return structured && typeof structured === 'object' ? (structured as StructuredSummary) : null
}
