import { createHash, randomUUID } from 'node:crypto'
import { existsSync, readFileSync } from 'node:fs'
import { readdir, readFile, stat } from 'node:fs/promises'
import path from 'node:path'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { getDb } from '#db/client.ts'
import { auditLog, memberships, users } from '#db/schema/platform.ts'
import { documents, healthParameters } from '#db/schema/tenant.ts'
import { hashPassword, registerPatient } from '#server/auth/index.ts'
import {
	compareTestDates,
	deleteDocument,
	getDocument,
	inProcessExtractor,
	listDocuments,
	listTestDates,
	openDocumentFile,
	processDocument,
	retryDocument,
	storeUploadedDocument,
	type DocumentExtractor,
	type Patient,
} from '#server/documents/index.ts'
import { createDefaultOcrEngine, type OcrEngine } from '#server/extraction/index.ts'
import { withTenant } from '#server/tenancy/index.ts'
import { confirmAsOwn, FIXTURES, receivedFixture } from './document-upload.ts'
import { useTestDatabase } from './test-database.ts'
import { statusUnderGradingRule } from '#tests/support/fixture-manifest.ts'

process.env.DATA_DIR = path.resolve(`tests/.tmp/data-${randomUUID()}`)
useTestDatabase()

type ExpectedParameter = {
	code: string
	value: number
	unit: string | null
	reference_range_min: number | null
	reference_range_max: number | null
	status: string | null
	test_date: string
}

type ManifestFile = {
	path: string
	kind: string
	document_date: string | null
	provider: string | null
	expected: { outcome: 'accept' | 'reject'; reason: string | null }
	parameters?: ExpectedParameter[]
	vitals?: ExpectedParameter[]
	medications?: Array<{ name: string }>
	title_must_not_contain?: string[]
}
const manifest = JSON.parse(readFileSync(path.join(FIXTURES, 'manifest.json'), 'utf8')) as { files: ManifestFile[] }

let ocr: OcrEngine
let owner: Patient

async function newPatient(): Promise<Patient> {
	const { user, organization } = await registerPatient({ name: 'Doc Owner', email: `doc-${randomUUID()}@example.test`, password: 'Correct-horse-9' })
	return { userId: user.id, organizationId: organization.id }
}

async function uploadAndProcess(patient: Patient, fixture: string, uploadName?: string) {
	const outcome = await storeUploadedDocument(patient, await receivedFixture(fixture, uploadName))
	if (!outcome.ok) throw new Error(`refused: ${outcome.code}`)
	await processDocument({ organizationId: patient.organizationId, documentId: outcome.documentId }, { ocr })
	return outcome.documentId
}

async function storedFileCount(organizationId: string) {
	const folder = path.join(process.env.DATA_DIR!, 'files', organizationId)
	return existsSync(folder) ? (await readdir(folder)).length : 0
}

beforeAll(async () => {
	ocr = createDefaultOcrEngine()
	owner = await newPatient()
})

afterAll(async () => {
	await (ocr as OcrEngine & { close?: () => Promise<void> }).close?.()
})

describe('the pipeline on every accepted fixture', () => {
	const accepted = manifest.files.filter((file) => file.expected.outcome === 'accept')
	it.each(accepted.map((file) => [file.path, file] as const))('%s gets its type, date, provider and lab values', async (_name, file) => {
		const id = await uploadAndProcess(owner, file.path)
		const document = await getDocument(owner, id)
		expect(document).toMatchObject({ status: 'processed', documentType: file.kind, documentDate: file.document_date, provider: file.provider })
		for (const forbidden of file.title_must_not_contain ?? []) expect(document!.title).not.toContain(forbidden)
		// statuses under the product's grading rule (decision 025), where the manifest grades a value without a range otherwise
		const expected = [...(file.parameters ?? []), ...(file.vitals ?? [])].map((want) => ({ ...want, status: statusUnderGradingRule(want) }))
		const stored = document!.parameters
		const matches = expected.filter((want) =>
			stored.some(
				(got) =>
					got.code === want.code &&
					got.value === want.value &&
					got.unit === want.unit &&
					got.referenceRangeMin === want.reference_range_min &&
					got.referenceRangeMax === want.reference_range_max &&
					got.status === want.status &&
					got.testDate === want.test_date,
			),
		)
		const isScan = file.path.startsWith('scan/')
		// Text layers must be exact; OCR'd scans may miss a few values (Debian's model, read first
		// because it reads unseen layouts better, misreads some bold values of these fixtures: server/extraction/ocr/README.md).
		if (expected.length) expect(matches.length / expected.length).toBeGreaterThanOrEqual(isScan ? 0.8 : 1)
		else expect(stored).toEqual([])
		for (const medication of file.medications ?? []) {
			expect(document!.medications.map((row) => row.name)).toContain(medication.name)
		}
	})
})

