import { randomUUID } from 'node:crypto'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { getDb } from '#db/client.ts'
import { auditLog } from '#db/schema/platform.ts'
import { healthParameters, printedNameChoices } from '#db/schema/tenant.ts'
import { registerPatient } from '#server/auth/index.ts'
import { getDocument, inProcessExtractor, processDocument, reviewPrintedResult, type Patient } from '#server/documents/index.ts'
import { getParameterSeries } from '#server/health/index.ts'
import { withTenant } from '#server/tenancy/index.ts'
import { buildCcd } from '../support/ccda-builder.ts'
import { KNOWN_ROWS, reportWithRows } from '../support/uncoded-row-report.ts'
import { uploadAndProcess } from './document-upload.ts'
import { useTestDatabase } from './test-database.ts'

/**
 * Issue 38 point 3: every printed result is kept. Rows under names the vocabulary does not know
 * are stored with their document and listed on it 'not in trends'; the patient says which analyte
 * one is and it joins the trend (converted into the analyte's unit); the choice codes the next
 * report printing the same name; undo takes it back. Another patient's row, an unknown analyte
 * and a unit that cannot be the analyte's are refused and change nothing.
 */

process.env.DATA_DIR = path.resolve(`tests/.tmp/data-printed-results-${randomUUID()}`)
useTestDatabase()

const TODAY = '2025-06-30'
const NAME = 'Ana Lima'

let owner: Patient
let firstId: string

async function newPatient(name = NAME): Promise<Patient> {
	const { user, organization } = await registerPatient({ name, email: `printed-${randomUUID()}@example.test`, password: 'Correct-horse-9' })
	return { userId: user.id, organizationId: organization.id }
}

async function printedRowsOf(patient: Patient, documentId: string) {
	const document = await getDocument(patient, documentId)
	if (!document) throw new Error('no document')
	return document.printedResults
}

async function rowNamed(patient: Patient, documentId: string, name: string) {
	const row = (await printedRowsOf(patient, documentId)).find((candidate) => candidate.name === name)
	if (!row) throw new Error(`no printed row ${name}`)
	return row
}

async function glucosePoints(patient: Patient) {
	const series = await getParameterSeries(patient, { code: 'glucose', today: TODAY, days: 365 })
	return series.points.map((point) => ({ date: point.date, value: point.value }))
}

async function auditOf(targetId: string) {
	return getDb()
		.select({ action: auditLog.action, details: auditLog.details, targetType: auditLog.targetType })
		.from(auditLog)
		.where(eq(auditLog.targetId, targetId))
}

function choicesOf(patient: Patient) {
	return withTenant(patient.organizationId, (tx) => tx.select().from(printedNameChoices).where(eq(printedNameChoices.ownerId, patient.userId)))
}

beforeAll(async () => {
	owner = await newPatient()
	firstId = await uploadAndProcess(
		owner,
		await reportWithRows(NAME, '10 February 2025', [
			...KNOWN_ROWS,
			['Blood dextrose', '5.8', 'mmol/L', '3.9 - 5.5'],
			['Zonulin', '45', 'ng/mL', '13 - 60'],
			['Electrolyte 1', '141', 'mmol/L', '136 - 145'],
		]),
		'harbourside-february.pdf',
	)
})

