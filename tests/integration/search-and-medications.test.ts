import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { appointments, documents } from '#db/schema/tenant.ts'
import { registerPatient } from '#server/auth/index.ts'
import { createMedication, getMedication, listMedications, MedicationFormSchema, stopMedication, updateMedication } from '#server/medications/index.ts'
import { searchRecords } from '#server/search/index.ts'
import { withTenant } from '#server/tenancy/index.ts'
import { useTestDatabase } from './test-database.ts'

useTestDatabase()

type TestPatient = { userId: string; organizationId: string }

async function newPatient(label = 'patient'): Promise<TestPatient> {
	const { user, organization } = await registerPatient({
		name: 'Searching Patient',
		email: `${label}-${randomUUID()}@example.test`,
		password: 'Correct-horse-9',
	})
	return { userId: user.id, organizationId: organization.id }
}

async function addDocument(owner: TestPatient, values: { title: string; provider?: string; tags?: string[]; extractedText?: string; organizationId?: string }) {
	const [row] = await withTenant(values.organizationId ?? owner.organizationId, (tx) =>
		tx
			.insert(documents)
			.values({
				ownerId: owner.userId,
				fileName: 'report.pdf',
				fileKind: 'pdf',
				mimeType: 'application/pdf',
				sizeBytes: 1000,
				sha256: randomUUID(),
				storageKey: randomUUID(),
				categoryGuess: 'other',
				title: values.title,
				provider: values.provider ?? null,
				tags: values.tags ?? [],
				extractedText: values.extractedText ?? null,
				documentDate: '2025-03-14',
				status: 'processed',
			})
			.returning({ id: documents.id }),
	)
	return row!.id
}

async function addAppointment(owner: TestPatient, values: { title: string; provider: string; specialty: string; location?: string }) {
	const [row] = await withTenant(owner.organizationId, (tx) =>
		tx
			.insert(appointments)
			.values({
				ownerId: owner.userId,
				...values,
				status: 'confirmed',
				startsAt: new Date('2030-03-05T19:30:00Z'),
				durationMinutes: 30,
				timeZone: 'America/New_York',
			})
			.returning({ id: appointments.id }),
	)
	return row!.id
}

const medication = (values: Record<string, string>) => MedicationFormSchema.parse(values)

