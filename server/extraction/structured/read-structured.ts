import type { DocumentKind, ExtractionResult, StructuredSummary } from '../types.ts'
import { readCcda } from './ccda-import.ts'
import { FhirReadError, readFhirJson } from './fhir-import.ts'
import { parseSafeJson, UnsafeJsonError } from './safe-json.ts'
import { parseSafeXml, UnsafeXmlError } from './safe-xml.ts'
import { observationsToParameters } from './to-parameters.ts'
import { medicationContentKey } from './content-key.ts'
import { capRecord } from './file-caps.ts'
import type { StructuredRecord, TextEntry } from '../shared/structured-types.ts'

/**
 * A C-CDA document or a FHIR R4 file, as the extraction result every other
 * upload gives: kind from the document type code, date, provider, title,
 * health parameters each at its own date, medications; immunizations,
 * problems, allergies, the narrative and the counts go in `structured`
 * (the record's details). A file that is unsafe or cannot be read is
 * refused with its reason.
 */

export class StructuredReadError extends Error {
	constructor(
		readonly reason: 'unsafe_file' | 'unreadable_record',
		message: string,
	) {
		super(message)
		this.name = 'StructuredReadError'
	}
}

const KIND_BY_TYPE_CODE: Record<string, DocumentKind> = {
	'11502-2': 'lab_report',
	'26436-6': 'lab_report',
	'11369-6': 'immunization',
	'18748-4': 'imaging',
}

const TITLE_BY_TYPE_CODE: Record<string, string> = {
	'34133-9': 'Continuity of Care Document',
	'18842-5': 'Discharge Summary',
	'11502-2': 'Laboratory Report',
	'11506-3': 'Progress Note',
	'34117-2': 'History and Physical',
	'11488-4': 'Consultation Note',
	'57133-1': 'Referral Note',
	'28570-0': 'Procedure Note',
	'11504-8': 'Surgical Operation Note',
	'34111-5': 'Emergency Department Note',
}

export function readStructuredRecord(bytes: Buffer, format: 'ccda' | 'fhir'): StructuredRecord {
	const text = bytes.toString('utf8').replace(/^\uFEFF/, '')
	try {
		if (format === 'ccda') return readCcda(parseSafeXml(text))
		return readFhirJson(parseSafeJson(text))
	} catch (error) {
		if (error instanceof UnsafeXmlError) throw new StructuredReadError(error.refusal === 'malformed' ? 'unreadable_record' : 'unsafe_file', error.message)
		if (error instanceof UnsafeJsonError) throw new StructuredReadError(error.refusal === 'malformed' ? 'unreadable_record' : 'unsafe_file', error.message)
		if (error instanceof FhirReadError) throw new StructuredReadError('unreadable_record', error.message)
		throw error
	}
}

function kindOf(record: StructuredRecord, resultCount: number): DocumentKind {
	if (record.typeCode && KIND_BY_TYPE_CODE[record.typeCode]) return KIND_BY_TYPE_CODE[record.typeCode]
	if (record.format === 'fhir' && resultCount > 0 && record.medications.length + record.problems.length === 0) return 'lab_report'
	return 'clinical_notes'
}

function plural(count: number, word: string): string {
	return `${count} ${word}${count === 1 ? '' : 's'}`
}

export function structuredToResult(read: StructuredRecord, started: number): Omit<ExtractionResult, 'timings'> & { timingsMs: number } {
	// at most FILE_CAPS entries of each kind go further; the rest are counted for 'What was not imported'
	const { record, overCap } = capRecord(read)
	const { parameters, unmapped, unmappedObservations } = observationsToParameters(record.observations, record.date)
	// a number without a LOINC code or a known name: kept as text, listed with that reason
	const unmappedEntries: TextEntry[] = unmappedObservations.map((observation) => ({
		section: observation.category === 'vital' ? 'Vital signs' : 'Results',
		name: observation.name,
		text: `${observation.valueText}${observation.unit ? ` ${observation.unit}` : ''}`,
		kind: observation.category === 'vital' ? 'vitals' : 'results',
		reason: 'unknown_code',
	}))
	const results = record.observations.filter((observation) => observation.category === 'result').length
	const kind = kindOf(record, results)
	const title =
		record.title || (record.typeCode && TITLE_BY_TYPE_CODE[record.typeCode]) || (record.format === 'fhir' ? 'FHIR health record' : 'Clinical document')
	const keptAsText = record.textEntries.length + unmapped.length
	const imported =
		parameters.length +
		record.medications.length +
		record.immunizations.length +
		record.problems.length +
		record.allergies.length +
		record.documentReferences.length +
		record.appointments.length
	const structured: StructuredSummary = {
		format: record.format,
		typeCode: record.typeCode,
		patient: record.patient,
		counts: {
			imported,
			keptAsText,
			results,
			vitalSigns: record.observations.length - results,
			medications: record.medications.length,
			immunizations: record.immunizations.length,
			problems: record.problems.length,
			allergies: record.allergies.length,
			documents: record.documentReferences.length,
			appointments: record.appointments.length,
		},
		immunizations: record.immunizations,
		problems: record.problems,
		allergies: record.allergies,
		textEntries: [...record.textEntries, ...unmappedEntries].slice(0, 500),
		skipped: record.skipped.slice(0, 500),
		statements: record.statements.slice(0, 100),
		...(overCap.length ? { overCap } : {}),
		sections: record.sections,
		notes: record.notes,
		narrative: record.narrative,
	}
	const summary = [
		`Imported from ${record.format === 'fhir' ? 'a FHIR R4 file' : 'a C-CDA document'}:`,
		[
			plural(parameters.length, 'health parameter'),
			plural(record.medications.length, 'medication'),
			plural(record.immunizations.length, 'immunization'),
			plural(record.problems.length, 'problem'),
			plural(record.allergies.length, 'allergy').replace('allergys', 'allergies'),
			...(record.documentReferences.length ? [`${plural(record.documentReferences.length, 'other record')} (details only)`] : []),
			...(record.appointments.length ? [plural(record.appointments.length, 'appointment')] : []),
		].join(', ') + '.',
		keptAsText > 0 ? `${plural(keptAsText, 'entry').replace('entrys', 'entries')} kept as text (not structured).` : '',
		...record.notes,
	]
		.filter(Boolean)
		.join(' ')
	const text = [
		title,
		...parameters.map((parameter) => `${parameter.name} ${parameter.valueText}${parameter.unit ? ` ${parameter.unit}` : ''}`),
		...record.medications.map((medication) => medication.text),
		...record.immunizations.map((immunization) => immunization.name),
		...record.problems.map((problem) => problem.name),
		...record.allergies.map((allergy) => allergy.name),
	].join('\n')
	return {
		accepted: true,
		kind,
		date: record.date,
		dateChoices: [],
		provider: record.provider,
		title,
		summary,
		tags: [record.format === 'fhir' ? 'FHIR' : 'C-CDA', ...(results > 0 ? ['Lab results'] : []), ...(record.medications.length > 0 ? ['Medications'] : [])],
		text,
		pages: null,
		parameters,
		unmapped,
		medications: record.medications.map((medication) => ({
			name: medication.name,
			dose: medication.dose,
			frequency: medication.frequency,
			status: medication.status,
			text: medication.text,
			startDate: medication.startDate,
			entryKeys: [medication.key, medicationContentKey(medication)],
		})),
		ocrLanguages: [],
		structured,
		...(record.documentReferences.length ? { importedDocuments: record.documentReferences } : {}),
		...(record.appointments.length ? { importedAppointments: record.appointments } : {}),
		timingsMs: performance.now() - started,
	}
}
