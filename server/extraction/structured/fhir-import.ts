import type {
	AllergyIntolerance,
	Appointment,
	DocumentReference,
	Bundle,
	CodeableConcept,
	Condition,
	Immunization,
	Medication,
	MedicationRequest,
	MedicationStatement,
	Observation,
	ObservationComponent,
	Patient,
	Quantity,
	Resource,
} from '@medplum/fhirtypes'
import { IMPORT_NOTES } from '../intake/messages.ts'
import { contentKey } from './content-key.ts'
import { isPastCap } from './file-caps.ts'
import { isNoneCode, isNoneText, noneStatement } from './none-entries.ts'
import { LOINC_SYSTEM } from '#server/lab-vocabulary/loinc.ts'
import {
	emptyRecord,
	interpretationOf,
	type StructuredAppointment,
	type StructuredDocumentReference,
	type StructuredObservation,
	type EntryKind,
	type NotImportedReason,
	type StructuredRecord,
} from '../shared/structured-types.ts'

/**
 * A FHIR R4 Bundle (or a single resource) read into a StructuredRecord:
 * Observations (laboratory and vital signs, components such as blood
 * pressure listed separately), MedicationRequest and MedicationStatement
 * (medicationReference resolved in the bundle or among contained
 * resources), Immunization, Condition and AllergyIntolerance. Whatever
 * carries no number is kept as text, never dropped.
 */

const RXNORM_SYSTEM = 'http://www.nlm.nih.gov/research/umls/rxnorm'
const CVX_SYSTEM = 'http://hl7.org/fhir/sid/cvx'

export class FhirReadError extends Error {
	constructor(message: string) {
		super(message)
		this.name = 'FhirReadError'
	}
}

export const FHIR_MESSAGES = {
	notFhir: 'The JSON file is not a FHIR R4 resource (it has no resourceType).',
}

type BundleEntry = { resource?: unknown; fullUrl?: unknown }

/**
 * What the file holds as a list of bundle entries: a Bundle's entries; a
 * JSON object without resourceType whose entries are FHIR resources (test
 * servers' seed transactions written as { type, entry }), with a note; a
 * JSON list of resources, with a note; else a single resource. Null when
 * nothing in it is FHIR.
 */
function entriesOf(parsed: unknown): { entries: BundleEntry[]; bundle: Bundle | null; note: string | null } | null {
	if (Array.isArray(parsed)) {
		if (!parsed.some(isResource)) return null
		return { entries: parsed.map((resource) => ({ resource })), bundle: null, note: IMPORT_NOTES.resourceList }
	}
	if (isResource(parsed)) {
		if (parsed.resourceType === 'Bundle') return { entries: ((parsed as Bundle).entry ?? []) as BundleEntry[], bundle: parsed as Bundle, note: null }
		return { entries: [{ resource: parsed }], bundle: null, note: null }
	}
	const entry = typeof parsed === 'object' && parsed !== null ? (parsed as { entry?: unknown }).entry : undefined
	if (!Array.isArray(entry) || !entry.some((item) => isResource((item as BundleEntry | null)?.resource))) return null
	return { entries: entry as BundleEntry[], bundle: parsed as Bundle, note: IMPORT_NOTES.bundleWithoutResourceType }
}

/** 'Observation/123' from an absolute address 'https://server/fhir/Observation/123' (or with '/_history/2'). */
function relativeReference(fullUrl: string): string | null {
	const match = /(?:^|\/)([A-Z][A-Za-z]+\/[A-Za-z0-9\-.]{1,64})(?:\/_history\/[^/]+)?$/.exec(fullUrl)
	return match ? match[1] : null
}

function isResource(value: unknown): value is Resource {
	return typeof value === 'object' && value !== null && typeof (value as { resourceType?: unknown }).resourceType === 'string'
}

function conceptName(concept: CodeableConcept | undefined): string {
	return (concept?.text ?? concept?.coding?.find((coding) => coding.display)?.display ?? concept?.coding?.[0]?.code ?? '').trim()
}

function codeIn(concept: CodeableConcept | undefined, system: string): string | null {
	return concept?.coding?.find((coding) => coding.system === system && coding.code)?.code?.trim() ?? null
}

/** A code or text that says the list is empty ('No known allergy', the IPS 'no-known-problems', a null-flavour code with 'No immunizations'). */
function isNoneConcept(concept: CodeableConcept | undefined): boolean {
	if (!concept) return false
	if (concept.coding?.some((coding) => isNoneCode(coding.code))) return true
	return isNoneText(conceptName(concept))
}

