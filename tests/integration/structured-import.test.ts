import { createHash, randomUUID } from 'node:crypto'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { appointments, documents, healthParameters, medications } from '#db/schema/tenant.ts'
import type { Patient } from '#server/auth/patient.ts'
import { registerPatient } from '#server/auth/index.ts'
import { inProcessExtractor, processDocument, storeUploadedDocument } from '#server/documents/index.ts'
import { readCcda } from '#server/extraction/structured/ccda-import.ts'
import { readStructuredRecord } from '#server/extraction/structured/read-structured.ts'
import { detectFileType } from '#server/extraction/index.ts'
import { parseSafeXml } from '#server/extraction/structured/safe-xml.ts'
import type { StructuredRecord } from '#server/extraction/shared/structured-types.ts'
import { buildDataExport, openDataExport, requestDataExport } from '#server/exports/index.ts'
import { IMPORTED_REFERENCE_NOTE } from '#server/extraction/shared/structured-types.ts'
import { getFileStorage, uploadTempDir } from '#server/storage/index.ts'
import { readZip, streamToBuffer } from '#tests/support/zip-archive.ts'
import { withTenant } from '#server/tenancy/index.ts'
import { buildCcd, type CcdOptions } from '../support/ccda-builder.ts'
import { uploadAndProcess } from './document-upload.ts'
import { useTestDatabase } from './test-database.ts'

process.env.DATA_DIR = path.resolve(`tests/.tmp/data-${randomUUID()}`)
useTestDatabase()

const STRUCTURED = path.resolve('../shared/fixtures/structured')

type ManifestValue = {
	loinc: string | null
	value: number
	unit: string | null
	reference_range_min?: number | null
	reference_range_max?: number | null
	interpretation?: string | null
	effective: string | null
}
type ManifestFile = {
	path: string
	format: string
	document_date: string | null
	patient_name: string | null
	patient_name_alternatives?: string[]
	counts: { results: number; vital_signs: number; medications: number; immunizations: number; problems: number; allergies: number }
	results?: ManifestValue[]
	vital_signs?: ManifestValue[]
}
const manifest = JSON.parse(readFileSync(path.join(STRUCTURED, 'manifest.json'), 'utf8')) as { files: ManifestFile[] }

function readFixture(file: ManifestFile): StructuredRecord {
	const bytes = readFileSync(path.join(STRUCTURED, file.path))
	// bare sections are not uploads: they go through the section parsers
	if (file.format.includes('fragment')) return readCcda(parseSafeXml(bytes.toString('utf8'), { fragment: true }))
	return readStructuredRecord(bytes, file.path.endsWith('.json') ? 'fhir' : 'ccda')
}

describe('the shared structured fixtures against their manifest', () => {
	for (const file of manifest.files) {
		it(`reads ${file.path} as its manifest says`, () => {
			const record = readFixture(file)
			const results = record.observations.filter((observation) => observation.category === 'result')
			const vitals = record.observations.filter((observation) => observation.category === 'vital')
			expect({
				results: results.length,
				vital_signs: vitals.length,
				medications: record.medications.length,
				immunizations: record.immunizations.length,
				problems: record.problems.length,
				allergies: record.allergies.length,
			}).toEqual({
				results: file.counts.results,
				vital_signs: file.counts.vital_signs,
				medications: file.counts.medications,
				immunizations: file.counts.immunizations,
				problems: file.counts.problems,
				allergies: file.counts.allergies,
			})
			const listed = (values: ManifestValue[] | undefined, read: typeof results) =>
				(values ?? []).map((value, index) => {
					const got = read[index]
					return [
						got?.loinc,
						got?.value,
						got?.unit,
						got?.effective,
						got?.referenceRangeMin ?? null,
						got?.referenceRangeMax ?? null,
						got?.interpretation ?? null,
					]
				})
			const expected = (values: ManifestValue[] | undefined) =>
				(values ?? []).map((value) => [
					value.loinc,
					value.value,
					value.unit,
					value.effective,
					value.reference_range_min ?? null,
					value.reference_range_max ?? null,
					value.interpretation ?? null,
				])
			expect(listed(file.results, results)).toEqual(expected(file.results))
			expect(listed(file.vital_signs, vitals).map((row) => row.slice(0, 4))).toEqual(expected(file.vital_signs).map((row) => row.slice(0, 4)))
			if (!file.format.includes('fragment')) {
				expect(record.date).toBe(file.document_date ?? record.date)
				expect([file.patient_name, ...(file.patient_name_alternatives ?? [])]).toContain(record.patient.name)
			}
		})
	}
})

