/**
 * Structured files that are valid but huge (issue 41, finding 2): a FHIR
 * bundle of tens of thousands of coded lab results (about 19 MB for 75,000,
 * under the upload limit), a bundle of thousands of appointments or other
 * records, and one whose results name several patients. Made at run time.
 */

type Resource = Record<string, unknown>

function bundleOf(resources: Resource[]): Buffer {
	return Buffer.from(
		JSON.stringify({
			resourceType: 'Bundle',
			type: 'collection',
			entry: resources.map((resource) => ({ resource })),
		}),
	)
}

const PATIENT_ID = 'p1'

export function patientResource(name: { given: string; family: string }, id = PATIENT_ID, birthDate = '1980-04-12'): Resource {
	return { resourceType: 'Patient', id, name: [{ given: [name.given], family: name.family }], birthDate }
}

/** One glucose result per entry, each on its own day and with its own id (about 250 bytes in a bundle). */
export function observation(index: number, subject = PATIENT_ID): Resource {
	const day = new Date(Date.UTC(2000, 0, 1) + (index % 9000) * 86_400_000).toISOString().slice(0, 10)
	return {
		resourceType: 'Observation',
		id: `o${index}`,
		status: 'final',
		code: { coding: [{ system: 'http://loinc.org', code: '2345-7' }] },
		subject: { reference: `Patient/${subject}` },
		effectiveDateTime: day,
		valueQuantity: { value: 80 + (index % 60), unit: 'mg/dL' },
	}
}

/** A bundle of `count` lab results of one patient (75,000: about 19 MB). */
export function manyObservationsBundle(count: number, patient = { given: 'Hostile', family: 'Import' }): Buffer {
	return bundleOf([patientResource(patient), ...Array.from({ length: count }, (_, index) => observation(index))])
}

/** A bundle of `count` booked appointments from `firstStart` on, one a day. */
export function manyAppointmentsBundle(
	count: number,
	firstStart = new Date(Date.now() + 7 * 86_400_000),
	patient = { given: 'Hostile', family: 'Import' },
): Buffer {
	return bundleOf([
		patientResource(patient),
		...Array.from({ length: count }, (_, index) => ({
			resourceType: 'Appointment',
			id: `appt-${index}`,
			status: 'booked',
			description: `Follow-up visit ${index}`,
			start: new Date(firstStart.getTime() + index * 86_400_000).toISOString(),
			minutesDuration: 30,
			participant: [{ actor: { reference: `Patient/${PATIENT_ID}`, display: `${patient.given} ${patient.family}` }, status: 'accepted' }],
		})),
	])
}

export function bundle(resources: Resource[]): Buffer {
	return bundleOf(resources)
}