function firstCode(concept: CodeableConcept | undefined): string | null {
	return concept?.coding?.find((coding) => coding.code)?.code ?? null
}

/** A US drug application number some files put before a medication's name ('NDA020800 0.3 ML Epinephrine ...'): a code, not part of the name. */
export function withoutApplicationNumber(name: string): string {
	return name.replace(/^(?:NDA|ANDA|BLA)\d{5,7}\s+(?=\S)/, '')
}

function dateOnly(value: string | undefined | null): string | null {
	const match = value ? /^(\d{4}-\d{2}-\d{2})/.exec(value) : null
	return match ? match[1] : null
}

/** The standard categories that are neither a laboratory result nor a vital sign. */
const OTHER_CATEGORIES = new Set(['social-history', 'imaging', 'survey', 'exam', 'therapy', 'activity', 'procedure'])

/**
 * Vital sign or result by the category's codes or words, the standard's or a
 * vendor's own ('LAB' in a local system, 'Laboratory' as text); 'other' only
 * when a category says what else it is (survey, social history...).
 */
function categoryOf(observation: Observation): 'result' | 'vital' | 'other' {
	const words = (observation.category ?? [])
		.flatMap((category) => [...(category.coding?.map((coding) => coding.code) ?? []), category.text])
		.filter((word): word is string => Boolean(word))
		.map((word) => word.trim().toLowerCase())
	if (words.some((word) => word === 'vital-signs' || /^vital[\s-]?signs?$|^vitals?$/.test(word))) return 'vital'
	if (words.some((word) => /^(?:laboratory|lab|labs)$/.test(word))) return 'result'
	return words.some((word) => OTHER_CATEGORIES.has(word)) ? 'other' : 'result'
}

function effectiveOf(observation: Observation): string | null {
	return observation.effectiveDateTime ?? observation.effectivePeriod?.start ?? observation.effectiveInstant ?? observation.issued ?? null
}

function quantityUnit(quantity: Quantity): string | null {
	return quantity.unit ?? quantity.code ?? null
}

function observationOf(
	observation: Observation,
	part: { code: CodeableConcept; valueQuantity?: Quantity; referenceRange?: Observation['referenceRange']; interpretation?: CodeableConcept[] },
	category: 'result' | 'vital',
	key: string,
): StructuredObservation | null {
	const quantity = part.valueQuantity
	// '<5' is not the number 5: a value with a comparator is kept as text
	if (!quantity || typeof quantity.value !== 'number' || !Number.isFinite(quantity.value) || quantity.comparator) return null
	const range = part.referenceRange?.[0]
	return {
		category,
		key,
		loinc: codeIn(part.code, LOINC_SYSTEM),
		localCode: codeIn(part.code, LOINC_SYSTEM) ? null : firstCode(part.code),
		name: conceptName(part.code),
		value: quantity.value,
		valueText: String(quantity.value),
		unit: quantityUnit(quantity),
		referenceRangeMin: typeof range?.low?.value === 'number' ? range.low.value : null,
		referenceRangeMax: typeof range?.high?.value === 'number' ? range.high.value : null,
		referenceRangeText: range?.text ?? null,
		interpretation: interpretationOf(part.interpretation?.[0]?.coding?.[0]?.code),
		effective: effectiveOf(observation),
	}
}

function notReadReason(observation: Observation | ObservationComponent): NotImportedReason {
	if (observation.valueQuantity?.comparator) return 'comparator'
	if (observation.valueString || observation.valueCodeableConcept || observation.valueBoolean !== undefined || observation.valueRatio || observation.valueRange)
		return 'not_a_number'
	return 'no_value'
}

function observationText(observation: Observation | ObservationComponent): string {
	if (observation.valueString) return observation.valueString
	if (observation.valueCodeableConcept) return conceptName(observation.valueCodeableConcept)
	if (observation.dataAbsentReason) return conceptName(observation.dataAbsentReason)
	if (observation.valueQuantity)
		return [observation.valueQuantity.comparator, observation.valueQuantity.value, observation.valueQuantity.unit]
			.filter((part) => part !== undefined)
			.join(' ')
	return ''
}