describe('files that must be refused', () => {
	it.each([
		['bad/empty.pdf', 'empty_file'],
		['bad/report.pdf', 'type_mismatch'],
		['bad/xray-image.png', 'type_mismatch'],
	])('%s is refused at upload (%s) and nothing is stored', async (fixture, reason) => {
		const patient = await newPatient()
		const outcome = await storeUploadedDocument(patient, await receivedFixture(fixture))
		expect(outcome).toMatchObject({ ok: false, kind: 'unsupported', code: reason })
		expect(await listDocuments(patient)).toEqual([])
		expect(await storedFileCount(patient.organizationId)).toBe(0)
	})

	it.each([
		['bad/truncated-lab-report.pdf', 'corrupt_pdf'],
		['bad/protected-results.pdf', 'encrypted_pdf'],
	])('%s is marked failed (%s) with no values and no file kept', async (fixture, reason) => {
		const patient = await newPatient()
		const id = await uploadAndProcess(patient, fixture)
		const document = await getDocument(patient, id)
		expect(document).toMatchObject({ status: 'failed', failureReason: reason, sizeBytes: 0, parameters: [] })
		expect(document!.failureMessage).toMatch(/PDF/)
		expect(await storedFileCount(patient.organizationId)).toBe(0)
	})

	it('stores a hostile file name under a generated key and shows a sanitised name', async () => {
		const patient = await newPatient()
		const id = await uploadAndProcess(patient, 'lab/bluewater_final_report.pdf', '../../../etc/cron.d/lab_results.pdf')
		const [row] = await withTenant(patient.organizationId, (tx) => tx.select().from(documents).where(eq(documents.id, id)))
		for (const bad of ['..', '/', '\\']) expect(row!.fileName).not.toContain(bad)
		expect(row!.storageKey).toBe(`${patient.organizationId}/${id}`)
		expect(existsSync('/etc/cron.d/lab_results.pdf')).toBe(false)
	})
})

describe('plan storage limit', () => {
	it('refuses an upload that would go over the Basic plan and says how much is used', async () => {
		const patient = await newPatient()
		const id = await uploadAndProcess(patient, 'lab/bluewater_final_report.pdf')
		await withTenant(patient.organizationId, (tx) => tx.update(documents).set({ sizeBytes: 99_990_000 }).where(eq(documents.id, id)))
		const outcome = await storeUploadedDocument(patient, await receivedFixture('lab/StBrendan_CBC_CMP_20250203.pdf'))
		expect(outcome).toMatchObject({ ok: false, kind: 'too-large', code: 'storage_limit' })
		expect(outcome.ok ? '' : outcome.message).toContain('100.0 MB of 100 MB used')
		expect((await listDocuments(patient)).map((document) => document.id)).toEqual([id])
		expect(await storedFileCount(patient.organizationId)).toBe(1 + 1) // the file and its preview
	})

	it('queues the processing job with the plan OCR priority in the same transaction', async () => {
		const patient = await newPatient()
		const outcome = await storeUploadedDocument(patient, await receivedFixture('lab/bluewater_final_report.pdf'))
		expect(outcome.ok).toBe(true)
		const jobs = await getDb().execute<{ priority: number; max_attempts: number }>(
			sql`select priority, max_attempts from graphile_worker.jobs where key = ${`document:${outcome.ok ? outcome.documentId : ''}`}`,
		)
		expect(jobs.map((job) => ({ ...job }))).toEqual([{ priority: 10, max_attempts: 3 }])
	})
})