describe('a row printed under a name the vocabulary does not know', () => {
	it('is stored with its document and listed on it as printed, with the status its range gives, not in trends', async () => {
		const rows = await printedRowsOf(owner, firstId)
		expect(rows.map((row) => [row.name, row.valueText, row.unit, row.referenceRangeText, row.status, row.testDate, row.coded])).toEqual([
			['Blood dextrose', '5.8', 'mmol/L', '3.9 - 5.5', 'high', '2025-02-10', null],
			['Zonulin', '45', 'ng/mL', '13 - 60', 'normal', '2025-02-10', null],
			['Electrolyte 1', '141', 'mmol/L', '136 - 145', 'normal', '2025-02-10', null],
		])
		// the known rows are the document's lab values, as before
		const document = await getDocument(owner, firstId)
		expect(document!.parameters.map((parameter) => parameter.code)).toEqual(['sodium', 'potassium'])
		expect(await glucosePoints(owner)).toEqual([])
	})

	it('joins the trend when the patient says which analyte it is, in the analyte’s unit, audited by ids alone', async () => {
		const dextrose = await rowNamed(owner, firstId, 'Blood dextrose')
		expect(await reviewPrintedResult(owner, firstId, { intent: 'code-printed-result', printedResultId: dextrose.id, code: 'glucose' })).toEqual({
			ok: true,
			printedResultId: dextrose.id,
		})
		const coded = await rowNamed(owner, firstId, 'Blood dextrose')
		expect(coded.coded).toMatchObject({ code: 'glucose', analyteName: 'Glucose', valueText: '104', unit: 'mg/dL', by: 'patient' })
		expect(await glucosePoints(owner)).toEqual([{ date: '2025-02-10', value: 104 }])
		const [parameter] = await withTenant(owner.organizationId, (tx) =>
			tx.select().from(healthParameters).where(eq(healthParameters.id, coded.coded!.parameterId)),
		)
		expect(parameter).toMatchObject({
			ownerId: owner.userId,
			documentId: firstId,
			code: 'glucose',
			name: 'Blood dextrose',
			value: 104,
			unit: 'mg/dL',
			referenceRangeMin: 70.3,
			referenceRangeMax: 99.1,
			status: 'high',
			reviewStatus: 'accepted',
		})
		const audit = await auditOf(dextrose.id)
		expect(audit).toEqual([{ action: 'health.value.code', targetType: 'printed_result', details: { documentId: firstId } }])
		expect(JSON.stringify(audit)).not.toMatch(/dextrose|glucose|5\.8/i)
		expect((await choicesOf(owner)).map((choice) => [choice.nameKey, choice.code])).toEqual([['blood dextrose', 'glucose']])
	})

	it('codes the next report printing the same name by the earlier choice, converted the same way', async () => {
		const nextId = await uploadAndProcess(
			owner,
			await reportWithRows(NAME, '12 May 2025', [...KNOWN_ROWS, ['BLOOD DEXTROSE', '6.1', 'mmol/L', '3.9 - 5.5']]),
			'harbourside-may.pdf',
		)
		const row = await rowNamed(owner, nextId, 'BLOOD DEXTROSE')
		expect(row.coded).toMatchObject({ code: 'glucose', valueText: '110', unit: 'mg/dL', by: 'earlier_choice' })
		expect(await glucosePoints(owner)).toEqual([
			{ date: '2025-02-10', value: 104 },
			{ date: '2025-05-12', value: 110 },
		])

		// undone: out of the trend, kept as printed, and the choice is forgotten
		expect(await reviewPrintedResult(owner, nextId, { intent: 'uncode-printed-result', printedResultId: row.id })).toMatchObject({ ok: true })
		expect((await rowNamed(owner, nextId, 'BLOOD DEXTROSE')).coded).toBeNull()
		expect(await glucosePoints(owner)).toEqual([{ date: '2025-02-10', value: 104 }])
		expect(await choicesOf(owner)).toEqual([])
		expect((await auditOf(row.id)).map((entry) => entry.action)).toEqual(['health.value.uncode'])

		// so a third report printing the name stays as printed
		const thirdId = await uploadAndProcess(
			owner,
			await reportWithRows(NAME, '20 June 2025', [...KNOWN_ROWS, ['Blood dextrose', '5.2', 'mmol/L', '3.9 - 5.5']]),
			'harbourside-june.pdf',
		)
		expect((await rowNamed(owner, thirdId, 'Blood dextrose')).coded).toBeNull()
		expect(await glucosePoints(owner)).toEqual([{ date: '2025-02-10', value: 104 }])
	})

	it('refuses an analyte the vocabulary does not have, a vital sign, and a unit that cannot be the analyte’s, changing nothing', async () => {
		const zonulin = await rowNamed(owner, firstId, 'Zonulin')
		const code = (analyte: string) => reviewPrintedResult(owner, firstId, { intent: 'code-printed-result', printedResultId: zonulin.id, code: analyte })
		expect(await code('zonulin')).toMatchObject({ ok: false, kind: 'invalid', code: 'unknown-code', field: 'code', message: 'Choose a test from the list' })
		expect(await code('bmi')).toMatchObject({ ok: false, code: 'unknown-code' })
		// ng/mL is no unit of TSH (international units per volume)
		expect(await code('tsh')).toMatchObject({
			ok: false,
			kind: 'invalid',
			code: 'unit-incompatible',
			field: 'code',
			message: "This row's unit does not convert to TSH (mIU/L, uIU/mL, µIU/mL). Choose another test.",
		})
		// a mass concentration converts to glucose's mg/dL, but 0.0045 mg/dL is no glucose
		expect(await code('glucose')).toMatchObject({
			ok: false,
			code: 'value-implausible',
			message: 'This value cannot be Glucose in this unit. Choose another test.',
		})
		// a unit that converts, a value the analyte cannot have
		const electrolyte = await rowNamed(owner, firstId, 'Electrolyte 1')
		expect(await reviewPrintedResult(owner, firstId, { intent: 'code-printed-result', printedResultId: electrolyte.id, code: 'glucose' })).toMatchObject({
			ok: false,
			code: 'value-implausible',
		})
		// the report already has a sodium in the trend
		expect(await reviewPrintedResult(owner, firstId, { intent: 'code-printed-result', printedResultId: electrolyte.id, code: 'sodium' })).toMatchObject({
			ok: false,
			code: 'already-on-document',
			message: 'This report already has a value for Sodium in your trends. Choose another test.',
		})
		expect((await rowNamed(owner, firstId, 'Zonulin')).coded).toBeNull()
		expect((await rowNamed(owner, firstId, 'Electrolyte 1')).coded).toBeNull()
		expect(await auditOf(zonulin.id)).toEqual([])
		expect((await choicesOf(owner)).map((choice) => choice.nameKey)).toEqual([])
	})

	it("refuses another patient's row, through another organization or the patient's own document, changing nothing", async () => {
		const stranger = await newPatient('Sam Other')
		const strangersId = await uploadAndProcess(stranger, await reportWithRows('Sam Other', '3 March 2025', [...KNOWN_ROWS]), 'other.pdf')
		const zonulin = await rowNamed(owner, firstId, 'Zonulin')
		const change = { intent: 'code-printed-result' as const, printedResultId: zonulin.id, code: 'albumin' }
		expect(await reviewPrintedResult(stranger, firstId, change)).toMatchObject({ ok: false, kind: 'not-found' })
		expect(await reviewPrintedResult(stranger, strangersId, change)).toMatchObject({ ok: false, kind: 'not-found' })
		expect(await reviewPrintedResult(stranger, strangersId, { intent: 'uncode-printed-result', printedResultId: zonulin.id })).toMatchObject({
			ok: false,
			kind: 'not-found',
		})
		// the owner's row, named under another of the owner's documents: not found either
		const otherDocument = await newDocumentOf(owner)
		expect(await reviewPrintedResult(owner, otherDocument, change)).toMatchObject({ ok: false, kind: 'not-found' })
		expect(await reviewPrintedResult(owner, 'not-a-uuid', change)).toMatchObject({ ok: false, kind: 'not-found' })
		expect((await rowNamed(owner, firstId, 'Zonulin')).coded).toBeNull()
		expect(await getDocument(stranger, firstId)).toBeNull()
		expect(await auditOf(zonulin.id)).toEqual([])
	})

	it('is stored once when its document is processed again, coded again by the choice still remembered', async () => {
		const electrolyte = await rowNamed(owner, firstId, 'Electrolyte 1')
		expect(await reviewPrintedResult(owner, firstId, { intent: 'code-printed-result', printedResultId: electrolyte.id, code: 'chloride' })).toMatchObject({
			ok: true,
		})
		expect(await processDocument({ organizationId: owner.organizationId, documentId: firstId }, { extract: inProcessExtractor() })).toBe('processed')
		const rows = await printedRowsOf(owner, firstId)
		expect(rows.map((row) => [row.name, row.coded?.code ?? null, row.coded?.by ?? null])).toEqual([
			// its choice was undone on the May report: the reading is kept as printed
			['Blood dextrose', null, null],
			['Zonulin', null, null],
			['Electrolyte 1', 'chloride', 'earlier_choice'],
		])
		const values = await withTenant(owner.organizationId, (tx) =>
			tx.select({ code: healthParameters.code }).from(healthParameters).where(eq(healthParameters.documentId, firstId)),
		)
		expect(values.map((value) => value.code).sort()).toEqual(['chloride', 'potassium', 'sodium'])
	})
})

