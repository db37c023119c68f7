/**
 * 'Is this you?' cannot be bypassed (issue 41, finding 6): a FHIR bundle that
 * names several patients is a mismatch whatever order they come in (the
 * account holder's name last no longer wins); results about another subject
 * are never imported as the patient's; a file's appointments and other
 * records wait for the answer as its values do, and 'Someone else' never
 * makes them.
 */
import { randomUUID } from 'node:crypto'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { appointments, documents, healthParameters } from '#db/schema/tenant.ts'
import { registerPatient, type Patient } from '#server/auth/index.ts'
import { answerDocumentSubject } from '#server/documents/index.ts'
import { importReportOf } from '#server/extraction/index.ts'
import { structuredSummaryOf } from '#server/extraction/shared/structured-types.ts'
import { withTenant } from '#server/tenancy/index.ts'
import { bundle, observation, patientResource } from '#tests/support/hostile-imports.ts'
import { uploadAndProcess } from './document-upload.ts'
import { useTestDatabase } from './test-database.ts'

process.env.DATA_DIR = path.resolve(`tests/.tmp/data-subject-bypass-${randomUUID()}`)
useTestDatabase()

const HOLDER = { given: 'Avery', family: 'Holder' }

async function newPatient(): Promise<Patient> {
	const { user, organization } = await registerPatient({ name: 'Avery Holder', email: `subject-${randomUUID()}@example.test`, password: 'Correct-horse-9' })
	return { userId: user.id, organizationId: organization.id }
}

function documentOf(patient: Patient, documentId: string) {
	return withTenant(patient.organizationId, async (tx) => (await tx.select().from(documents).where(eq(documents.id, documentId)))[0]!)
}

function ownedRows(patient: Patient) {
	return withTenant(patient.organizationId, async (tx) => ({
		appointments: await tx.select({ id: appointments.id }).from(appointments).where(eq(appointments.ownerId, patient.userId)),
		records: await tx.select({ id: documents.id }).from(documents).where(eq(documents.ownerId, patient.userId)),
		values: await tx.select({ id: healthParameters.id }).from(healthParameters).where(eq(healthParameters.ownerId, patient.userId)),
	}))
}

const appointment = {
	resourceType: 'Appointment',
	id: `appointment-${randomUUID()}`,
	status: 'booked',
	description: 'Cardiology follow-up',
	start: new Date(Date.now() + 14 * 86_400_000).toISOString(),
	minutesDuration: 30,
}
const reference = {
	resourceType: 'DocumentReference',
	id: `reference-${randomUUID()}`,
	status: 'current',
	description: 'Discharge letter',
	date: '2024-03-01T10:00:00Z',
	content: [{ attachment: { title: 'letter.pdf', contentType: 'application/pdf' } }],
}

describe("a FHIR file naming someone else's results", () => {
	it("asks 'Is this you?' when the file names several patients, the account holder's name last", async () => {
		const patient = await newPatient()
		const file = bundle([
			patientResource({ given: 'Other', family: 'Person' }, 'other', '1950-01-01'),
			observation(1, 'other'),
			patientResource(HOLDER, 'p1', '1980-04-12'),
			observation(2, 'p1'),
		])
		const documentId = await uploadAndProcess(patient, file, 'two-patients.json')
		expect((await documentOf(patient, documentId)).subjectMatch).toBe('mismatch')
	})

	it("does not import results about another subject as the patient's, and lists them as not imported", async () => {
		const patient = await newPatient()
		const file = bundle([patientResource(HOLDER, 'p1', '1980-04-12'), observation(1, 'p1'), observation(2, 'other'), observation(3, 'other')])
		const documentId = await uploadAndProcess(patient, file, 'other-subject.json')
		const document = await documentOf(patient, documentId)
		expect(document.subjectMatch).toBe('matched')
		expect((await ownedRows(patient)).values).toHaveLength(1)
		const report = importReportOf(structuredSummaryOf(document.details)!)
		expect(report.groups.find((group) => group.kind === 'results')!.lines.map((line) => line.text)).toContain(
			"2 entries not imported: about another patient than the file's",
		)
	})

	it("holds a mismatched file's appointments and records until 'This is me', and 'Someone else' never makes them", async () => {
		const patient = await newPatient()
		const file = bundle([patientResource({ given: 'Jordan', family: 'Stranger' }, 'p9', '1971-02-02'), observation(1, 'p9'), appointment, reference])
		const documentId = await uploadAndProcess(patient, file, 'stranger.json')
		expect((await documentOf(patient, documentId)).subjectMatch).toBe('mismatch')
		expect(await ownedRows(patient)).toMatchObject({ appointments: [], records: [{ id: documentId }] })

		expect(await answerDocumentSubject(patient, documentId, 'someone_else')).toMatchObject({ ok: true })
		expect(await ownedRows(patient)).toMatchObject({ appointments: [], records: [{ id: documentId }] })

		expect(await answerDocumentSubject(patient, documentId, 'confirmed_self')).toMatchObject({ ok: true })
		const after = await ownedRows(patient)
		expect(after.appointments).toHaveLength(1)
		expect(after.records).toHaveLength(2)
		// answering again makes nothing twice
		expect(await answerDocumentSubject(patient, documentId, 'confirmed_self')).toMatchObject({ ok: true })
		expect((await ownedRows(patient)).appointments).toHaveLength(1)
	})
})