async function newPatient(): Promise<Patient> {
	const { user, organization } = await registerPatient({ name: 'Import Owner', email: `import-${randomUUID()}@example.test`, password: 'Correct-horse-9' })
	return { userId: user.id, organizationId: organization.id }
}

function storedRows(patient: Patient, documentId: string) {
	return withTenant(patient.organizationId, async (tx) => ({
		document: (await tx.select().from(documents).where(eq(documents.id, documentId)))[0],
		parameters: await tx.select().from(healthParameters).where(eq(healthParameters.documentId, documentId)),
		medications: await tx.select().from(medications).where(eq(medications.documentId, documentId)),
	}))
}

describe('importing a structured file end to end', () => {
	let patient: Patient
	beforeAll(async () => {
		patient = await newPatient()
	})

	it('stores a FHIR bundle as one record with its parameters at their own dates, medications and sections', async () => {
		const bytes = await readFile(path.join(STRUCTURED, 'fhir/synthea-kermit-trantow.json'))
		const documentId = await uploadAndProcess(patient, bytes, 'portal-export.json')
		const { document, parameters, medications: meds } = await storedRows(patient, documentId)
		expect(document).toMatchObject({ status: 'processed', fileKind: 'fhir', documentDate: '2020-09-04' })
		expect(parameters).toHaveLength(14 + 30)
		expect(new Set(parameters.map((parameter) => parameter.testDate)).size).toBeGreaterThan(3)
		expect(parameters.every((parameter) => parameter.loinc)).toBe(true)
		expect(meds).toHaveLength(6)
		const structured = (document.details as { structured: { counts: Record<string, number>; immunizations: unknown[] } }).structured
		expect(structured.counts).toMatchObject({ immunizations: 8, problems: 6, allergies: 3 })
		expect(document.summary).toContain('44 health parameters')
	})

	it('stores a C-CDA document with its provider and kind, and a second run stores it once', async () => {
		const bytes = await readFile(path.join(STRUCTURED, 'ccda/ccd-1.xml'))
		const documentId = await uploadAndProcess(patient, bytes, 'ccd.txt')
		await withTenant(patient.organizationId, (tx) => tx.update(documents).set({ status: 'queued' }).where(eq(documents.id, documentId)))
		await processDocument({ organizationId: patient.organizationId, documentId }, { extract: inProcessExtractor() })
		const { document, parameters, medications: meds } = await storedRows(patient, documentId)
		expect(document).toMatchObject({
			fileKind: 'ccda',
			documentDate: '2013-08-15',
			provider: 'Good Health HIE',
			documentType: 'clinical_notes',
			title: expect.stringMatching(/.+/),
		})
		expect(parameters).toHaveLength(5 + 8)
		expect(parameters.find((parameter) => parameter.loinc === '718-7')).toMatchObject({
			code: 'hemoglobin',
			value: 13.2,
			unit: 'g/dL',
			referenceRangeMin: 12,
			referenceRangeMax: 15.5,
			status: 'normal',
			testDate: '2008-03-19',
		})
		expect(meds).toHaveLength(2)
	})

	it('refuses a hostile C-CDA with its reason and stores nothing', async () => {
		const xxe = Buffer.from(
			'<?xml version="1.0"?><!DOCTYPE d [<!ENTITY x SYSTEM "file:///etc/passwd">]><ClinicalDocument xmlns="urn:hl7-org:v3"><title>&x;</title></ClinicalDocument>',
		)
		await mkdir(uploadTempDir(), { recursive: true })
		const tempPath = path.join(uploadTempDir(), `${randomUUID()}.part`)
		await writeFile(tempPath, xxe)
		const outcome = await storeUploadedDocument(patient, {
			tempPath,
			originalName: 'x.xml',
			size: xxe.length,
			sha256: createHash('sha256').update(xxe).digest('hex'),
			type: detectFileType(xxe, 'x.xml'),
		})
		if (!outcome.ok) throw new Error('refused at upload')
		expect(await processDocument({ organizationId: patient.organizationId, documentId: outcome.documentId }, { extract: inProcessExtractor() })).toBe('failed')
		const { document, parameters } = await storedRows(patient, outcome.documentId)
		expect(document).toMatchObject({ status: 'failed', failureReason: 'unsafe_file' })
		expect(document.failureMessage).toContain('DTD')
		expect(parameters).toHaveLength(0)
	})

	it("round trip: the account's FHIR export imported into a fresh account gives the same health parameters, records (details only), medications and appointments", async () => {
		await withTenant(patient.organizationId, async (tx) => {
			await tx.insert(medications).values({
				ownerId: patient.userId,
				name: 'Metformin',
				dose: '500 mg',
				frequency: 'twice daily',
				status: 'active',
				text: 'Metformin 500 mg twice daily',
				startDate: '2023-05-01',
			})
			await tx
				.insert(medications)
				.values({ ownerId: patient.userId, name: 'Amoxicillin', dose: null, frequency: null, status: 'discontinued', text: 'Amoxicillin' })
			await tx.insert(appointments).values([
				{
					ownerId: patient.userId,
					title: 'Annual check-up',
					provider: 'Dr. Rivera',
					specialty: 'Family medicine',
					location: 'Lakeside Clinic, Room 4',
					status: 'confirmed',
					startsAt: new Date('2031-03-10T15:00:00Z'),
					durationMinutes: 45,
					timeZone: 'UTC',
					notes: 'Bring the glucose log.\nFasting.',
				},
				{
					ownerId: patient.userId,
					title: 'Dermatology consult',
					provider: 'Dr. Okafor',
					specialty: 'Dermatology',
					status: 'pending',
					startsAt: new Date('2031-04-02T09:30:00Z'),
					durationMinutes: 30,
					timeZone: 'UTC',
				},
				{
					ownerId: patient.userId,
					title: 'Eye exam',
					provider: 'Dr. Chen',
					specialty: 'Ophthalmology',
					status: 'cancelled',
					startsAt: new Date('2031-05-05T13:00:00Z'),
					durationMinutes: 20,
					timeZone: 'UTC',
					cancelReason: 'Clinic closed',
					cancelledAt: new Date(),
				},
			])
		})
		const requested = await requestDataExport(patient)
		if (!requested.ok) throw new Error('export refused')
		await buildDataExport(requested.exportId)
		const archive = await openDataExport(patient, requested.exportId)
		const bundle = (await readZip(await streamToBuffer(archive!.body))).get('fhir-bundle.json')!

		const fresh = await newPatient()
		const importId = await uploadAndProcess(fresh, bundle, 'carebook-export.json')
		const read = (owner: Patient) =>
			withTenant(owner.organizationId, async (tx) => ({
				documents: await tx.select().from(documents).where(eq(documents.ownerId, owner.userId)),
				parameters: await tx.select().from(healthParameters).where(eq(healthParameters.ownerId, owner.userId)),
				medications: await tx.select().from(medications).where(eq(medications.ownerId, owner.userId)),
				appointments: await tx.select().from(appointments).where(eq(appointments.ownerId, owner.userId)),
			}))
		const [source, imported] = [await read(patient), await read(fresh)]

		const parameterShape = (rows: typeof source.parameters) =>
			rows.map((row) => [row.code, row.value, row.unit, row.referenceRangeMin, row.referenceRangeMax, row.testDate].join('|')).sort()
		expect(source.parameters.length).toBeGreaterThan(40)
		expect(parameterShape(imported.parameters)).toEqual(parameterShape(source.parameters))

		// every record of the source comes back as a record of its own with its details, and says its file was not imported
		const documentShape = (rows: typeof source.documents) => rows.map((row) => [row.title, row.documentType, row.documentDate, row.provider].join('|')).sort()
		const references = imported.documents.filter((row) => row.id !== importId)
		expect(source.documents.length).toBeGreaterThanOrEqual(2)
		expect(documentShape(references)).toEqual(documentShape(source.documents))
		for (const row of references) {
			expect(row).toMatchObject({ status: 'processed', summary: IMPORTED_REFERENCE_NOTE, details: { importedReference: { fromDocumentId: importId } } })
			const stored = JSON.parse((await getFileStorage().read(row.storageKey)).toString('utf8')) as { file: { included: boolean } }
			expect(stored.file.included).toBe(false)
		}

		const medicationShape = (rows: typeof source.medications) =>
			rows.map((row) => [row.name, row.dose, row.frequency, row.status, row.startDate].join('|')).sort()
		expect(medicationShape(imported.medications)).toEqual(medicationShape(source.medications))

		const appointmentShape = (rows: typeof source.appointments) =>
			rows
				.map((row) =>
					[row.title, row.provider, row.specialty, row.location, row.status, row.startsAt.toISOString(), row.durationMinutes, row.notes, row.cancelReason].join(
						'|',
					),
				)
				.sort()
		expect(appointmentShape(imported.appointments)).toEqual(appointmentShape(source.appointments))

		// importing the same export again adds nothing
		await uploadAndProcess(fresh, bundle, 'carebook-export-again.json')
		const again = await read(fresh)
		expect(again.parameters).toHaveLength(imported.parameters.length)
		expect(again.medications).toHaveLength(imported.medications.length)
		expect(again.appointments).toHaveLength(imported.appointments.length)
		expect(again.documents).toHaveLength(imported.documents.length + 1)
	})
})

