import { randomUUID } from 'node:crypto'
import { existsSync } from 'node:fs'
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { handleApiRequest, createApiKey } from '#server/api/index.ts'
import { registerPatient } from '#server/auth/index.ts'
import { acceptUpload, childProcessExtractor, getDocument, listDocuments, openDocumentFile, processDocument, type Patient } from '#server/documents/index.ts'
import { DEFAULT_EXTRACTION_MEMORY_MB } from '#server/env.server.ts'
import { extractInChildProcess, stopExtractionProcesses } from '#server/extraction/index.ts'
import { NOT_A_HEALTH_RECORD } from '#server/extraction/intake/messages.ts'
import { patientWithSubscription } from '#tests/support/billing-fixture.ts'
import { heicDeclaring } from '#tests/support/hostile-files.ts'
import { canEncodeHeic, encodeHeic, labPagePhotos, type LabPagePhotos } from '#tests/support/phone-photo-formats.ts'
import { useTestDatabase } from './test-database.ts'

/**
 * Phone photos (WebP, HEIC) and FHIR files through the upload paths the app
 * has: the page's upload (acceptUpload, as POST /api/documents/upload calls
 * it) and the REST API. Each is typed by its content as it streams in; a file
 * refused at upload leaves nothing behind; an accepted photo is read by the
 * worker's extractor, in a child process within the default memory budget.
 */

process.env.DATA_DIR = path.resolve(`tests/.tmp/data-${randomUUID()}`)
useTestDatabase()

async function newPatient(): Promise<Patient> {
	const { user, organization } = await registerPatient({ name: 'Photo Owner', email: `photo-${randomUUID()}@example.test`, password: 'Correct-horse-9' })
	return { userId: user.id, organizationId: organization.id }
}

/** A multipart form with one file, as a browser or an API client sends it. */
function fileForm(name: string, bytes: Buffer | string, type = '') {
	const form = new FormData()
	form.set('file', new File([typeof bytes === 'string' ? bytes : new Uint8Array(bytes)], name, { type }))
	return form
}

/** The page's upload of one file, as its endpoint receives it. */
function upload(patient: Patient, name: string, bytes: Buffer | string, type = '') {
	return acceptUpload(patient, new Request('http://localhost/api/documents/upload', { method: 'POST', body: fileForm(name, bytes, type) }))
}

/** The REST API's upload of one file with an API key. */
function apiUpload(key: string, name: string, bytes: Buffer | string) {
	return handleApiRequest(
		new Request('http://localhost:3000/api/v1/documents/upload-and-process', {
			method: 'POST',
			headers: { authorization: `Bearer ${key}` },
			body: fileForm(name, bytes),
		}),
	)
}

async function storedFileCount(organizationId: string) {
	const folder = path.join(process.env.DATA_DIR!, 'files', organizationId)
	return existsSync(folder) ? (await readdir(folder)).length : 0
}

/** A seed transaction as test servers ship them: no resourceType of its own; a Patient whose 10 KB narrative comes before its resourceType; a glucose result. */
function seedTransaction() {
	const narrative = `<div xmlns="http://www.w3.org/1999/xhtml">${'<p>History as the clinician wrote it, at length.</p>'.repeat(200)}</div>`
	return JSON.stringify({
		type: 'transaction',
		entry: [
			{
				fullUrl: 'urn:uuid:7d0c8d7e-patient',
				request: { method: 'POST', url: 'Patient' },
				resource: { text: { status: 'generated', div: narrative }, id: 'seed-patient', resourceType: 'Patient', name: [{ family: 'Seed' }] },
			},
			{
				fullUrl: 'urn:uuid:7d0c8d7e-glucose',
				request: { method: 'POST', url: 'Observation' },
				resource: {
					resourceType: 'Observation',
					status: 'final',
					category: [{ coding: [{ system: 'http://terminology.hl7.org/CodeSystem/observation-category', code: 'laboratory' }] }],
					code: { coding: [{ system: 'http://loinc.org', code: '2345-7', display: 'Glucose [Mass/volume] in Serum or Plasma' }] },
					effectiveDateTime: '2026-03-02',
					valueQuantity: { value: 92, unit: 'mg/dL', system: 'http://unitsofmeasure.org', code: 'mg/dL' },
				},
			},
		],
	})
}

