import { MANUAL_READING_LABELS, type ManualReadingKind } from './manual-reading.ts'
import type { LocalDate, ParameterStatus } from './types.ts'

/**
 * A manual reading is stored as one or more health-parameter rows (blood
 * pressure: systolic, diastolic and maybe heart rate; weight with height:
 * weight, height and BMI). The rows of one reading are inserted by one
 * statement, so they share their owner, test date and created_at (the
 * transaction's timestamp); that is what groups them back into a reading.
 * The reading's id is the id of its first row (lowest position).
 */

export type ManualParameterRow = {
	id: string
	code: string
	name: string
	value: number
	unit: string | null
	status: ParameterStatus | null
	testDate: LocalDate
	createdAt: Date
	position: number
}

export type ManualReadingValue = { code: string; name: string; text: string; status: ParameterStatus | null }

export type ManualReadingEntry = {
	id: string
	kind: ManualReadingKind | null
	label: string
	testDate: LocalDate
	addedAt: Date
	/** '128/82 mmHg, heart rate 64 bpm', 'Weight 80 kg, Height 180 cm, BMI 24.7'. */
	summary: string
	values: ManualReadingValue[]
	rowIds: string[]
}

const CHOLESTEROL_CODES = new Set(['total_cholesterol', 'ldl', 'hdl', 'triglycerides'])

/** The kind of reading a group of rows came from, judged by its first row. */
export function manualReadingKindOf(codes: string[]): ManualReadingKind | null {
	const [first] = codes
	if (first === undefined) return null
	if (first === 'systolic_bp' || first === 'diastolic_bp') return 'blood_pressure'
	if (first === 'weight' || first === 'bmi') return 'weight'
	if (CHOLESTEROL_CODES.has(first)) return 'cholesterol'
	const direct: Record<string, ManualReadingKind> = {
		height: 'height',
		glucose: 'glucose',
		hba1c: 'hba1c',
		heart_rate: 'heart_rate',
		temperature: 'temperature',
		spo2: 'spo2',
	}
	return direct[first] ?? null
}

/** '128 mmHg', '6.1%', '24.7' (BMI shows no unit). */
export function formatStoredValue(value: number, unit: string | null, code: string): string {
	const number = String(Math.round(value * 100) / 100)
	if (!unit || code === 'bmi') return number
	if (unit === '%' || unit.startsWith('°')) return `${number}${unit}`
	return `${number} ${unit}`
}

/**
 * A reading as one line under its label: 'Weight: 80 lb, Height 180 cm', not
 * 'Weight: Weight 80 lb' (the summary names its first value, the label already does).
 */
export function readingLine(reading: Pick<ManualReadingEntry, 'label' | 'summary'>): string {
	const prefix = `${reading.label} `
	const summary = reading.summary.toLowerCase().startsWith(prefix.toLowerCase()) ? reading.summary.slice(prefix.length) : reading.summary
	return `${reading.label}: ${summary}`
}

function summaryOf(kind: ManualReadingKind | null, rows: ManualParameterRow[]): string {
	const byCode = new Map(rows.map((row) => [row.code, row]))
	const systolic = byCode.get('systolic_bp')
	const diastolic = byCode.get('diastolic_bp')
	if (kind === 'blood_pressure' && systolic && diastolic) {
		const heartRate = byCode.get('heart_rate')
		const pressure = `${formatStoredValue(systolic.value, null, 'systolic_bp')}/${formatStoredValue(diastolic.value, 'mmHg', 'diastolic_bp')}`
		return heartRate ? `${pressure}, heart rate ${formatStoredValue(heartRate.value, heartRate.unit, 'heart_rate')}` : pressure
	}
	return rows.map((row) => `${row.name} ${formatStoredValue(row.value, row.unit, row.code)}`).join(', ')
}

/** Groups manual rows into readings, newest added first. */
export function groupManualReadings(rows: ManualParameterRow[]): ManualReadingEntry[] {
	const groups = new Map<string, ManualParameterRow[]>()
	for (const row of rows) {
		const key = `${row.createdAt.getTime()}|${row.testDate}`
		const group = groups.get(key) ?? []
		group.push(row)
		groups.set(key, group)
	}
	const entries = [...groups.values()].map((group): ManualReadingEntry => {
		const sorted = [...group].sort((a, b) => a.position - b.position || (a.id < b.id ? -1 : 1))
		const kind = manualReadingKindOf(sorted.map((row) => row.code))
		return {
			id: sorted[0].id,
			kind,
			label: kind ? MANUAL_READING_LABELS[kind] : sorted[0].name,
			testDate: sorted[0].testDate,
			addedAt: sorted[0].createdAt,
			summary: summaryOf(kind, sorted),
			values: sorted.map((row) => ({
				code: row.code,
				name: row.name,
				text: formatStoredValue(row.value, row.unit, row.code),
				status: row.status,
			})),
			rowIds: sorted.map((row) => row.id),
		}
	})
	return entries.sort((a, b) => b.addedAt.getTime() - a.addedAt.getTime() || (a.testDate === b.testDate ? 0 : a.testDate < b.testDate ? 1 : -1))
}