function readObservation(record: StructuredRecord, observation: Observation, idBase: string) {
	const category = categoryOf(observation)
	const section = category === 'vital' ? 'Vital signs' : category === 'result' ? 'Results' : 'Other observations'
	const kind = category === 'vital' ? 'vitals' : category === 'result' ? 'results' : 'other'
	if (category === 'other') {
		record.textEntries.push({ section, name: conceptName(observation.code), text: observationText(observation), kind, reason: 'other_category' })
		return
	}
	if (observation.component?.length) {
		observation.component.forEach((component, index) => {
			const read = observationOf(observation, component, category, `${idBase}#${index}`)
			if (read) record.observations.push(read)
			else record.textEntries.push({ section, name: conceptName(component.code), text: observationText(component), kind, reason: notReadReason(component) })
		})
		if (!observation.valueQuantity) return
	}
	const read = observationOf(observation, observation, category, idBase)
	if (read) record.observations.push(read)
	else if (!observation.component?.length && !observation.hasMember?.length)
		record.textEntries.push({ section, name: conceptName(observation.code), text: observationText(observation), kind, reason: notReadReason(observation) })
}

/**
 * A resource's identity across files: its business identifier (system and
 * value), else an absolute fullUrl (a server's address or a urn:uuid), else
 * its id when it is long enough to be unique on its own (a UUID; a short id
 * such as '123' is only unique on one server), else a hash of its content.
 */
function resourceKey(resource: Resource, fullUrl: string | undefined): string {
	const identifier = (resource as { identifier?: { system?: string; value?: string }[] }).identifier?.find((item) => item.system && item.value)
	if (identifier) return `${resource.resourceType}|${identifier.system}|${identifier.value}`
	if (fullUrl && /^(https?:\/\/|urn:uuid:)/i.test(fullUrl)) return fullUrl
	if (resource.id && resource.id.length >= 16) return `${resource.resourceType}/${resource.id}`
	return contentKey(resource.resourceType, resource)
}

const KIND_BY_LOINC: Record<string, StructuredDocumentReference['kind']> = {
	'11502-2': 'lab_report',
	'26436-6': 'lab_report',
	'18748-4': 'imaging',
	'11506-3': 'clinical_notes',
	'34133-9': 'clinical_notes',
	'18842-5': 'clinical_notes',
	'11369-6': 'immunization',
}
const KINDS = new Set<string>(['lab_report', 'imaging', 'clinical_notes', 'immunization', 'other'])

/** A DocumentReference as a record's details: kind from its LOINC type (or our own export's type text), title, date, provider. */
function documentReferenceOf(reference: DocumentReference, key: string): StructuredDocumentReference {
	const loinc = codeIn(reference.type, LOINC_SYSTEM)
	const typeText = reference.type?.text?.trim() ?? ''
	const kind = (loinc && KIND_BY_LOINC[loinc]) || (KINDS.has(typeText) ? (typeText as StructuredDocumentReference['kind']) : 'other')
	const attachment = reference.content?.[0]?.attachment
	return {
		key,
		title: (reference.description ?? attachment?.title ?? conceptName(reference.type)).trim() || 'Imported record',
		kind,
		// the clinical date; DocumentReference.date is when the reference was made
		date: dateOnly(reference.context?.period?.start),
		provider: reference.author?.find((author) => author.display)?.display ?? reference.custodian?.display ?? null,
		fileName: attachment?.title ?? null,
		contentType: attachment?.contentType ?? null,
		sizeBytes: typeof attachment?.size === 'number' ? attachment.size : null,
	}
}

const APPOINTMENT_STATUS: Partial<Record<NonNullable<Appointment['status']>, StructuredAppointment['status']>> = {
	booked: 'confirmed',
	arrived: 'confirmed',
	fulfilled: 'confirmed',
	'checked-in': 'confirmed',
	proposed: 'pending',
	pending: 'pending',
	waitlist: 'pending',
	cancelled: 'cancelled',
	noshow: 'cancelled',
}

