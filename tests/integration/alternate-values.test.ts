import { randomUUID } from 'node:crypto'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { healthParameters } from '#db/schema/tenant.ts'
import { registerPatient } from '#server/auth/index.ts'
import { compareTestDates, getDocument, processDocument, storeUploadedDocument, type Patient } from '#server/documents/index.ts'
import { createDefaultOcrEngine, type ExtractedParameter } from '#server/extraction/index.ts'
import { markAlternateRows } from '#server/extraction/rows/same-analyte.ts'
import { getParameterSeries, listParameters, replaceDocumentParameters } from '#server/health/index.ts'
import { withTenant } from '#server/tenancy/index.ts'
import { confirmAsOwn, receivedFixture } from './document-upload.ts'
import { useTestDatabase } from './test-database.ts'

process.env.DATA_DIR = path.resolve(`tests/.tmp/data-alternate-values-${randomUUID()}`)
useTestDatabase()

/** a text PDF dated 2025-01-22; its own values are replaced below */
const BLUEWATER = 'lab/bluewater_final_report.pdf'
const DATE = '2025-01-22'

let owner: Patient
let documentId: string

function value(code: string, name: string, number: number, unit: string): ExtractedParameter & { testDate: typeof DATE } {
	return {
		code,
		loinc: null,
		name,
		value: number,
		valueText: String(number),
		unit,
		ucumUnit: unit === 'mL/min/1.73m2' ? 'mL/min/{1.73_m2}' : unit,
		referenceRangeMin: null,
		referenceRangeMax: null,
		referenceRangeText: null,
		status: null,
		testDate: DATE,
	}
}

beforeAll(async () => {
	const { user, organization } = await registerPatient({ name: 'Two Values', email: `alternate-${randomUUID()}@example.test`, password: 'Correct-horse-9' })
	owner = { userId: user.id, organizationId: organization.id }
	const outcome = await storeUploadedDocument(owner, await receivedFixture(BLUEWATER))
	if (!outcome.ok) throw new Error(`refused: ${outcome.code}`)
	documentId = outcome.documentId
	await processDocument({ organizationId: owner.organizationId, documentId }, { ocr: createDefaultOcrEngine() })
	await confirmAsOwn(owner, [documentId])
	// as processing stores a report printing eGFR for two populations and glucose in two units
	const read = markAlternateRows([
		value('egfr', 'eGFR non-African American', 88, 'mL/min/1.73m2'),
		value('egfr', 'eGFR African American', 102, 'mL/min/1.73m2'),
		value('glucose', 'Glucose (mmol/L)', 5.1, 'mmol/L'),
		value('glucose', 'Glucose (mg/dL)', 92, 'mg/dL'),
	]) as Array<ExtractedParameter & { testDate: typeof DATE }>
	await withTenant(owner.organizationId, (tx) => replaceDocumentParameters(tx, { id: documentId, ownerId: owner.userId }, read))
})

describe('several values of one analyte on a document', () => {
	it('stores every printed row, the ones not chosen marked alternate', async () => {
		const rows = await withTenant(owner.organizationId, (tx) => tx.select().from(healthParameters).where(eq(healthParameters.documentId, documentId)))
		expect(rows.map((row) => [row.name, row.value, row.alternate]).sort()).toEqual([
			['Glucose (mg/dL)', 92, false],
			['Glucose (mmol/L)', 5.1, true],
			['eGFR African American', 102, true],
			['eGFR non-African American', 88, false],
		])
	})

	it('shows each on the document page under its printed name, in the order printed', async () => {
		const document = await getDocument(owner, documentId)
		expect(document?.parameters.map((row) => [row.name, row.valueText, row.unit])).toEqual([
			['eGFR non-African American', '88', 'mL/min/1.73m2'],
			['eGFR African American', '102', 'mL/min/1.73m2'],
			['Glucose (mmol/L)', '5.1', 'mmol/L'],
			['Glucose (mg/dL)', '92', 'mg/dL'],
		])
	})

	it('counts one value per code and date in lists, trends and Compare Records', async () => {
		const listed = await listParameters(owner, { codes: ['egfr', 'glucose'] })
		expect(listed.map((row) => [row.code, row.value]).sort()).toEqual([
			['egfr', 88],
			['glucose', 92],
		])
		const series = await getParameterSeries(owner, { code: 'egfr', today: '2025-04-20', days: 365 })
		expect(series.points.map((point) => point.value)).toEqual([88])
		const comparison = await compareTestDates(owner, DATE, DATE)
		expect(comparison.parameters.filter((row) => row.code === 'glucose').map((row) => row.left?.value)).toEqual([92])
	})
})
