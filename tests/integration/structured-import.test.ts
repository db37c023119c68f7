import { createHash, randomUUID } from 'node:crypto'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { documents, healthParameters, medications } from '#db/schema/tenant.ts'
import type { Patient } from '#server/auth/patient.ts'
import { registerPatient } from '#server/auth/index.ts'
import { inProcessExtractor, processDocument, storeUploadedDocument } from '#server/documents/index.ts'
import { uploadTempDir } from '#server/storage/index.ts'
import { readCcda } from '#server/extraction/structured/ccda-import.ts'
import { readStructuredRecord } from '#server/extraction/structured/read-structured.ts'
import { parseSafeXml } from '#server/extraction/structured/safe-xml.ts'
import type { StructuredRecord } from '#server/extraction/shared/structured-types.ts'
import { buildExportBundle } from '#server/fhir/index.ts'
import { withTenant } from '#server/tenancy/index.ts'
import { buildCcd, type CcdOptions } from '../support/ccda-builder.ts'
import { useTestDatabase } from './test-database.ts'

process.env.DATA_DIR = path.resolve(`tests/.tmp/data-${randomUUID()}`)
useTestDatabase()

const STRUCTURED = path.resolve('../shared/fixtures/structured')

type ManifestValue = { loinc: string | null; value: number; unit: string | null; reference_range_min?: number | null; reference_range_max?: number | null; interpretation?: string | null; effective: string | null }
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
			}).toEqual({ results: file.counts.results, vital_signs: file.counts.vital_signs, medications: file.counts.medications, immunizations: file.counts.immunizations, problems: file.counts.problems, allergies: file.counts.allergies })
			const listed = (values: ManifestValue[] | undefined, read: typeof results) =>
				(values ?? []).map((value, index) => {
					const got = read[index]
					return [got?.loinc, got?.value, got?.unit, got?.effective, got?.referenceRangeMin ?? null, got?.referenceRangeMax ?? null, got?.interpretation ?? null]
				})
			const expected = (values: ManifestValue[] | undefined) =>
				(values ?? []).map((value) => [value.loinc, value.value, value.unit, value.effective, value.reference_range_min ?? null, value.reference_range_max ?? null, value.interpretation ?? null])
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