/** An Appointment with a start time: who (the first named participant that is not the patient), where (a Location, else the second), how long. */
function appointmentOf(appointment: Appointment, key: string): StructuredAppointment | null {
	const status = appointment.status ? APPOINTMENT_STATUS[appointment.status] : undefined
	const start = appointment.start ? Date.parse(appointment.start) : Number.NaN
	if (!status || !Number.isFinite(start)) return null
	const end = appointment.end ? Date.parse(appointment.end) : Number.NaN
	const minutes = appointment.minutesDuration ?? (Number.isFinite(end) ? Math.round((end - start) / 60_000) : 30)
	let provider: string | null = null
	let location: string | null = null
	for (const participant of appointment.participant ?? []) {
		const { reference, display } = participant.actor ?? {}
		if (!display || reference?.startsWith('Patient/')) continue
		if (reference?.startsWith('Location/') || (provider !== null && location === null)) location ??= display
		else provider ??= display
	}
	return {
		key,
		title: appointment.description?.trim() || conceptName(appointment.appointmentType) || conceptName(appointment.serviceType?.[0]) || 'Appointment',
		provider: provider ?? 'Unknown provider',
		specialty: conceptName(appointment.specialty?.[0]) || conceptName(appointment.serviceType?.[0]) || 'General',
		location,
		status,
		startsAt: new Date(start).toISOString(),
		durationMinutes: minutes > 0 ? minutes : 30,
		notes: appointment.comment ?? null,
		cancelReason: conceptName(appointment.cancelationReason) || null,
	}
}

/** The dose as the dosage's text, and the frequency when its timing names one (this app's export writes both so). */
function doseAndFrequency(dosage: MedicationRequest['dosageInstruction']): { dose: string | null; frequency: string | null } {
	const frequency = dosage?.[0]?.timing?.code?.text?.trim() || null
	const text =
		dosage
			?.map((item) => item.text)
			.filter(Boolean)
			.join('; ') || null
	if (!text || !frequency || dosage!.length > 1 || !text.endsWith(frequency)) return { dose: text, frequency }
	return { dose: text.slice(0, -frequency.length).trim() || null, frequency }
}

function patientIdentity(patient: Patient): { name: string | null; birthDate: string | null } {
	const name = patient.name?.[0]
	return { name: name ? (name.text ?? [...(name.given ?? []), name.family].filter(Boolean).join(' ')) : null, birthDate: patient.birthDate ?? null }
}

/**
 * Whose file it is: its first Patient (any other Patient with the same name
 * and birth date is the same person). Several different patients, or, with
 * no Patient resource, Observations about several subjects, make a file
 * whose patient is 'several' (a mismatch: 'Is this you?' asks). An
 * Observation whose subject is a Patient other than the file's is not read
 * as the file's patient's value.
 */
function fileSubject(resources: { resource: Resource; fullUrl?: string }[]) {
	const patients = resources.filter((item) => item.resource.resourceType === 'Patient')
	const identityKey = (identity: { name: string | null; birthDate: string | null }) =>
		`${identity.name?.trim().toLowerCase() ?? ''}|${identity.birthDate ?? ''}`
	const first = patients[0] ? patientIdentity(patients[0].resource as Patient) : { name: null, birthDate: null }
	const own = new Set<string>()
	const names = new Map<string, string | null>()
	for (const { resource, fullUrl } of patients) {
		const identity = patientIdentity(resource as Patient)
		names.set(identityKey(identity), identity.name)
		if (identityKey(identity) !== identityKey(first)) continue
		if (resource.id) own.add(`Patient/${resource.id}`)
		if (fullUrl) {
			own.add(fullUrl)
			const relative = relativeReference(fullUrl)
			if (relative) own.add(relative)
		}
	}
	const observed = new Set(
		resources.flatMap(({ resource }) => {
			const reference = resource.resourceType === 'Observation' ? (resource as Observation).subject?.reference : undefined
			return reference && /^(Patient\/|urn:uuid:)/.test(reference) ? [reference] : []
		}),
	)
	const several = names.size > 1 || (patients.length === 0 && observed.size > 1)
	const shownNames = [...names.values()].filter((name): name is string => !!name)
	return {
		several,
		patient: several && shownNames.length > 1 ? { name: shownNames.slice(0, 3).join(' and '), birthDate: first.birthDate } : first,
		/** a reference to the file's own patient, or none (a subject the file does not identify counts as its patient) */
		isOwn: (reference: string | undefined) => !reference || own.size === 0 || own.has(reference) || !/^(Patient\/|urn:uuid:)/.test(reference),
	}
}

/** The kind of entry a resource type gives, for the per-file caps. */
const CAPPED_KIND_OF_RESOURCE: Record<string, EntryKind | undefined> = {
	Observation: 'results',
	MedicationRequest: 'medications',
	MedicationStatement: 'medications',
	Immunization: 'immunizations',
	Condition: 'problems',
	AllergyIntolerance: 'allergies',
	DocumentReference: 'documents',
	Appointment: 'appointments',
}

