import { and, asc, eq, inArray, max, ne } from 'drizzle-orm'
import { healthParameters, printedNameChoices, printedResults } from '#db/schema/tenant.ts'
import type { Patient } from '#server/auth/patient.ts'
import { refuse, succeed, type Result } from '#server/errors/shared/result.ts'
import type { UnmappedResult } from '#server/extraction/types.ts'
import { findAnalyteByCode, type Analyte } from '#server/lab-vocabulary/index.ts'
import type { TenantTransaction } from '#server/tenancy/index.ts'
import { analyteUnitLabel, printedNameKey, trendValueOf, type TrendValue } from './printed-result-coding.ts'
import { PRINTED_RESULT_TEXTS, type PrintedResultChange } from './shared/printed-results.ts'
import type { LocalDate } from './shared/types.ts'

/**
 * Every printed result is kept (issue 38 point 3). A row a report prints under a name the
 * vocabulary does not know is stored with its document (printed_results, health's table:
 * decision 011) and shown on its page 'not in trends'. The patient says which analyte it is:
 * a health parameter with the analyte's code is made from it, in the analyte's unit
 * (printed-result-coding.ts), and joins the trends; the choice is remembered for the printed
 * name, per patient (printed_name_choices), so the next document printing that name is coded
 * when it is processed. The documents module checks the document is the patient's and writes
 * the audit entry (documents/printed-results.ts); values and names never reach the audit.
 *
 * Remembered per patient, not per organization: records are their owner's alone (an
 * organization holds many patients, or a clinic's staff and patients), so one member's choice
 * must neither code another's documents without their knowing nor tell them which tests that
 * member had; and a patient's reading of their own laboratory's name is not a fact about every
 * laboratory printing it. A vocabulary everyone shares grows from lists made for it
 * (analytes.json), not from choices.
 */

/** A printed row of a document (its test date settled: the document's date when the row had none). */
export type DocumentPrintedResult = Omit<UnmappedResult, 'testDate'> & { testDate: LocalDate }

export type PrintedResultCode = 'not-found' | 'unknown-code' | 'unit-incompatible' | 'value-implausible' | 'already-on-document'
export type PrintedResultOutcome = Result<{ printedResultId: string; action: 'health.value.code' | 'health.value.uncode' }, PrintedResultCode, 'code'>

type Owner = Pick<Patient, 'userId'>
type PrintedResultRow = typeof printedResults.$inferSelect
type CodedBy = NonNullable<PrintedResultRow['codedBy']>
type CodingRefusal = Exclude<PrintedResultCode, 'not-found' | 'unknown-code'>

/**
 * Replaces the document's printed rows with `rows` (a processing run, or a second run of it),
 * and codes each row whose printed name the owner has coded before (when its unit fits that
 * analyte and the document holds no counted value of it yet). Call after
 * replaceDocumentParameters, in the same transaction: the parameters made from the rows of an
 * earlier run went with the document's other parameters. Returns how many rows were coded.
 */
export async function replaceDocumentPrintedResults(
	tx: TenantTransaction,
	document: { id: string; ownerId: string },
	rows: DocumentPrintedResult[],
): Promise<{ coded: number }> {
	await tx.delete(printedResults).where(eq(printedResults.documentId, document.id))
	if (rows.length === 0) return { coded: 0 }
	const stored = await tx
		.insert(printedResults)
		.values(
			rows.map((row, position) => ({
				ownerId: document.ownerId,
				documentId: document.id,
				name: row.name,
				value: row.value,
				valueText: row.valueText,
				unit: row.unit,
				referenceRangeMin: row.referenceRangeMin,
				referenceRangeMax: row.referenceRangeMax,
				referenceRangeText: row.referenceRangeText,
				status: row.status,
				testDate: row.testDate,
				position,
			})),
		)
		.returning()
	const choices = await selectChoices(tx, { userId: document.ownerId }, [...new Set(stored.map((row) => printedNameKey(row.name)))])
	let coded = 0
	for (const row of stored) {
		const analyte = findAnalyteByCode(choices.get(printedNameKey(row.name)) ?? '')
		if (!analyte) continue
		// an earlier choice that does not fit this row (another unit, a value it cannot be) leaves it as printed
		const trend = await trendValueFor(tx, row, analyte)
		if (!trend.ok) continue
		await makeTrendValue(tx, row, trend.value, 'earlier_choice')
		coded++
	}
	return { coded }
}