afterAll(() => stopExtractionProcesses())

describe('FHIR JSON typed by its structure at upload', () => {
	it('stores a bundle whose resourceType lies past 10 KB as FHIR and imports it; refuses JSON that is not FHIR and keeps nothing', async () => {
		const patient = await newPatient()
		const seed = seedTransaction()
		expect(seed.indexOf('"resourceType"')).toBeGreaterThan(10_000)
		const outcome = await upload(patient, 'seed-transaction.json', seed, 'application/json')
		if (!outcome.ok) throw new Error(`refused: ${outcome.message}`)
		expect(await processDocument({ organizationId: patient.organizationId, documentId: outcome.documentId }, { extract: childProcessExtractor() })).toBe(
			'processed',
		)
		const document = await getDocument(patient, outcome.documentId)
		expect(document).toMatchObject({ status: 'processed', fileKind: 'fhir' })
		expect(document!.parameters.map(({ code, value, unit }) => ({ code, value, unit }))).toContainEqual({ code: 'glucose', value: 92, unit: 'mg/dL' })

		const stranger = await newPatient()
		const refused = await upload(stranger, 'results.json', JSON.stringify({ patient: { resourceType: 'Patient' }, results: [{ test: 'Glucose', value: 92 }] }))
		expect(refused).toMatchObject({ ok: false, kind: 'unsupported', code: 'unsupported_type', message: NOT_A_HEALTH_RECORD.json })
		expect(await listDocuments(stranger)).toEqual([])
		expect(await storedFileCount(stranger.organizationId)).toBe(0)
	}, 60_000)
})

describe('a fake phone photo', () => {
	it('is refused at upload with a message that names what it claims, and nothing is kept', async () => {
		const patient = await newPatient()
		const heic = await upload(patient, 'IMG_0038.HEIC', 'Hemoglobin 13.5 g/dL  12.0-16.0', 'image/heic')
		expect(heic).toMatchObject({
			ok: false,
			code: 'type_mismatch',
			message: 'The file is named .heic, but its content is not a HEIC image (nor another supported type).',
		})
		const riff = Buffer.alloc(64)
		riff.write('RIFF', 0, 'latin1')
		riff.write('WEBPJUNKnot an image', 8, 'latin1')
		const webp = await upload(patient, 'photo.webp', riff, 'image/webp')
		expect(webp).toMatchObject({ ok: false, code: 'type_mismatch', message: expect.stringContaining('is not a WebP image') })
		const zip = await upload(patient, 'photo.heic', Buffer.from('PK\u0003\u0004 an archive', 'latin1'))
		expect(zip).toMatchObject({ ok: false, code: 'type_mismatch', message: expect.stringContaining('a ZIP archive') })
		expect(await listDocuments(patient)).toEqual([])
		expect(await storedFileCount(patient.organizationId)).toBe(0)
	})
})

