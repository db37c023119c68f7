import { randomUUID } from 'node:crypto'
import path from 'node:path'
import { and, eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { getDb } from '#db/client.ts'
import { auditLog } from '#db/schema/platform.ts'
import { healthParameters } from '#db/schema/tenant.ts'
import { registerPatient } from '#server/auth/index.ts'
import { compareTestDates, processDocument, reviewDocumentValue, storeUploadedDocument, type Patient } from '#server/documents/index.ts'
import { createDefaultOcrEngine, type OcrEngine } from '#server/extraction/index.ts'
import { getParameterSeries, listParameters, replaceDocumentParameters } from '#server/health/index.ts'
import { withTenant } from '#server/tenancy/index.ts'
import { confirmAsOwn, receivedFixture } from './document-upload.ts'
import { useTestDatabase } from './test-database.ts'

process.env.DATA_DIR = path.resolve(`tests/.tmp/data-value-review-${randomUUID()}`)
useTestDatabase()

const TODAY = '2025-04-20'
/** 2025-03-14: glucose 107 mg/dL (70-99), total cholesterol 230, HbA1c 6.3 */
const MERIDIAN = 'lab/LabResults_Meridian_2025-03-14.pdf'
/** 2025-01-22: glucose 78 */
const BLUEWATER = 'lab/bluewater_final_report.pdf'

let ocr: OcrEngine
let owner: Patient
let documentId: string

async function newPatient(): Promise<Patient> {
	const { user, organization } = await registerPatient({ name: 'Review Owner', email: `review-${randomUUID()}@example.test`, password: 'Correct-horse-9' })
	return { userId: user.id, organizationId: organization.id }
}

async function uploadAndProcess(patient: Patient, fixture: string) {
	const outcome = await storeUploadedDocument(patient, await receivedFixture(fixture))
	if (!outcome.ok) throw new Error(`refused: ${outcome.code}`)
	await processDocument({ organizationId: patient.organizationId, documentId: outcome.documentId }, { ocr })
	// the fixtures name their own fictional patients: answered 'This is me', as the owner would
	await confirmAsOwn(patient, [outcome.documentId])
	return outcome.documentId
}

function rowsOf(patient: Patient, id: string) {
	return withTenant(patient.organizationId, (tx) => tx.select().from(healthParameters).where(eq(healthParameters.documentId, id)))
}

async function glucoseRow() {
	const rows = await rowsOf(owner, documentId)
	const glucose = rows.find((row) => row.code === 'glucose')
	if (!glucose) throw new Error('no glucose row')
	return glucose
}

async function glucosePoints() {
	const series = await getParameterSeries(owner, { code: 'glucose', today: TODAY, days: 365 })
	return series.points.map((point) => ({ date: point.date, value: point.value }))
}

async function auditActions(targetId: string) {
	const rows = await getDb()
		.select()
		.from(auditLog)
		.where(and(eq(auditLog.targetType, 'health_parameter'), eq(auditLog.targetId, targetId)))
	return rows.map((row) => row.action)
}

beforeAll(async () => {
	ocr = createDefaultOcrEngine()
	owner = await newPatient()
	await uploadAndProcess(owner, BLUEWATER)
	documentId = await uploadAndProcess(owner, MERIDIAN)
	// the plausibility rules kept the glucose value to check (as processing stores a value the reading doubted)
	const glucose = await glucoseRow()
	await withTenant(owner.organizationId, (tx) =>
		tx
			.update(healthParameters)
			.set({ reviewStatus: 'to_check', reviewCode: 'range_implausible', reviewReason: 'The reference range "70-99" is unusual for Glucose.' })
			.where(eq(healthParameters.id, glucose.id)),
	)
})

afterAll(async () => {
	await (ocr as OcrEngine & { close?: () => Promise<void> }).close?.()
})

describe('a value kept "to check"', () => {
	it('is stored as to check with its reason when the reading doubted it', async () => {
		const other = await newPatient()
		const otherDocument = await uploadAndProcess(other, BLUEWATER)
		const [row] = await rowsOf(other, otherDocument)
		await withTenant(other.organizationId, (tx) =>
			replaceDocumentParameters(tx, { id: otherDocument, ownerId: other.userId }, [
				{
					code: row.code,
					loinc: row.loinc,
					name: row.name,
					value: row.value,
					valueText: row.valueText,
					unit: row.unit,
					ucumUnit: row.ucumUnit,
					referenceRangeMin: row.referenceRangeMin,
					referenceRangeMax: row.referenceRangeMax,
					referenceRangeText: row.referenceRangeText,
					status: row.status,
					testDate: row.testDate,
					toCheck: { code: 'unit_dimension', reason: 'The unit "U/L" does not measure Glucose.' },
				},
			]),
		)
		const [stored] = await rowsOf(other, otherDocument)
		expect(stored).toMatchObject({ reviewStatus: 'to_check', reviewCode: 'unit_dimension', reviewReason: 'The unit "U/L" does not measure Glucose.' })
		expect(await listParameters(other)).toEqual([])
	})

	it('is absent from trends, lists and Compare Records until the patient confirms it', async () => {
		expect(await glucosePoints()).toEqual([{ date: '2025-01-22', value: 78 }])
		const listed = await listParameters(owner, { codes: ['glucose'] })
		expect(listed.map((row) => row.testDate)).toEqual(['2025-01-22'])
		const comparison = await compareTestDates(owner, '2025-01-22', '2025-03-14')
		const compared = comparison.parameters.find((row) => row.code === 'glucose')
		expect(compared?.left?.value).toBe(78)
		expect(compared?.right ?? null).toBeNull()
	})

	it('refuses another patient, changing nothing', async () => {
		const stranger = await newPatient()
		const glucose = await glucoseRow()
		const outcome = await reviewDocumentValue(stranger, documentId, { intent: 'confirm-value', parameterId: glucose.id })
		expect(outcome).toMatchObject({ ok: false, kind: 'not-found' })
		// the owner's id for a row of another document: not found either
		const wrongDocument = await reviewDocumentValue(owner, randomUUID(), { intent: 'confirm-value', parameterId: glucose.id })
		expect(wrongDocument).toMatchObject({ ok: false, kind: 'not-found' })
		expect((await glucoseRow()).reviewStatus).toBe('to_check')
		expect(await auditActions(glucose.id)).toEqual([])
	})

	it('counts once confirmed, with an audit entry', async () => {
		const glucose = await glucoseRow()
		expect(await reviewDocumentValue(owner, documentId, { intent: 'confirm-value', parameterId: glucose.id })).toMatchObject({ ok: true })
		expect((await glucoseRow()).reviewStatus).toBe('confirmed')
		expect(await glucosePoints()).toEqual([
			{ date: '2025-01-22', value: 78 },
			{ date: '2025-03-14', value: 107 },
		])
		expect(await auditActions(glucose.id)).toEqual(['health.value.confirm'])
	})
})

describe("the patient's corrections", () => {
	it('puts a corrected value in the trends, keeps the reading and audits the change', async () => {
		const glucose = await glucoseRow()
		const outcome = await reviewDocumentValue(owner, documentId, {
			intent: 'correct-value',
			parameterId: glucose.id,
			value: '101',
			unit: 'mg/dL',
			range: '70 - 99',
		})
		expect(outcome).toMatchObject({ ok: true })
		expect(await glucosePoints()).toEqual([
			{ date: '2025-01-22', value: 78 },
			{ date: '2025-03-14', value: 101 },
		])
		// corrected twice: the original stays the first reading
		await reviewDocumentValue(owner, documentId, { intent: 'correct-value', parameterId: glucose.id, value: '102', unit: 'mg/dL', range: '70 - 99' })
		const corrected = await glucoseRow()
		expect(corrected).toMatchObject({
			reviewStatus: 'corrected',
			value: 102,
			valueText: '102',
			status: 'high',
			referenceRangeMin: 70,
			referenceRangeMax: 99,
			originalValueText: glucose.valueText,
			originalUnit: glucose.unit,
		})
		expect(corrected.originalValueText).toBe('107')
		expect(await auditActions(glucose.id)).toEqual(['health.value.confirm', 'health.value.correct', 'health.value.correct'])
		const [entry] = await getDb()
			.select()
			.from(auditLog)
			.where(and(eq(auditLog.action, 'health.value.correct'), eq(auditLog.targetId, glucose.id)))
		expect(entry.details).toEqual({ documentId })
	})

	it('refuses a range it cannot read, beside the range field', async () => {
		const glucose = await glucoseRow()
		const outcome = await reviewDocumentValue(owner, documentId, {
			intent: 'correct-value',
			parameterId: glucose.id,
			value: '90',
			unit: 'mg/dL',
			range: 'normal',
		})
		expect(outcome).toMatchObject({ ok: false, kind: 'invalid', field: 'range' })
		expect((await glucoseRow()).value).toBe(102)
	})

	it('adds a value the reading missed, dated as the document', async () => {
		const outcome = await reviewDocumentValue(owner, documentId, { intent: 'add-value', code: 'ferritin', value: '80', unit: 'ng/mL', range: '30 - 400' })
		expect(outcome.ok).toBe(true)
		const [ferritin] = await listParameters(owner, { codes: ['ferritin'] })
		expect(ferritin).toMatchObject({ name: 'Ferritin', value: 80, unit: 'ng/mL', testDate: '2025-03-14', status: 'normal', documentId })
		expect(await auditActions(ferritin.id)).toEqual(['health.value.add'])
		expect(await reviewDocumentValue(owner, documentId, { intent: 'add-value', code: 'not_a_test', value: '1' })).toMatchObject({ ok: false, field: 'code' })
	})

	it('removes a row that is not a result from every count, keeping it marked', async () => {
		const glucose = await glucoseRow()
		expect(await reviewDocumentValue(owner, documentId, { intent: 'remove-value', parameterId: glucose.id })).toMatchObject({ ok: true })
		expect(await glucosePoints()).toEqual([{ date: '2025-01-22', value: 78 }])
		expect((await glucoseRow()).reviewStatus).toBe('removed')
		// a removed row takes no further change
		expect(await reviewDocumentValue(owner, documentId, { intent: 'confirm-value', parameterId: glucose.id })).toMatchObject({ ok: false, kind: 'not-found' })
		expect(await auditActions(glucose.id)).toContain('health.value.remove')
	})
})

describe("'Confirm all that look right'", () => {
	it('confirms every ticked value to check at once, each audited; one value not on the document changes nothing', async () => {
		const rows = await rowsOf(owner, documentId)
		const ticked = rows.filter((row) => row.code === 'total_cholesterol' || row.code === 'hba1c')
		expect(ticked).toHaveLength(2)
		await withTenant(owner.organizationId, (tx) =>
			tx
				.update(healthParameters)
				.set({ reviewStatus: 'to_check', reviewCode: 'several_results', reviewReason: 'The row shows several results side by side.' })
				.where(
					inArray(
						healthParameters.id,
						ticked.map((row) => row.id),
					),
				),
		)
		const ids = ticked.map((row) => row.id)
		const refused = await reviewDocumentValue(owner, documentId, { intent: 'confirm-values', parameterIds: [...ids, randomUUID()] })
		expect(refused).toMatchObject({ ok: false, kind: 'not-found' })
		expect((await rowsOf(owner, documentId)).filter((row) => ids.includes(row.id)).map((row) => row.reviewStatus)).toEqual(['to_check', 'to_check'])

		expect(await reviewDocumentValue(owner, documentId, { intent: 'confirm-values', parameterIds: ids })).toMatchObject({ ok: true })
		expect((await rowsOf(owner, documentId)).filter((row) => ids.includes(row.id)).map((row) => row.reviewStatus)).toEqual(['confirmed', 'confirmed'])
		for (const id of ids) expect(await auditActions(id)).toEqual(['health.value.confirm'])
	})
})