async function uploadBytes(patient: Patient, bytes: Buffer, name: string) {
	await mkdir(uploadTempDir(), { recursive: true })
	const tempPath = path.join(uploadTempDir(), `${randomUUID()}.part`)
	await writeFile(tempPath, bytes)
	const outcome = await storeUploadedDocument(patient, { tempPath, originalName: name, size: bytes.length, sha256: createHash('sha256').update(bytes).digest('hex'), head: bytes.subarray(0, 4096) })
	if (!outcome.ok) throw new Error(`refused: ${outcome.code}`)
	expect(await processDocument({ organizationId: patient.organizationId, documentId: outcome.documentId }, { extract: inProcessExtractor() })).toBe('processed')
	return outcome.documentId
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
		const documentId = await uploadBytes(patient, bytes, 'portal-export.json')
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
		const documentId = await uploadBytes(patient, bytes, 'ccd.txt')
		await withTenant(patient.organizationId, (tx) => tx.update(documents).set({ status: 'queued' }).where(eq(documents.id, documentId)))
		await processDocument({ organizationId: patient.organizationId, documentId }, { extract: inProcessExtractor() })
		const { document, parameters, medications: meds } = await storedRows(patient, documentId)
		expect(document).toMatchObject({ fileKind: 'ccda', documentDate: '2013-08-15', provider: 'Good Health HIE', documentType: 'clinical_notes', title: expect.stringMatching(/.+/) })
		expect(parameters).toHaveLength(5 + 8)
		expect(parameters.find((parameter) => parameter.loinc === '718-7')).toMatchObject({ code: 'hemoglobin', value: 13.2, unit: 'g/dL', referenceRangeMin: 12, referenceRangeMax: 15.5, status: 'normal', testDate: '2008-03-19' })
		expect(meds).toHaveLength(2)
	})

	it('refuses a hostile C-CDA with its reason and stores nothing', async () => {
		const xxe = Buffer.from('<?xml version="1.0"?><!DOCTYPE d [<!ENTITY x SYSTEM "file:///etc/passwd">]><ClinicalDocument xmlns="urn:hl7-org:v3"><title>&x;</title></ClinicalDocument>')
		await mkdir(uploadTempDir(), { recursive: true })
		const tempPath = path.join(uploadTempDir(), `${randomUUID()}.part`)
		await writeFile(tempPath, xxe)
		const outcome = await storeUploadedDocument(patient, { tempPath, originalName: 'x.xml', size: xxe.length, sha256: createHash('sha256').update(xxe).digest('hex'), head: xxe.subarray(0, 4096) })
		if (!outcome.ok) throw new Error('refused at upload')
		expect(await processDocument({ organizationId: patient.organizationId, documentId: outcome.documentId }, { extract: inProcessExtractor() })).toBe('failed')
		const { document, parameters } = await storedRows(patient, outcome.documentId)
		expect(document).toMatchObject({ status: 'failed', failureReason: 'unsafe_file' })
		expect(document.failureMessage).toContain('DTD')
		expect(parameters).toHaveLength(0)
	})

	it('round trip: the FHIR export of one account imported into a fresh account gives the same health parameters and medications', async () => {
		const source = await storedRows(patient, (await withTenant(patient.organizationId, (tx) => tx.select({ id: documents.id }).from(documents).where(eq(documents.fileKind, 'fhir'))))[0].id)
		const bundle = buildExportBundle(
			{
				patient: { id: patient.userId, name: 'Import Owner', email: 'x@example.test', phone: null, dateOfBirth: null, sex: null },
				documents: [],
				parameters: source.parameters.map((row) => ({ ...row, documentId: null })),
				appointments: [],
				medications: source.medications.map((row) => ({ ...row, documentId: null })),
			},
			{ now: new Date('2024-01-01T00:00:00Z'), bundleId: randomUUID() },
		)
		const fresh = await newPatient()
		const documentId = await uploadBytes(fresh, Buffer.from(JSON.stringify(bundle)), 'fhir-bundle.json')
		const imported = await storedRows(fresh, documentId)
		const shape = (rows: typeof source.parameters) =>
			rows.map((row) => [row.code, row.value, row.unit, row.referenceRangeMin, row.referenceRangeMax, row.testDate].join('|')).sort()
		expect(shape(imported.parameters)).toEqual(shape(source.parameters))
		expect(imported.medications.map((row) => row.name).sort()).toEqual(source.medications.map((row) => row.name).sort())
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
		await uploadBytes(patient, ccd({ documentId: '2.16.840.1.113883.19.5.1', effectiveTime: '20240111', results: [{ ...GLUCOSE, id: 'portal-obs-1' }, { ...HEMOGLOBIN, id: 'portal-obs-2' }], medications: [{ ...LISINOPRIL, id: 'portal-med-1' }] }), 'january.xml')
		const newer = await uploadBytes(
			patient,
			ccd({
				documentId: '2.16.840.1.113883.19.5.2',
				effectiveTime: '20240615',
				results: [{ ...GLUCOSE, id: 'portal-obs-1' }, { ...HEMOGLOBIN, id: 'portal-obs-2' }, { ...GLUCOSE, id: 'portal-obs-3', value: '98', time: '20240614090000-0500' }],
				medications: [{ ...LISINOPRIL, id: 'portal-med-1' }],
			}),
			'june.xml',
		)
		const { parameters, medications: meds } = await ownerRows(patient)
		expect(points(parameters)).toEqual(['glucose 112 2024-01-10', 'glucose 98 2024-06-14', 'hemoglobin 13.8 2024-01-10'])
		expect(meds.map((row) => row.name)).toEqual(['Lisinopril 10 MG Oral Tablet'])
		expect(meds[0]).toMatchObject({ startDate: '2023-10-01' })
		// the newer record keeps only what it added
		expect(points((await storedRows(patient, newer)).parameters)).toEqual(['glucose 98 2024-06-14'])
	})

	it('results without ids are known by their code, value, unit and time, whatever the name or the other ids say', async () => {
		const patient = await newPatient()
		await uploadBytes(patient, ccd({ documentId: '2.16.840.1.113883.19.5.3', effectiveTime: '20240111', results: [GLUCOSE, HEMOGLOBIN], medications: [LISINOPRIL] }), 'a.xml')
		await uploadBytes(
			patient,
			ccd({ documentId: '2.16.840.1.113883.19.5.4', effectiveTime: '20240701', results: [{ ...GLUCOSE, name: 'Glucose [Mass/volume] in Serum or Plasma', high: '100' }, { ...HEMOGLOBIN, id: 'fresh-id-each-time' }], medications: [{ ...LISINOPRIL, id: 'another-id' }] }),
			'b.xml',
		)
		const { parameters, medications: meds } = await ownerRows(patient)
		expect(points(parameters)).toEqual(['glucose 112 2024-01-10', 'hemoglobin 13.8 2024-01-10'])
		expect(meds).toHaveLength(1)
	})

	it('the same FHIR bundle exported again (new bundle id and timestamp, entries reordered, then with new resource ids) adds nothing', async () => {
		const patient = await newPatient()
		const original = JSON.parse(await readFile(path.join(STRUCTURED, 'fhir/synthea-kermit-trantow.json'), 'utf8')) as { id?: string; timestamp?: string; entry: { fullUrl?: string; resource: { id?: string } }[] }
		await uploadBytes(patient, Buffer.from(JSON.stringify(original)), 'first.json')
		const first = await ownerRows(patient)
		expect(first.parameters).toHaveLength(44)
		const again = { ...original, id: randomUUID(), timestamp: '2024-02-02T10:00:00Z', entry: [...original.entry].reverse() }
		await uploadBytes(patient, Buffer.from(JSON.stringify(again)), 'again.json')
		// a server that gives every resource a new id on each export: only the content says it is the same result
		const renumbered = { ...original, id: randomUUID(), entry: original.entry.map((entry, index) => ({ ...entry, fullUrl: `urn:uuid:${randomUUID()}`, resource: { ...entry.resource, id: String(index + 1) } })) }
		await uploadBytes(patient, Buffer.from(JSON.stringify(renumbered)), 'renumbered.json')
		const after = await ownerRows(patient)
		expect(points(after.parameters)).toEqual(points(first.parameters))
		expect(after.medications.map((row) => row.name).sort()).toEqual(first.medications.map((row) => row.name).sort())
	})

	it("a CCD and the same results in the portal's FHIR export (times in another zone) give one point each", async () => {
		const patient = await newPatient()
		await uploadBytes(patient, ccd({ documentId: '2.16.840.1.113883.19.5.5', effectiveTime: '20240111', results: [{ ...GLUCOSE, id: 'obs-in-ccd' }] }), 'portal.xml')
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
		await uploadBytes(patient, Buffer.from(JSON.stringify(bundle)), 'portal.json')
		expect(points((await ownerRows(patient)).parameters)).toEqual(['glucose 112 2024-01-10'])
	})

	it('processing the first record again after the second keeps one point per result', async () => {
		const patient = await newPatient()
		const first = await uploadBytes(patient, ccd({ documentId: '2.16.840.1.113883.19.5.6', effectiveTime: '20240111', results: [{ ...GLUCOSE, id: 'again-1' }] }), 'one.xml')
		await uploadBytes(patient, ccd({ documentId: '2.16.840.1.113883.19.5.7', effectiveTime: '20240201', results: [{ ...GLUCOSE, id: 'again-1' }, { ...HEMOGLOBIN, id: 'again-2' }] }), 'two.xml')
		await withTenant(patient.organizationId, (tx) => tx.update(documents).set({ status: 'queued' }).where(eq(documents.id, first)))
		await processDocument({ organizationId: patient.organizationId, documentId: first }, { extract: inProcessExtractor() })
		expect(points((await ownerRows(patient)).parameters)).toEqual(['glucose 112 2024-01-10', 'hemoglobin 13.8 2024-01-10'])
	})
})
