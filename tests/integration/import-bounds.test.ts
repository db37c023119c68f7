/**
 * Structured imports are bounded (issue 41, finding 2): a FHIR file of 75,000
 * results (19 MB, under the upload limit) or of 6,000 appointments is
 * imported up to the per-file caps, in chunked inserts, with the rest counted
 * under 'What was not imported'; the appointments wait for the patient's
 * confirmation before any reminder is queued (finding 3); a result too large
 * to cross to the worker is refused for good in the extraction process; a
 * failure that would happen again is final, without Retry.
 */
import { randomUUID } from 'node:crypto'
import { mkdir, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { eq, sql } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import { getSql } from '#db/client.ts'
import { appointments, documents, healthParameters } from '#db/schema/tenant.ts'
import { confirmImportedAppointment } from '#server/appointments/index.ts'
import { registerPatient, type Patient } from '#server/auth/index.ts'
import { inProcessExtractor, processDocument, retryDocument } from '#server/documents/index.ts'
import { DOCUMENT_MESSAGES } from '#server/documents/shared/messages.ts'
import { extractInChildProcess, importReportOf, stopExtractionProcesses } from '#server/extraction/index.ts'
import { FILE_CAPS } from '#server/extraction/structured/file-caps.ts'
import { structuredSummaryOf } from '#server/extraction/shared/structured-types.ts'
import { TASKS } from '#server/queue/queue.ts'
import { uploadTempDir } from '#server/storage/index.ts'
import { withTenant } from '#server/tenancy/index.ts'
import { buildCcd } from '#tests/support/ccda-builder.ts'
import { manyAppointmentsBundle, manyObservationsBundle } from '#tests/support/hostile-imports.ts'
import { storeBytes } from './document-upload.ts'
import { useTestDatabase } from './test-database.ts'

process.env.DATA_DIR = path.resolve(`tests/.tmp/data-import-bounds-${randomUUID()}`)
useTestDatabase()
afterAll(() => stopExtractionProcesses())

async function newPatient(): Promise<Patient> {
	// the bundles name 'Hostile Import': the patient's own records
	const { user, organization } = await registerPatient({ name: 'Hostile Import', email: `bounds-${randomUUID()}@example.test`, password: 'Correct-horse-9' })
	return { userId: user.id, organizationId: organization.id }
}

function documentRow(patient: Patient, documentId: string) {
	return withTenant(patient.organizationId, async (tx) => (await tx.select().from(documents).where(eq(documents.id, documentId)))[0]!)
}

async function reminderJobs(): Promise<number> {
	const [row] = await getSql()<
		{ count: number }[]
	>`select count(*)::int as count from graphile_worker.jobs where task_identifier = ${TASKS.appointmentReminder}`
	return row!.count
}

describe('a structured import past the caps', () => {
	it('imports at most FILE_CAPS.values results of a 19 MB FHIR file of 75,000, and lists the rest as not imported', async () => {
		const patient = await newPatient()
		const bytes = manyObservationsBundle(75_000)
		expect(bytes.length).toBeGreaterThan(18_000_000)
		expect(bytes.length).toBeLessThan(20_971_520)
		const documentId = await storeBytes(patient, bytes, 'everything.json')
		expect(await processDocument({ organizationId: patient.organizationId, documentId }, { extract: inProcessExtractor() })).toBe('processed')

		const [{ count }] = await withTenant(patient.organizationId, (tx) =>
			tx
				.select({ count: sql<number>`count(*)::int` })
				.from(healthParameters)
				.where(eq(healthParameters.documentId, documentId)),
		)
		expect(count).toBe(FILE_CAPS.values)
		const report = importReportOf(structuredSummaryOf((await documentRow(patient, documentId)).details)!)
		const results = report.groups.find((group) => group.kind === 'results')!
		expect(results.lines.map((line) => line.text)).toContain(
			`${75_000 - FILE_CAPS.values} more entries were not imported: this app takes at most ${FILE_CAPS.values.toLocaleString('en-US')} of them from one file`,
		)
	}, 120_000)

	it('stores at most FILE_CAPS.appointments of 6,000 appointments, in chunks, with no reminder until the patient confirms one', async () => {
		const patient = await newPatient()
		const before = await reminderJobs()
		const documentId = await storeBytes(patient, manyAppointmentsBundle(6_000), 'appointments.json')
		expect(await processDocument({ organizationId: patient.organizationId, documentId }, { extract: inProcessExtractor() })).toBe('processed')

		const rows = await withTenant(patient.organizationId, (tx) =>
			tx.select({ id: appointments.id, needsConfirmation: appointments.needsConfirmation }).from(appointments).where(eq(appointments.ownerId, patient.userId)),
		)
		expect(rows).toHaveLength(FILE_CAPS.appointments)
		expect(rows.every((row) => row.needsConfirmation)).toBe(true)
		expect(await reminderJobs()).toBe(before)
		const report = importReportOf(structuredSummaryOf((await documentRow(patient, documentId)).details)!)
		expect(report.groups.find((group) => group.kind === 'appointments')!.lines.map((line) => line.text)).toContain(
			`${6_000 - FILE_CAPS.appointments} more entries were not imported: this app takes at most ${FILE_CAPS.appointments} of them from one file`,
		)

		// the patient confirms one: its two reminders are queued, and only its
		expect(await confirmImportedAppointment(patient, rows[0]!.id)).toMatchObject({ ok: true })
		expect(await reminderJobs()).toBe(before + 2)
		expect(await confirmImportedAppointment(patient, rows[0]!.id)).toMatchObject({ ok: false, kind: 'not-found' })
	}, 120_000)
})

describe('what crosses from the extraction process', () => {
	it('refuses for good, as too large to process, a file whose result would be larger than the worker takes', async () => {
		// a C-CDA under the upload limit whose narrative alone is 16 MB of text
		const paragraphs = Array.from({ length: 16 }, (_, index) => `<paragraph>${String(index).padEnd(1_000_000, ' lorem ipsum')}</paragraph>`).join('')
		const ccd = buildCcd({ documentId: randomUUID(), effectiveTime: '20250301', custodian: 'Big Narrative Clinic', resultsNarrative: paragraphs })
		await mkdir(uploadTempDir(), { recursive: true })
		const filePath = path.join(uploadTempDir(), `${randomUUID()}.xml`)
		await writeFile(filePath, ccd)
		try {
			const extracted = await extractInChildProcess({ filePath, fileName: 'big.xml', kind: 'ccda' }, { timeoutMs: 60_000, memoryMb: 900 })
			expect(extracted.result).toMatchObject({ accepted: false, reason: 'too_large_to_process', message: 'This file is too large to process.' })
		} finally {
			await rm(filePath, { force: true })
		}
	}, 120_000)
})

describe('a failure that would happen again', () => {
	it('is final at once, with its reason, and Retry does not queue it again', async () => {
		const patient = await newPatient()
		const documentId = await storeBytes(patient, manyObservationsBundle(10), 'small.json')
		const failing = async () => {
			throw new RangeError('Invalid string length')
		}
		expect(await processDocument({ organizationId: patient.organizationId, documentId }, { extract: failing })).toBe('failed')
		expect(await documentRow(patient, documentId)).toMatchObject({
			status: 'failed',
			failureReason: 'cannot_process',
			failureMessage: DOCUMENT_MESSAGES.cannotProcess,
		})
		expect(await retryDocument(patient, documentId)).toMatchObject({ ok: false, kind: 'not-found' })
	})
})
