import { and, eq, inArray, sql } from 'drizzle-orm'
import { documents } from '#db/schema/tenant.ts'
import { convertValue, findAnalyteByCode, foldInternationalUnit, toUcum } from '#server/lab-vocabulary/index.ts'
import { selectParametersOnDates, selectTestDates, type DocumentParameterValue } from '#server/health/index.ts'
import { withTenant } from '#server/tenancy/index.ts'
import type { Patient } from './queries.ts'

/** One side of a compared parameter: a stored value without its date. */
type ParameterRow = Omit<DocumentParameterValue, 'testDate'>

export type ComparedParameter = {
	code: string
	name: string
	left: ParameterRow | null
	right: ParameterRow | null
	/** right minus left in the right's unit, when both exist in units UCUM can compare. */
	change: number | null
	changePercent: number | null
	/** The left value in the right's unit, when the two units differ by a factor (g/L and g/dL); else null. */
	leftConverted: number | null
}

/**
 * The left value in the right's unit: as it is when the units are the same
 * UCUM unit however printed ('10^3/uL', 'x10^3/uL', '10*3/uL', 'K/uL') or
 * equal by UCUM with IU as U ('IU/L' and 'U/L', 'µIU/mL' and 'mIU/L':
 * foldInternationalUnit), converted when they differ by a factor (with the
 * analyte's molar mass between mass and substance concentrations); null when
 * they do not compare.
 */
export function leftInRightUnit(
	code: string,
	left: Pick<ParameterRow, 'value' | 'unit' | 'ucumUnit'>,
	right: Pick<ParameterRow, 'unit' | 'ucumUnit'>,
): { value: number; isConverted: boolean } | null {
	if ((left.unit ?? '') === (right.unit ?? '')) return { value: left.value, isConverted: false }
	const from = left.ucumUnit ?? toUcum(left.unit)
	const to = right.ucumUnit ?? toUcum(right.unit)
	if (!from || !to) return null
	if (from === to) return { value: left.value, isConverted: false }
	// UCUM equality with IU as U (lab-vocabulary's foldInternationalUnit): IU/L and U/L, µIU/mL and mIU/L
	const converted = convertValue(left.value, foldInternationalUnit(from), foldInternationalUnit(to), findAnalyteByCode(code)?.molarMass)
	if (converted === null) return null
	// a factor of one is the same unit written another way: the value is shown as it is
	const isSameQuantity = Math.abs(converted - left.value) <= Math.abs(left.value) * 1e-12
	return isSameQuantity ? { value: left.value, isConverted: false } : { value: converted, isConverted: true }
}

/** Test dates on which the patient has lab values, newest first. */
export async function listTestDates(patient: Patient) {
	return withTenant(patient.organizationId, (tx) => selectTestDates(tx, patient))
}

/** Pairs each parameter measured on either date, side by side, with the change between them. */
export function pairParameters(left: ParameterRow[], right: ParameterRow[]): ComparedParameter[] {
	const byCode = new Map<string, ComparedParameter>()
	for (const [side, rows] of [
		['left', left],
		['right', right],
	] as const) {
		for (const row of rows) {
			const entry = byCode.get(row.code) ?? { code: row.code, name: row.name, left: null, right: null, change: null, changePercent: null, leftConverted: null }
			if (!entry[side]) entry[side] = row
			byCode.set(row.code, entry)
		}
	}
	for (const entry of byCode.values()) {
		if (!entry.left || !entry.right) continue
		const left = leftInRightUnit(entry.code, entry.left, entry.right)
		if (!left) continue
		entry.change = round(entry.right.value - left.value)
		entry.changePercent = left.value !== 0 ? round(((entry.right.value - left.value) / Math.abs(left.value)) * 100, 1) : null
		entry.leftConverted = left.isConverted ? round(left.value, 4) : null
	}
	return [...byCode.values()]
}

function round(value: number, digits = 2) {
	const factor = 10 ** digits
	return Math.round(value * factor) / factor
}

/** The Compare Records view: both dates' parameters paired, and each date's documents. */
export async function compareTestDates(patient: Patient, leftDate: string, rightDate: string) {
	return withTenant(patient.organizationId, async (tx) => {
		const rows = await selectParametersOnDates(tx, patient, [leftDate, rightDate])
		const documentIds = [...new Set(rows.map((row) => row.documentId).filter((id): id is string => !!id))]
		const dateDocuments = documentIds.length
			? await tx
					.select({
						id: documents.id,
						title: documents.title,
						documentType: documents.documentType,
						provider: documents.provider,
						documentDate: documents.documentDate,
						hasPreview: sql<boolean>`${documents.previewKey} is not null`,
					})
					.from(documents)
					.where(and(eq(documents.ownerId, patient.userId), inArray(documents.id, documentIds)))
			: []
		const documentsOn = (date: string) => {
			const ids = new Set(rows.filter((row) => row.testDate === date).map((row) => row.documentId))
			return dateDocuments.filter((document) => ids.has(document.id))
		}
		return {
			parameters: pairParameters(
				rows.filter((row) => row.testDate === leftDate),
				rows.filter((row) => row.testDate === rightDate),
			),
			leftDocuments: documentsOn(leftDate),
			rightDocuments: documentsOn(rightDate),
		}
	})
}