/** Removes a document's printed rows (its processing failed). */
export async function removeDocumentPrintedResults(tx: TenantTransaction, documentId: string): Promise<void> {
	await tx.delete(printedResults).where(eq(printedResults.documentId, documentId))
}

/**
 * A document's printed rows in its order, each with the analyte it was coded as (and the trend
 * value made from it) when it is coded. The caller has checked the document is the patient's.
 */
export async function selectDocumentPrintedResults(tx: TenantTransaction, documentId: string) {
	const rows = await tx
		.select({
			id: printedResults.id,
			name: printedResults.name,
			value: printedResults.value,
			valueText: printedResults.valueText,
			unit: printedResults.unit,
			referenceRangeText: printedResults.referenceRangeText,
			referenceRangeMin: printedResults.referenceRangeMin,
			referenceRangeMax: printedResults.referenceRangeMax,
			status: printedResults.status,
			testDate: printedResults.testDate,
			codedBy: printedResults.codedBy,
			parameterId: printedResults.parameterId,
			code: healthParameters.code,
			codedValueText: healthParameters.valueText,
			codedUnit: healthParameters.unit,
		})
		.from(printedResults)
		.leftJoin(healthParameters, eq(healthParameters.id, printedResults.parameterId))
		.where(eq(printedResults.documentId, documentId))
		.orderBy(asc(printedResults.position))
	return rows.map(({ code, codedValueText, codedUnit, parameterId, ...row }) => {
		const analyte = code ? findAnalyteByCode(code) : undefined
		return {
			...row,
			coded:
				parameterId && code && row.codedBy
					? { parameterId, code, analyteName: analyte?.name ?? code, valueText: codedValueText ?? '', unit: codedUnit, by: row.codedBy }
					: null,
		}
	})
}

export type DocumentPrintedResultView = Awaited<ReturnType<typeof selectDocumentPrintedResults>>[number]

/**
 * The patient codes a printed row as an analyte (or codes it again as another), or undoes it:
 * inside the documents module's transaction, after it checked the document is the patient's.
 */
export async function applyPrintedResultChange(
	tx: TenantTransaction,
	patient: Owner,
	documentId: string,
	change: PrintedResultChange,
): Promise<PrintedResultOutcome> {
	const mine = and(eq(printedResults.id, change.printedResultId), eq(printedResults.ownerId, patient.userId), eq(printedResults.documentId, documentId))
	const [row] = await tx.select().from(printedResults).where(mine).for('update')
	if (!row) return refuse('not-found', 'not-found', PRINTED_RESULT_TEXTS.notFound)
	const nameKey = printedNameKey(row.name)

	if (change.intent === 'uncode-printed-result') {
		const code = await uncodeRow(tx, row)
		// the choice is forgotten: the next report printing this name stays as printed
		if (code) await tx.delete(printedNameChoices).where(and(eq(printedNameChoices.ownerId, patient.userId), eq(printedNameChoices.nameKey, nameKey)))
		return succeed({ printedResultId: row.id, action: 'health.value.uncode' })
	}

	const analyte = findAnalyteByCode(change.code)
	if (!analyte || analyte.category === 'vitals') return refuse('invalid', 'unknown-code', PRINTED_RESULT_TEXTS.codeUnknown, 'code')
	// judged before anything changes: a refused choice leaves the row as it was
	const trend = await trendValueFor(tx, row, analyte)
	if (!trend.ok) return refuse('invalid', trend.code, refusalText(trend.code, analyte), 'code')
	// coded again as another analyte: the earlier trend value goes first
	await uncodeRow(tx, row)
	await makeTrendValue(tx, row, trend.value, 'patient')
	const now = new Date()
	await tx
		.insert(printedNameChoices)
		.values({ ownerId: patient.userId, nameKey, code: analyte.code })
		.onConflictDoUpdate({ target: [printedNameChoices.ownerId, printedNameChoices.nameKey], set: { code: analyte.code, updatedAt: now } })
	return succeed({ printedResultId: row.id, action: 'health.value.code' })
}