describe('only the owner reaches a document', () => {
	it('gives another tenant and another member of the same organization not-found for document, file and values', async () => {
		const patient = await newPatient()
		const id = await uploadAndProcess(patient, 'lab/bluewater_final_report.pdf')
		expect(await getDocument(patient, id)).not.toBeNull()

		const stranger = await newPatient()
		const [member] = await getDb()
			.insert(users)
			.values({ name: 'Family Member', email: `member-${randomUUID()}@example.test`, passwordHash: await hashPassword('Correct-horse-9') })
			.returning({ id: users.id })
		await getDb().insert(memberships).values({ userId: member!.id, organizationId: patient.organizationId, role: 'user' })
		const sameOrganization: Patient = { userId: member!.id, organizationId: patient.organizationId }

		for (const other of [stranger, sameOrganization, { userId: patient.userId, organizationId: stranger.organizationId }]) {
			expect(await getDocument(other, id)).toBeNull()
			expect(await openDocumentFile(other, id, 'original')).toBeNull()
			expect(await openDocumentFile(other, id, 'preview')).toBeNull()
			expect(await listDocuments(other)).toEqual([])
			expect(await listTestDates(other)).toEqual([])
			expect(await deleteDocument(other, id)).toMatchObject({ ok: false, kind: 'not-found' })
		}
		expect(await getDocument(patient, id)).not.toBeNull()
	})

	it('audits views and downloads without content', async () => {
		const patient = await newPatient()
		const id = await uploadAndProcess(patient, 'lab/bluewater_final_report.pdf')
		// one view of the page: its loads at once (navigation and revalidations) and again within a minute are one entry
		await Promise.all([getDocument(patient, id), getDocument(patient, id), getDocument(patient, id)])
		await getDocument(patient, id)
		const file = await openDocumentFile(patient, id, 'original')
		await file!.body.cancel()
		const entries = await getDb().select().from(auditLog).where(eq(auditLog.targetId, id))
		expect(entries.map((entry) => entry.action).sort()).toEqual(['document.download', 'document.upload', 'document.view'])
		expect(JSON.stringify(entries)).not.toMatch(/Bluewater|glucose/i)
	})
})