export function readFhirJson(parsed: unknown): StructuredRecord {
	const read = entriesOf(parsed)
	if (!read) throw new FhirReadError(FHIR_MESSAGES.notFhir)
	const record = emptyRecord('fhir')
	if (read.note) record.notes.push(read.note)
	const resources: { resource: Resource; fullUrl?: string }[] = []
	for (const entry of read.entries) {
		const fullUrl = typeof entry?.fullUrl === 'string' ? entry.fullUrl : undefined
		if (isResource(entry?.resource)) resources.push({ resource: entry.resource, fullUrl })
		// an entry with only its address (a transaction response, a deleted resource in a history)
		else if (fullUrl) record.skipped.push({ kind: 'other', reason: 'no_resource', name: fullUrl.slice(0, 200) })
	}
	record.date = dateOnly(read.bundle?.timestamp)

	const byReference = new Map<string, Resource>()
	for (const { resource, fullUrl } of resources) {
		if (fullUrl) byReference.set(fullUrl, resource)
		// an absolute address also answers its relative reference ('Medication/123')
		const relative = fullUrl ? relativeReference(fullUrl) : null
		if (relative && !byReference.has(relative)) byReference.set(relative, resource)
		if (resource.id) byReference.set(`${resource.resourceType}/${resource.id}`, resource)
	}
	const subject = fileSubject(resources)
	if (subject.several) record.patient = { ...subject.patient, several: true }
	else record.patient = subject.patient
	const medicationName = (request: MedicationRequest | MedicationStatement): { name: string; rxnorm: string | null } => {
		let concept = request.medicationCodeableConcept
		const reference = request.medicationReference?.reference
		if (!concept && reference) {
			const found = reference.startsWith('#') ? request.contained?.find((contained) => contained.id === reference.slice(1)) : byReference.get(reference)
			if (found?.resourceType === 'Medication') concept = (found as Medication).code
		}
		const name = conceptName(concept) || request.medicationReference?.display || ''
		return { name: withoutApplicationNumber(name), rxnorm: codeIn(concept, RXNORM_SYSTEM) }
	}

	let newestClinicalDate: string | null = null
	const seeDate = (value: string | null | undefined) => {
		const day = dateOnly(value)
		if (day && (!newestClinicalDate || day > newestClinicalDate)) newestClinicalDate = day
	}

	for (const { resource, fullUrl } of resources) {
		// past its kind's cap (file-caps.ts): counted for 'What was not imported', not read
		const cappedKind = CAPPED_KIND_OF_RESOURCE[resource.resourceType]
		if (cappedKind && isPastCap(record, cappedKind === 'results' && categoryOf(resource as Observation) === 'vital' ? 'vitals' : cappedKind)) continue
		const key = resourceKey(resource, fullUrl)
		// Observations contained in another resource (a DiagnosticReport's results written inside it)
		if (resource.resourceType !== 'Observation') {
			for (const item of (resource as { contained?: Resource[] }).contained ?? []) {
				if (item.resourceType !== 'Observation' || (item as Observation).status === 'entered-in-error') continue
				readObservation(record, item as Observation, `${key}#${item.id}`)
				seeDate(effectiveOf(item as Observation))
			}
		}
		switch (resource.resourceType) {
			case 'Observation': {
				const observation = resource as Observation
				// about another patient than the file's: not this patient's value
				if (!subject.isOwn(observation.subject?.reference)) {
					record.skipped.push({
						kind: categoryOf(observation) === 'vital' ? 'vitals' : 'results',
						reason: 'other_subject',
						name: conceptName(observation.code),
					})
					break
				}
				if (observation.status === 'entered-in-error') {
					record.skipped.push({
						kind: categoryOf(observation) === 'vital' ? 'vitals' : 'results',
						reason: 'entered_in_error',
						name: conceptName(observation.code),
					})
					break
				}
				const contained = (observation.contained ?? []).filter((item): item is Observation => item.resourceType === 'Observation')
				readObservation(record, observation, key)
				for (const item of contained) readObservation(record, item, `${key}#${item.id}`)
				seeDate(effectiveOf(observation))
				break
			}
			case 'MedicationRequest':
			case 'MedicationStatement': {
				const request = resource as MedicationRequest | MedicationStatement
				const { name, rxnorm } = medicationName(request)
				if (request.status === 'entered-in-error') {
					record.skipped.push({ kind: 'medications', reason: 'entered_in_error', name })
					break
				}
				// 'not taken', 'no known medications': a statement, not a medication
				const medicationCode = request.medicationCodeableConcept?.coding?.find((coding) => isNoneCode(coding.code))
				if (request.status === 'not-taken' || medicationCode || isNoneText(name)) {
					record.statements.push(noneStatement('medications', name, request.status === 'not-taken'))
					break
				}
				const { dose, frequency } = doseAndFrequency(
					resource.resourceType === 'MedicationRequest' ? (request as MedicationRequest).dosageInstruction : (request as MedicationStatement).dosage,
				)
				const start =
					resource.resourceType === 'MedicationRequest'
						? (request as MedicationRequest).authoredOn
						: ((request as MedicationStatement).effectiveDateTime ?? (request as MedicationStatement).effectivePeriod?.start)
				const isActive = request.status === 'active' || request.status === 'intended' || request.status === 'on-hold' || request.status === 'draft'
				record.medications.push({
					key,
					name: name || 'Unnamed medication',
					rxnorm,
					dose,
					frequency,
					status: isActive ? 'active' : 'discontinued',
					startDate: dateOnly(start),
					text: request.note?.find((note) => note.text)?.text ?? [name, dose, frequency].filter(Boolean).join(' — '),
				})
				seeDate(start)
				break
			}
			case 'Immunization': {
				const immunization = resource as Immunization
				const vaccine = conceptName(immunization.vaccineCode)
				if (immunization.status === 'entered-in-error') {
					record.skipped.push({ kind: 'immunizations', reason: 'entered_in_error', name: vaccine })
					break
				}
				if (immunization.status === 'not-done' || isNoneConcept(immunization.vaccineCode)) {
					record.statements.push(noneStatement('immunizations', vaccine, immunization.status === 'not-done'))
					break
				}
				record.immunizations.push({
					key: key,
					name: conceptName(immunization.vaccineCode),
					cvx: codeIn(immunization.vaccineCode, CVX_SYSTEM),
					date: immunization.occurrenceDateTime ?? null,
					status: immunization.status ?? null,
				})
				seeDate(immunization.occurrenceDateTime)
				break
			}
			case 'Condition': {
				const condition = resource as Condition
				const verification = firstCode(condition.verificationStatus)
				if (verification === 'refuted' || verification === 'entered-in-error') {
					record.skipped.push({ kind: 'problems', reason: verification === 'refuted' ? 'refuted' : 'entered_in_error', name: conceptName(condition.code) })
					break
				}
				if (isNoneConcept(condition.code)) {
					record.statements.push(noneStatement('problems', conceptName(condition.code), false))
					break
				}
				record.problems.push({
					key: key,
					name: conceptName(condition.code),
					code: firstCode(condition.code),
					onset: condition.onsetDateTime ?? condition.recordedDate ?? null,
					status: firstCode(condition.clinicalStatus),
				})
				seeDate(condition.onsetDateTime ?? condition.recordedDate)
				break
			}
			case 'AllergyIntolerance': {
				const allergy = resource as AllergyIntolerance
				const verification = firstCode(allergy.verificationStatus)
				if (verification === 'refuted' || verification === 'entered-in-error') {
					record.skipped.push({ kind: 'allergies', reason: verification === 'refuted' ? 'refuted' : 'entered_in_error', name: conceptName(allergy.code) })
					break
				}
				if (isNoneConcept(allergy.code)) {
					record.statements.push(noneStatement('allergies', conceptName(allergy.code), false))
					break
				}
				record.allergies.push({
					key: key,
					name: conceptName(allergy.code),
					code: firstCode(allergy.code),
					reaction: allergy.reaction?.flatMap((reaction) => reaction.manifestation?.map(conceptName) ?? []).join(', ') || null,
					status: firstCode(allergy.clinicalStatus),
				})
				break
			}
			case 'DocumentReference': {
				const reference = resource as DocumentReference
				if (reference.status === 'entered-in-error') {
					record.skipped.push({ kind: 'documents', reason: 'entered_in_error', name: reference.description ?? conceptName(reference.type) })
					break
				}
				record.documentReferences.push(documentReferenceOf(reference, key))
				break
			}
			case 'Appointment': {
				const appointment = appointmentOf(resource as Appointment, key)
				if (appointment) record.appointments.push(appointment)
				else
					record.textEntries.push({
						section: 'Appointments',
						name: (resource as Appointment).description ?? 'Appointment',
						text: (resource as Appointment).status ?? '',
						kind: 'appointments',
						reason: 'no_time',
					})
				break
			}
			default:
				break
		}
	}
	record.date ??= newestClinicalDate
	return record
}