describe('global search', () => {
	it("finds a document by a word that occurs only in its extracted text, and by a word's beginning", async () => {
		const patient = await newPatient()
		const id = await addDocument(patient, { title: 'Lab report', extractedText: 'Serum ferritin 12 ng/mL (low). Transferrin saturation 14 %.' })
		for (const text of ['ferritin', 'ferr', 'TRANSFERRIN saturation']) {
			const results = await searchRecords(patient, text, { limit: 5 })
			expect(
				results.document.map((result) => result.id),
				text,
			).toEqual([id])
		}
		expect((await searchRecords(patient, 'cholesterol', { limit: 5 })).document).toEqual([])
	})

	it('covers titles, providers, tags, specialties, locations and medication names, with dates', async () => {
		const patient = await newPatient()
		const documentId = await addDocument(patient, { title: 'Chest X-ray', provider: 'Bluewater Imaging', tags: ['radiology'] })
		const appointmentId = await addAppointment(patient, {
			title: 'Follow-up',
			provider: 'Dr. Amara Okafor',
			specialty: 'Cardiology',
			location: 'Harbor Clinic',
		})
		const { id: medicationId } = await createMedication(
			patient,
			medication({ name: 'Atorvastatin', dose: '20 mg', frequency: 'daily', startDate: '2024-06-01' }),
		)
		expect((await searchRecords(patient, 'bluewater', { limit: 5 })).document.map((result) => result.id)).toEqual([documentId])
		expect((await searchRecords(patient, 'radiol', { limit: 5 })).document.map((result) => result.id)).toEqual([documentId])
		const byDoctor = await searchRecords(patient, 'okafor', { limit: 5 })
		expect(byDoctor.appointment).toEqual([
			{ id: appointmentId, type: 'appointment', title: 'Follow-up', date: '2030-03-05', subtitle: 'Dr. Amara Okafor · Cardiology · Harbor Clinic' },
		])
		expect((await searchRecords(patient, 'cardio', { limit: 5 })).appointment).toHaveLength(1)
		expect((await searchRecords(patient, 'harbor', { limit: 5 })).appointment).toHaveLength(1)
		const byName = await searchRecords(patient, 'atorva', { limit: 5 })
		expect(byName.medication).toEqual([{ id: medicationId, type: 'medication', title: 'Atorvastatin', date: '2024-06-01', subtitle: '20 mg · daily' }])
	})

	it('ranks a title match above a match in the text alone, and shows a snippet on the results page', async () => {
		const patient = await newPatient()
		const inText = await addDocument(patient, { title: 'Annual physical', extractedText: `${'Notes. '.repeat(30)}Hemoglobin A1c 6.1 % was reviewed.` })
		const inTitle = await addDocument(patient, { title: 'Hemoglobin A1c trend', extractedText: 'Values over time.' })
		const results = await searchRecords(patient, 'hemoglobin', { limit: 5, withSnippets: true })
		expect(results.document.map((result) => result.id)).toEqual([inTitle, inText])
		expect(results.document[1]!.snippet).toMatch(/^….*Hemoglobin A1c 6\.1 % was reviewed\.$/)
	})

	it("never returns another user's records, in the same organization or another", async () => {
		const alice = await newPatient('alice')
		const bob = await newPatient('bob')
		await addDocument(alice, { title: 'Alice thyroid panel', extractedText: 'zebrafinch thyrotropin' })
		await addDocument({ userId: bob.userId, organizationId: alice.organizationId }, { title: 'Bob in Alice organization', extractedText: 'zebrafinch' })
		await addDocument(bob, { title: 'Bob thyroid panel', extractedText: 'zebrafinch' })
		await createMedication(bob, medication({ name: 'Zebrafinchamine' }))
		const aliceResults = await searchRecords(alice, 'zebrafinch', { limit: 50 })
		expect(aliceResults.document.map((result) => result.title)).toEqual(['Alice thyroid panel'])
		expect(aliceResults.medication).toEqual([])
		const bobResults = await searchRecords(bob, 'zebrafinch', { limit: 50 })
		expect(bobResults.document.map((result) => result.title)).toEqual(['Bob thyroid panel'])
	})

	it('finds nothing for empty text, punctuation or refused characters', async () => {
		const patient = await newPatient()
		await addDocument(patient, { title: 'Anything' })
		for (const text of ['', '   ', '&|!:*()', 'a\u0000b']) {
			expect(await searchRecords(patient, text, { limit: 5 })).toEqual({ appointment: [], document: [], medication: [] })
		}
	})
})

describe('medications', () => {
	it('adds, edits and stops a medication; the list shows active first', async () => {
		const patient = await newPatient()
		const { id } = await createMedication(patient, medication({ name: 'Metformin', dose: '500 mg', frequency: 'twice daily', startDate: '2025-01-10' }))
		const { id: otherId } = await createMedication(patient, medication({ name: 'Lisinopril' }))
		expect(await updateMedication(patient, id, medication({ name: 'Metformin XR', dose: '750 mg', frequency: 'daily', startDate: '2025-01-10' }))).toBe(true)
		expect(await stopMedication(patient, otherId, '2025-06-01')).toBe(true)
		expect(await stopMedication(patient, otherId, '2025-07-01')).toBe(true)
		const list = await listMedications(patient)
		expect(list.map((row) => [row.name, row.status, row.stoppedOn])).toEqual([
			['Metformin XR', 'active', null],
			['Lisinopril', 'discontinued', '2025-06-01'],
		])
		const detail = await getMedication(patient, id)
		expect(detail).toMatchObject({ name: 'Metformin XR', dose: '750 mg', frequency: 'daily', startDate: '2025-01-10', documentId: null, documentTitle: null })
	})

	it("answers another user's medication as not found and changes nothing", async () => {
		const alice = await newPatient('alice')
		const bob = await newPatient('bob')
		const { id } = await createMedication(alice, medication({ name: 'Levothyroxine' }))
		const bobInAliceOrganization = { userId: bob.userId, organizationId: alice.organizationId }
		expect(await getMedication(bobInAliceOrganization, id)).toBeNull()
		expect(await updateMedication(bobInAliceOrganization, id, medication({ name: 'Changed' }))).toBe(false)
		expect(await stopMedication(bobInAliceOrganization, id, '2025-01-01')).toBe(false)
		expect(await getMedication(bob, 'not-a-uuid')).toBeNull()
		expect((await getMedication(alice, id))?.name).toBe('Levothyroxine')
	})
})