describe('processing', () => {
	it('keeps the provider name already on the records when OCR reads logo letters in front of it', async () => {
		const patient = await newPatient()
		await uploadAndProcess(patient, 'lab/bluewater_final_report.pdf')
		// The same laboratory read by OCR, with the logo's letters kept in front of its name.
		const readWithLogo: DocumentExtractor = async (input) => {
			const read = await inProcessExtractor(ocr)(input)
			const provider = 'BD Bluewater Diagnostics'
			return { ...read, result: { ...read.result, provider, title: `Lab Results — ${provider}` } }
		}
		const outcome = await storeUploadedDocument(patient, await receivedFixture('lab/wellness-screening-results.pdf'))
		if (!outcome.ok) throw new Error(`refused: ${outcome.code}`)
		await processDocument({ organizationId: patient.organizationId, documentId: outcome.documentId }, { extract: readWithLogo })
		const document = await getDocument(patient, outcome.documentId)
		expect(document).toMatchObject({ provider: 'Bluewater Diagnostics', title: 'Lab Results — Bluewater Diagnostics' })
	})

	it('extracts from a temporary copy of the stored file (mode 0600, the same bytes) and removes it, also when extraction fails', async () => {
		const patient = await newPatient()
		const received = await receivedFixture('lab/bluewater_final_report.pdf')
		const sha256 = received.sha256
		const outcome = await storeUploadedDocument(patient, received)
		if (!outcome.ok) throw new Error(`refused: ${outcome.code}`)
		const input = { organizationId: patient.organizationId, documentId: outcome.documentId }
		const seen: { filePath: string; sha256: string; mode: number }[] = []
		const watching =
			(inner: DocumentExtractor): DocumentExtractor =>
			async (request) => {
				const bytes = await readFile(request.filePath)
				seen.push({ filePath: request.filePath, sha256: createHash('sha256').update(bytes).digest('hex'), mode: (await stat(request.filePath)).mode & 0o777 })
				return inner(request)
			}
		const failing = watching(() => Promise.reject(new Error('injected extraction failure')))
		await expect(processDocument(input, { extract: failing })).rejects.toThrow('injected extraction failure')
		expect(await processDocument(input, { extract: watching(inProcessExtractor(ocr)) })).toBe('processed')

		expect(seen).toHaveLength(2)
		for (const copy of seen) {
			expect(copy).toMatchObject({ sha256, mode: 0o600 })
			expect(path.dirname(copy.filePath)).toBe(path.join(process.env.DATA_DIR!, 'tmp'))
			expect(existsSync(copy.filePath)).toBe(false)
		}
		expect((await readdir(path.join(process.env.DATA_DIR!, 'tmp'))).filter((name) => name.endsWith('.extract'))).toEqual([])
	})

	it('is idempotent: processing twice gives the same rows', async () => {
		const patient = await newPatient()
		const id = await uploadAndProcess(patient, 'lab/bluewater_final_report.pdf')
		const first = await getDocument(patient, id)
		await processDocument({ organizationId: patient.organizationId, documentId: id }, { ocr })
		const second = await getDocument(patient, id)
		const strip = (rows: NonNullable<typeof first>['parameters']) => rows.map(({ id: _id, createdAt: _c, ...rest }) => rest)
		expect(strip(second!.parameters)).toEqual(strip(first!.parameters))
		const [{ total }] = await withTenant(patient.organizationId, (tx) =>
			tx
				.select({ total: sql<number>`count(*)::int` })
				.from(healthParameters)
				.where(eq(healthParameters.documentId, id)),
		)
		expect(total).toBe(first!.parameters.length)
	})

	it('requeues after a failure, marks failed on the last attempt, and can be retried', async () => {
		const patient = await newPatient()
		const outcome = await storeUploadedDocument(patient, await receivedFixture('scan/bluewater_scan.jpg'))
		if (!outcome.ok) throw new Error('refused')
		const input = { organizationId: patient.organizationId, documentId: outcome.documentId }
		const broken: OcrEngine = {
			name: 'broken',
			recognize: async () => {
				throw new Error('injected OCR failure')
			},
		}

		await expect(processDocument(input, { ocr: broken })).rejects.toThrow('injected OCR failure')
		expect(await getDocument(patient, input.documentId)).toMatchObject({ status: 'queued' })

		await expect(processDocument(input, { ocr: broken, isFinalAttempt: true })).rejects.toThrow()
		expect(await getDocument(patient, input.documentId)).toMatchObject({ status: 'failed', failureReason: 'processing_error' })

		expect((await retryDocument(patient, input.documentId)).ok).toBe(true)
		expect(await getDocument(patient, input.documentId)).toMatchObject({ status: 'queued' })
		expect(await processDocument(input, { ocr })).toBe('processed')
		const document = await getDocument(patient, input.documentId)
		expect(document!.parameters.length).toBeGreaterThan(8)
	})

	it('deleting removes the file, preview, text and values', async () => {
		const patient = await newPatient()
		const id = await uploadAndProcess(patient, 'lab/bluewater_final_report.pdf')
		expect(await storedFileCount(patient.organizationId)).toBe(2)
		expect((await deleteDocument(patient, id)).ok).toBe(true)
		expect(await storedFileCount(patient.organizationId)).toBe(0)
		const leftovers = await withTenant(patient.organizationId, (tx) => tx.select().from(healthParameters))
		expect(leftovers).toEqual([])
	})
})

describe('compare records', () => {
	it('pairs two dates side by side with the change between them', async () => {
		const patient = await newPatient()
		const bluewater = await uploadAndProcess(patient, 'lab/bluewater_final_report.pdf')
		const meridian = await uploadAndProcess(patient, 'lab/LabResults_Meridian_2025-03-14.pdf')
		// Bluewater names Yesenia Quintrell, Meridian Odalys Kowalczyk (under its PATIENT heading): left out of compare until the patient says they are hers.
		expect(await listTestDates(patient)).toEqual([])
		await confirmAsOwn(patient, [bluewater])
		expect(await listTestDates(patient)).toEqual(['2025-01-22'])
		await confirmAsOwn(patient, [meridian])
		const dates = await listTestDates(patient)
		expect(dates).toEqual(['2025-03-14', '2025-01-22'])
		const comparison = await compareTestDates(patient, '2025-01-22', '2025-03-14')
		const both = comparison.parameters.filter((row) => row.left && row.right)
		expect(both.length).toBeGreaterThan(0)
		for (const row of both) {
			if (row.left!.unit === row.right!.unit) expect(row.change).toBeCloseTo(row.right!.value - row.left!.value, 5)
		}
		expect(comparison.leftDocuments).toHaveLength(1)
		expect(comparison.rightDocuments).toHaveLength(1)
	})
})