describe('a coded row coded again', () => {
	it('keeps its value when the new choice is refused, and takes the new one when it fits', async () => {
		const zonulin = await rowNamed(owner, firstId, 'Zonulin')
		const recode = (code: string) => reviewPrintedResult(owner, firstId, { intent: 'code-printed-result', printedResultId: zonulin.id, code })
		expect(await recode('ferritin')).toMatchObject({ ok: true })
		const coded = (await rowNamed(owner, firstId, 'Zonulin')).coded
		expect(coded).toMatchObject({ code: 'ferritin', valueText: '45', unit: 'ng/mL' })
		// refused: the row keeps its value
		expect(await recode('glucose')).toMatchObject({ ok: false, code: 'value-implausible' })
		expect(await recode('tsh')).toMatchObject({ ok: false, code: 'unit-incompatible' })
		expect((await rowNamed(owner, firstId, 'Zonulin')).coded).toMatchObject({ code: 'ferritin', parameterId: coded!.parameterId })
		// the same analyte again: its own value is no obstacle; another that fits replaces it
		expect(await recode('ferritin')).toMatchObject({ ok: true })
		expect(await recode('vitamin_d')).toMatchObject({ ok: true })
		const values = await withTenant(owner.organizationId, (tx) =>
			tx.select({ code: healthParameters.code }).from(healthParameters).where(eq(healthParameters.documentId, firstId)),
		)
		expect(values.map((value) => value.code).sort()).toEqual(['chloride', 'potassium', 'sodium', 'vitamin_d'])
		expect((await choicesOf(owner)).find((choice) => choice.nameKey === 'zonulin')?.code).toBe('vitamin_d')
	})
})

describe('a C-CDA result outside the vocabulary', () => {
	it('is listed on its document the same way', async () => {
		const patient = await newPatient('Avery Test')
		const ccd = buildCcd({
			documentId: randomUUID(),
			effectiveTime: '20250301',
			custodian: 'Harbourside Clinic',
			results: [
				{ loinc: '2345-7', name: 'Glucose', value: '92', unit: 'mg/dL', low: '70', high: '99', time: '20250301' },
				{ loinc: '', name: 'Zonulin', value: '80', unit: 'ng/mL', low: '13', high: '60', time: '20250301' },
			],
		})
		const documentId = await uploadAndProcess(patient, Buffer.from(ccd), 'summary.xml')
		const rows = await printedRowsOf(patient, documentId)
		expect(rows.map((row) => [row.name, row.valueText, row.unit, row.referenceRangeMin, row.referenceRangeMax, row.status, row.testDate])).toEqual([
			['Zonulin', '80', 'ng/mL', 13, 60, 'high', '2025-03-01'],
		])
	})
})

async function newDocumentOf(patient: Patient) {
	return uploadAndProcess(patient, await reportWithRows(NAME, '1 April 2025', [...KNOWN_ROWS]), 'april.pdf')
}