describe.skipIf(!canEncodeHeic)('WebP and HEIC lab photos', () => {
	let photos: LabPagePhotos
	const peaks: number[] = []
	// the worker's extractor (a child process, the default budget), with the peak memory it saw
	const extractor = childProcessExtractor()
	const extract: typeof extractor = async (input) => {
		const extraction = await extractor(input)
		peaks.push(extraction.peakMb)
		return extraction
	}

	beforeAll(async () => {
		photos = await labPagePhotos()
	}, 120_000)

	it.each([
		['lab-photo.webp', 'webp', 'image/webp'],
		['IMG_0038.HEIC', 'heic', 'image/heic'],
	] as const)(
		'%s is accepted by its content, read in the extraction child into its values, with a preview',
		async (name, kind, mime) => {
			const patient = await newPatient()
			// browsers often give a HEIC no type at all: the content decides
			const outcome = await upload(patient, name, photos[kind], '')
			if (!outcome.ok) throw new Error(`refused: ${outcome.message}`)
			expect(await processDocument({ organizationId: patient.organizationId, documentId: outcome.documentId }, { extract })).toBe('processed')
			const document = await getDocument(patient, outcome.documentId)
			expect(document).toMatchObject({ status: 'processed', fileKind: kind, documentType: 'lab_report', hasPreview: true })
			const read = photos.parameters.filter((printed) =>
				document!.parameters.some((stored) => stored.code === printed.code && stored.value === printed.value && stored.unit === printed.unit),
			)
			expect(read.length).toBeGreaterThanOrEqual(Math.ceil(photos.parameters.length * 0.8))
			expect(peaks.at(-1)).toBeLessThan(DEFAULT_EXTRACTION_MEMORY_MB)

			const original = await openDocumentFile(patient, outcome.documentId, 'original')
			expect(original).toMatchObject({ mimeType: mime, fileKind: kind })
			const preview = await openDocumentFile(patient, outcome.documentId, 'preview')
			expect(preview).toMatchObject({ mimeType: 'image/png' })
			console.log(`${name}: ${read.length}/${photos.parameters.length} values, child peak ${Math.round(peaks.at(-1)!)} MB`)
		},
		180_000,
	)

	it('refuses through the worker a HEIC that declares 30,000 x 30,000 pixels, and keeps no file', async () => {
		const patient = await newPatient()
		const outcome = await upload(patient, 'IMG_9999.HEIC', await heicDeclaring(30_000, 30_000, photos.heic))
		if (!outcome.ok) throw new Error(`refused at upload: ${outcome.message}`)
		expect(await processDocument({ organizationId: patient.organizationId, documentId: outcome.documentId }, { extract, isFinalAttempt: true })).toBe('failed')
		expect(await getDocument(patient, outcome.documentId)).toMatchObject({ status: 'failed', failureReason: 'too_large_to_process', parameters: [] })
		expect(await storedFileCount(patient.organizationId)).toBe(0)
	}, 60_000)

	it('the REST API takes a WebP and a HEIC and names their kinds', async () => {
		const patient = await patientWithSubscription({ plan: 'professional', status: 'active' })
		const created = await createApiKey(patient, 'Photos')
		if (!created.ok) throw new Error(created.message)
		for (const [name, kind] of [
			['photo.webp', 'webp'],
			['IMG_0038.heic', 'heic'],
		] as const) {
			const response = await apiUpload(created.key, name, photos[kind])
			expect(response.status).toBe(201)
			expect(await response.json()).toMatchObject({ data: { fileKind: kind, status: 'queued', fileName: name } })
		}
		const refused = await apiUpload(created.key, 'IMG_0001.HEIC', 'not a photo')
		expect(refused.status).toBe(415)
		expect(await refused.json()).toMatchObject({ error: { code: 'unsupported_media_type', message: expect.stringContaining('not a HEIC image') } })
	})
})

describe.skipIf(!canEncodeHeic)('a 12-megapixel HEIC, as an iPhone takes it', () => {
	it('is decoded and read in the extraction child within the default memory budget', async () => {
		const photos = await labPagePhotos(41)
		// the page filling a 4032 x 3024 portrait photo (12.2 MP)
		const large = await sharp(photos.png).resize(3024, 4032, { fit: 'contain', background: '#ffffff' }).png().toBuffer()
		const folder = await mkdtemp(path.join(os.tmpdir(), 'carebook-heic-'))
		const filePath = path.join(folder, 'IMG_4032.HEIC')
		await writeFile(filePath, await encodeHeic(large))
		const extraction = await extractInChildProcess(
			{ filePath, fileName: 'IMG_4032.HEIC', kind: 'heic' },
			{ timeoutMs: 120_000, memoryMb: DEFAULT_EXTRACTION_MEMORY_MB },
		).finally(() => rm(folder, { recursive: true, force: true }))
		expect(extraction.result).toMatchObject({ accepted: true, kind: 'lab_report' })
		expect(extraction.result.parameters.length).toBeGreaterThanOrEqual(Math.ceil(photos.parameters.length * 0.8))
		expect(extraction.preview).not.toBeNull()
		expect(extraction.peakMb).toBeLessThan(DEFAULT_EXTRACTION_MEMORY_MB)
		console.log(`12 MP HEIC in the child process: ${extraction.result.parameters.length} values, peak ${Math.round(extraction.peakMb)} MB`)
	}, 240_000)
})
