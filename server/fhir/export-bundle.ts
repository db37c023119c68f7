import type {
	Appointment,
	Bundle,
	BundleEntry,
	CodeableConcept,
	DocumentReference,
	MedicationStatement,
	Observation,
	Patient,
	Resource,
} from '@medplum/fhirtypes'
import { LOINC_SYSTEM, loincCodingOf } from '#server/lab-vocabulary/loinc.ts'
import type { MeasuredValue } from '#server/extraction/shared/measured-value.ts'
import type { ExtractedMedication } from '#server/extraction/types.ts'

/**
 * A user's records as a FHIR R4 Bundle (type `collection`): Patient,
 * DocumentReference, Observation (LOINC where known), Appointment and
 * MedicationStatement. Every resource keeps our id, its entry's fullUrl is
 * `urn:uuid:<id>` and references use those URNs, so an import can map the
 * bundle back onto the same records (the round trip of this export). Pure:
 * the caller reads the rows.
 */

export type ExportPatient = {
	id: string
	name: string
	email: string
	phone: string | null
	dateOfBirth: string | null
	sex: 'female' | 'male' | null
}

export type ExportDocument = {
	id: string
	title: string
	description: string | null
	documentType: string
	documentDate: string | null
	provider: string | null
	fileName: string
	mimeType: string
	sizeBytes: number
	sha256: string
	uploadedAt: Date
	/** The file's path inside the export archive; null when the file is gone (an unreadable upload is not kept). */
	archivePath: string | null
}

export type ExportParameter = MeasuredValue & {
	id: string
	documentId: string | null
	code: string
	/** the LOINC code stored with the value (imported results outside the vocabulary have one) */
	loinc?: string | null
	status: 'normal' | 'low' | 'high' | 'critical' | null
	testDate: string
}

export type ExportAppointment = {
	id: string
	title: string
	provider: string
	specialty: string
	location: string | null
	status: 'confirmed' | 'pending' | 'cancelled'
	startsAt: Date
	durationMinutes: number
	notes: string | null
	cancelReason: string | null
}

/** A stored medication: what extraction read (or the patient entered), with its record's id, document and time. */
export type ExportMedication = Omit<ExtractedMedication, 'entryKeys'> & {
	id: string
	documentId: string | null
	createdAt: Date
}

export type ExportRecords = {
	patient: ExportPatient
	documents: ExportDocument[]
	parameters: ExportParameter[]
	appointments: ExportAppointment[]
	medications: ExportMedication[]
}

const urn = (id: string) => `urn:uuid:${id}`

const DOCUMENT_TYPE_LOINC: Record<string, { code: string; display: string }> = {
	lab_report: { code: '11502-2', display: 'Laboratory report' },
	imaging: { code: '18748-4', display: 'Diagnostic imaging study' },
	clinical_notes: { code: '11506-3', display: 'Progress note' },
	immunization: { code: '11369-6', display: 'History of Immunization Narrative' },
}

const INTERPRETATION: Record<'normal' | 'low' | 'high' | 'critical', { code: string; display: string }> = {
	normal: { code: 'N', display: 'Normal' },
	low: { code: 'L', display: 'Low' },
	high: { code: 'H', display: 'High' },
	critical: { code: 'AA', display: 'Critical abnormal' },
}

function patientResource(patient: ExportPatient): Patient {
	return {
		resourceType: 'Patient',
		id: patient.id,
		name: [{ text: patient.name }],
		telecom: [{ system: 'email', value: patient.email }, ...(patient.phone ? [{ system: 'phone' as const, value: patient.phone }] : [])],
		...(patient.sex ? { gender: patient.sex } : {}),
		...(patient.dateOfBirth ? { birthDate: patient.dateOfBirth } : {}),
	}
}

function documentResource(document: ExportDocument, patientRef: string): DocumentReference {
	const loinc = DOCUMENT_TYPE_LOINC[document.documentType]
	const type: CodeableConcept = loinc
		? { coding: [{ system: LOINC_SYSTEM, code: loinc.code, display: loinc.display }], text: document.documentType }
		: { text: document.documentType }
	return {
		resourceType: 'DocumentReference',
		id: document.id,
		status: 'current',
		type,
		subject: { reference: patientRef },
		date: document.uploadedAt.toISOString(),
		description: document.title,
		...(document.provider ? { author: [{ display: document.provider }] } : {}),
		...(document.documentDate ? { context: { period: { start: document.documentDate } } } : {}),
		content: [
			{
				attachment: {
					contentType: document.mimeType,
					title: document.fileName,
					...(document.archivePath ? { url: document.archivePath } : {}),
					size: document.sizeBytes,
					hash: Buffer.from(document.sha256, 'hex').toString('base64'),
				},
			},
		],
	}
}