function ownerRows(patient: Patient) {
	return withTenant(patient.organizationId, async (tx) => ({
		parameters: await tx.select().from(healthParameters).where(eq(healthParameters.ownerId, patient.userId)),
		medications: await tx.select().from(medications).where(eq(medications.ownerId, patient.userId)),
	}))
}

const points = (rows: { code: string; value: number; testDate: string }[]) => rows.map((row) => `${row.code} ${row.value} ${row.testDate}`).sort()

const GLUCOSE = { loinc: '2345-7', name: 'Glucose', value: '112', unit: 'mg/dL', low: '70', high: '99', time: '20240110083000-0500' }
const HEMOGLOBIN = { loinc: '718-7', name: 'Hemoglobin', value: '13.8', unit: 'g/dL', low: '12', high: '15.5', time: '20240110083000-0500' }
const LISINOPRIL = { rxnorm: '314076', name: 'Lisinopril 10 MG Oral Tablet', dose: '1', start: '20231001' }

function ccd(options: Partial<CcdOptions> & { documentId: string; effectiveTime: string }): Buffer {
	return Buffer.from(buildCcd({ custodian: 'Lakeside Community Clinic', ...options }))
}

describe('the same entries arriving in a second file are stored once', () => {
	it('a newer CCD from the same portal repeating old results (same observation ids) adds only its new result and no second medication', async () => {
		const patient = await newPatient()
		await uploadAndProcess(
			patient,
			ccd({
				documentId: '2.16.840.1.113883.19.5.1',
				effectiveTime: '20240111',
				results: [
					{ ...GLUCOSE, id: 'portal-obs-1' },
					{ ...HEMOGLOBIN, id: 'portal-obs-2' },
				],
				medications: [{ ...LISINOPRIL, id: 'portal-med-1' }],
			}),
			'january.xml',
		)
		const newer = await uploadAndProcess(
			patient,
			ccd({
				documentId: '2.16.840.1.113883.19.5.2',
				effectiveTime: '20240615',
				results: [
					{ ...GLUCOSE, id: 'portal-obs-1' },
					{ ...HEMOGLOBIN, id: 'portal-obs-2' },
					{ ...GLUCOSE, id: 'portal-obs-3', value: '98', time: '20240614090000-0500' },
				],
				medications: [{ ...LISINOPRIL, id: 'portal-med-1' }],
			}),
			'june.xml',
		)
		const { parameters, medications: meds } = await ownerRows(patient)
		expect(points(parameters)).toEqual(['glucose 112 2024-01-10', 'glucose 98 2024-06-14', 'hemoglobin 13.8 2024-01-10'])
		expect(meds.map((row) => row.name)).toEqual(['Lisinopril 10 MG Oral Tablet'])
		expect(meds[0]).toMatchObject({ startDate: '2023-10-01' })
		// the newer record keeps only what it added, and says so
		const newerRows = await storedRows(patient, newer)
		expect(points(newerRows.parameters)).toEqual(['glucose 98 2024-06-14'])
		expect(newerRows.document.summary).toContain('3 entries were already in your records from an earlier import and not added again.')
	})

	it('a repeated medication takes the status of the newer record, and an older record processed later does not undo it', async () => {
		const patient = await newPatient()
		await uploadAndProcess(
			patient,
			ccd({ documentId: '2.16.840.1.113883.19.5.20', effectiveTime: '20240111', medications: [{ ...LISINOPRIL, id: 'portal-med-9' }] }),
			'january.xml',
		)
		await uploadAndProcess(
			patient,
			ccd({ documentId: '2.16.840.1.113883.19.5.21', effectiveTime: '20240615', medications: [{ ...LISINOPRIL, id: 'portal-med-9', status: 'completed' }] }),
			'june.xml',
		)
		const afterNewer = await ownerRows(patient)
		expect(afterNewer.medications.map((row) => [row.name, row.status])).toEqual([['Lisinopril 10 MG Oral Tablet', 'discontinued']])
		await uploadAndProcess(
			patient,
			ccd({ documentId: '2.16.840.1.113883.19.5.22', effectiveTime: '20230301', medications: [{ ...LISINOPRIL, id: 'portal-med-9' }] }),
			'older.xml',
		)
		const afterOlder = await ownerRows(patient)
		expect(afterOlder.medications.map((row) => [row.name, row.status])).toEqual([['Lisinopril 10 MG Oral Tablet', 'discontinued']])
	})

	it('results without ids are known by their code, value, unit and time, whatever the name or the other ids say', async () => {
		const patient = await newPatient()
		await uploadAndProcess(
			patient,
			ccd({ documentId: '2.16.840.1.113883.19.5.3', effectiveTime: '20240111', results: [GLUCOSE, HEMOGLOBIN], medications: [LISINOPRIL] }),
			'a.xml',
		)
		await uploadAndProcess(
			patient,
			ccd({
				documentId: '2.16.840.1.113883.19.5.4',
				effectiveTime: '20240701',
				results: [
					{ ...GLUCOSE, name: 'Glucose [Mass/volume] in Serum or Plasma', high: '100' },
					{ ...HEMOGLOBIN, id: 'fresh-id-each-time' },
				],
				medications: [{ ...LISINOPRIL, id: 'another-id' }],
			}),
			'b.xml',
		)
		const { parameters, medications: meds } = await ownerRows(patient)
		expect(points(parameters)).toEqual(['glucose 112 2024-01-10', 'hemoglobin 13.8 2024-01-10'])
		expect(meds).toHaveLength(1)
	})

	it('the same FHIR bundle exported again (new bundle id and timestamp, entries reordered, then with new resource ids) adds nothing', async () => {
		const patient = await newPatient()
		const original = JSON.parse(await readFile(path.join(STRUCTURED, 'fhir/synthea-kermit-trantow.json'), 'utf8')) as {
			id?: string
			timestamp?: string
			entry: { fullUrl?: string; resource: { id?: string } }[]
		}
		await uploadAndProcess(patient, Buffer.from(JSON.stringify(original)), 'first.json')
		const first = await ownerRows(patient)
		expect(first.parameters).toHaveLength(44)
		const again = { ...original, id: randomUUID(), timestamp: '2024-02-02T10:00:00Z', entry: [...original.entry].reverse() }
		await uploadAndProcess(patient, Buffer.from(JSON.stringify(again)), 'again.json')
		// a server that gives every resource a new id on each export: only the content says it is the same result
		const renumbered = {
			...original,
			id: randomUUID(),
			entry: original.entry.map((entry, index) => ({ ...entry, fullUrl: `urn:uuid:${randomUUID()}`, resource: { ...entry.resource, id: String(index + 1) } })),
		}
		await uploadAndProcess(patient, Buffer.from(JSON.stringify(renumbered)), 'renumbered.json')
		const after = await ownerRows(patient)
		expect(points(after.parameters)).toEqual(points(first.parameters))
		expect(after.medications.map((row) => row.name).sort()).toEqual(first.medications.map((row) => row.name).sort())
	})

	it("a CCD and the same results in the portal's FHIR export (times in another zone) give one point each", async () => {
		const patient = await newPatient()
		await uploadAndProcess(
			patient,
			ccd({ documentId: '2.16.840.1.113883.19.5.5', effectiveTime: '20240111', results: [{ ...GLUCOSE, id: 'obs-in-ccd' }] }),
			'portal.xml',
		)
		const bundle = {
			resourceType: 'Bundle',
			type: 'searchset',
			entry: [
				{
					resource: {
						resourceType: 'Observation',
						id: 'a1',
						status: 'final',
						category: [{ coding: [{ system: 'http://terminology.hl7.org/CodeSystem/observation-category', code: 'laboratory' }] }],
						code: { coding: [{ system: 'http://loinc.org', code: '2345-7', display: 'Glucose' }] },
						effectiveDateTime: '2024-01-10T13:30:00Z',
						valueQuantity: { value: 112, unit: 'mg/dL', system: 'http://unitsofmeasure.org', code: 'mg/dL' },
					},
				},
			],
		}
		await uploadAndProcess(patient, Buffer.from(JSON.stringify(bundle)), 'portal.json')
		expect(points((await ownerRows(patient)).parameters)).toEqual(['glucose 112 2024-01-10'])
	})

	it('processing the first record again after the second keeps one point per result', async () => {
		const patient = await newPatient()
		const first = await uploadAndProcess(
			patient,
			ccd({ documentId: '2.16.840.1.113883.19.5.6', effectiveTime: '20240111', results: [{ ...GLUCOSE, id: 'again-1' }] }),
			'one.xml',
		)
		await uploadAndProcess(
			patient,
			ccd({
				documentId: '2.16.840.1.113883.19.5.7',
				effectiveTime: '20240201',
				results: [
					{ ...GLUCOSE, id: 'again-1' },
					{ ...HEMOGLOBIN, id: 'again-2' },
				],
			}),
			'two.xml',
		)
		await withTenant(patient.organizationId, (tx) => tx.update(documents).set({ status: 'queued' }).where(eq(documents.id, first)))
		await processDocument({ organizationId: patient.organizationId, documentId: first }, { extract: inProcessExtractor() })
		expect(points((await ownerRows(patient)).parameters)).toEqual(['glucose 112 2024-01-10', 'hemoglobin 13.8 2024-01-10'])
	})
})
