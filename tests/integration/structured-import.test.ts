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