function observationResource(parameter: ExportParameter, patientRef: string): Observation {
	const loinc = loincCodingOf(parameter)
	const range =
		parameter.referenceRangeMin !== null || parameter.referenceRangeMax !== null
			? [
					{
						...(parameter.referenceRangeMin !== null
							? { low: { value: parameter.referenceRangeMin, ...(parameter.unit ? { unit: parameter.unit } : {}) } }
							: {}),
						...(parameter.referenceRangeMax !== null
							? { high: { value: parameter.referenceRangeMax, ...(parameter.unit ? { unit: parameter.unit } : {}) } }
							: {}),
					},
				]
			: undefined
	return {
		resourceType: 'Observation',
		id: parameter.id,
		status: 'final',
		code: {
			...(loinc ? { coding: [{ system: LOINC_SYSTEM, code: loinc.code, display: loinc.display }] } : {}),
			text: parameter.name,
		},
		subject: { reference: patientRef },
		effectiveDateTime: parameter.testDate,
		valueQuantity: { value: parameter.value, ...(parameter.unit ? { unit: parameter.unit } : {}) },
		...(parameter.status
			? {
					interpretation: [
						{
							coding: [
								{
									system: 'http://terminology.hl7.org/CodeSystem/v3-ObservationInterpretation',
									...INTERPRETATION[parameter.status],
								},
							],
						},
					],
				}
			: {}),
		...(range ? { referenceRange: range } : {}),
		...(parameter.documentId ? { derivedFrom: [{ reference: urn(parameter.documentId) }] } : {}),
	}
}

const APPOINTMENT_STATUS = { confirmed: 'booked', pending: 'proposed', cancelled: 'cancelled' } as const

function appointmentResource(appointment: ExportAppointment, patientRef: string, now: Date): Appointment {
	const end = new Date(appointment.startsAt.getTime() + appointment.durationMinutes * 60_000)
	const status = appointment.status !== 'cancelled' && end <= now ? 'fulfilled' : APPOINTMENT_STATUS[appointment.status]
	return {
		resourceType: 'Appointment',
		id: appointment.id,
		status,
		description: appointment.title,
		serviceType: [{ text: appointment.specialty }],
		start: appointment.startsAt.toISOString(),
		end: end.toISOString(),
		minutesDuration: appointment.durationMinutes,
		...(appointment.notes ? { comment: appointment.notes } : {}),
		...(appointment.cancelReason ? { cancelationReason: { text: appointment.cancelReason } } : {}),
		participant: [
			{ actor: { reference: patientRef }, status: 'accepted' },
			{ actor: { display: appointment.provider }, status: 'accepted' },
			...(appointment.location ? [{ actor: { display: appointment.location }, status: 'accepted' as const }] : []),
		],
	}
}

/** Dose and frequency as the dosage's text, the frequency also as its timing (so an import can tell them apart); the line as read in a note. */
function medicationResource(medication: ExportMedication, patientRef: string): MedicationStatement {
	const dosage = [medication.dose, medication.frequency].filter(Boolean).join(' ')
	return {
		resourceType: 'MedicationStatement',
		id: medication.id,
		status: medication.status === 'active' ? 'active' : 'stopped',
		medicationCodeableConcept: { text: medication.name },
		subject: { reference: patientRef },
		dateAsserted: medication.createdAt.toISOString(),
		...(medication.startDate ? { effectivePeriod: { start: medication.startDate } } : {}),
		...(dosage ? { dosage: [{ text: dosage, ...(medication.frequency ? { timing: { code: { text: medication.frequency } } } : {}) }] } : {}),
		...(medication.text && medication.text !== medication.name ? { note: [{ text: medication.text }] } : {}),
		...(medication.documentId ? { derivedFrom: [{ reference: urn(medication.documentId) }] } : {}),
	}
}

export function buildExportBundle(records: ExportRecords, options: { now: Date; bundleId: string }): Bundle {
	const patientRef = urn(records.patient.id)
	const resources: Resource[] = [
		patientResource(records.patient),
		...records.documents.map((document) => documentResource(document, patientRef)),
		...records.parameters.map((parameter) => observationResource(parameter, patientRef)),
		...records.appointments.map((appointment) => appointmentResource(appointment, patientRef, options.now)),
		...records.medications.map((medication) => medicationResource(medication, patientRef)),
	]
	const entry: BundleEntry[] = resources.map((resource) => ({ fullUrl: urn(resource.id!), resource }))
	return {
		resourceType: 'Bundle',
		id: options.bundleId,
		type: 'collection',
		timestamp: options.now.toISOString(),
		entry,
	}
}