function refusalText(code: CodingRefusal, analyte: Analyte): string {
	switch (code) {
		case 'unit-incompatible':
			return PRINTED_RESULT_TEXTS.unitIncompatible(analyte.name, analyte.units.slice(0, 3).join(', ') || (analyteUnitLabel(analyte) ?? ''))
		case 'value-implausible':
			return PRINTED_RESULT_TEXTS.valueImplausible(analyte.name)
		case 'already-on-document':
			return PRINTED_RESULT_TEXTS.alreadyOnDocument(analyte.name)
	}
}

/** The row's trend value as `analyte`, or why it cannot be one: its unit or value, or its document already has a value of it. */
async function trendValueFor(tx: TenantTransaction, row: PrintedResultRow, analyte: Analyte): Promise<Result<{ value: TrendValue }, CodingRefusal>> {
	const trend = trendValueOf(analyte, row)
	if (!trend.ok) return refuse('invalid', trend.code, '')
	// one value per analyte and date from a document stands in trends (decision 022): a second is not made (the row's own aside)
	const [held] = await tx
		.select({ id: healthParameters.id })
		.from(healthParameters)
		.where(
			and(
				eq(healthParameters.documentId, row.documentId),
				eq(healthParameters.code, analyte.code),
				eq(healthParameters.testDate, row.testDate),
				ne(healthParameters.reviewStatus, 'removed'),
				eq(healthParameters.alternate, false),
				row.parameterId ? ne(healthParameters.id, row.parameterId) : undefined,
			),
		)
		.limit(1)
	if (held) return refuse('invalid', 'already-on-document', '')
	return succeed({ value: trend.value })
}

/** Makes the row's trend value and links it to the row. */
async function makeTrendValue(tx: TenantTransaction, row: PrintedResultRow, trend: TrendValue, by: CodedBy): Promise<void> {
	const [last] = await tx
		.select({ position: max(healthParameters.position) })
		.from(healthParameters)
		.where(eq(healthParameters.documentId, row.documentId))
	const { isConverted: _isConverted, ...value } = trend
	const now = new Date()
	const [made] = await tx
		.insert(healthParameters)
		.values({
			ownerId: row.ownerId,
			documentId: row.documentId,
			source: 'document',
			name: row.name,
			...value,
			testDate: row.testDate,
			position: (last?.position ?? -1) + 1,
			reviewStatus: 'accepted',
			reviewedAt: now,
		})
		.returning({ id: healthParameters.id })
	await tx.update(printedResults).set({ parameterId: made.id, codedBy: by, codedAt: now }).where(eq(printedResults.id, row.id))
}

/** Takes the row's trend value away; the code it had, or null when it was not coded. */
async function uncodeRow(tx: TenantTransaction, row: PrintedResultRow): Promise<string | null> {
	if (!row.parameterId) return null
	const [removed] = await tx
		.delete(healthParameters)
		.where(and(eq(healthParameters.id, row.parameterId), eq(healthParameters.ownerId, row.ownerId)))
		.returning({ code: healthParameters.code })
	await tx.update(printedResults).set({ parameterId: null, codedBy: null, codedAt: null }).where(eq(printedResults.id, row.id))
	return removed?.code ?? null
}

/** The owner's remembered choices for these printed-name keys. */
async function selectChoices(tx: TenantTransaction, owner: Owner, keys: string[]): Promise<Map<string, string>> {
	if (keys.length === 0) return new Map()
	const rows = await tx
		.select({ nameKey: printedNameChoices.nameKey, code: printedNameChoices.code })
		.from(printedNameChoices)
		.where(and(eq(printedNameChoices.ownerId, owner.userId), inArray(printedNameChoices.nameKey, keys)))
	return new Map(rows.map((row) => [row.nameKey, row.code]))
}
