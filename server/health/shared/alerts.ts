import { toLocalDate } from './dates.ts'
import { abnormalValueAlertMessage } from './messages.ts'
import { mostSevereStatus } from './readings.ts'
import { gradeParameter } from '#server/lab-vocabulary/shared/grading.ts'
import { isAbnormalStatus } from './reference-values.ts'
import type { DateInput, HealthParameter, LocalDate, ParameterStatus, ReferenceRange } from './types.ts'

/**
 * Dashboard alerts: for every parameter code, its latest value (the rows of
 * the newest test date on or before today; of several rows that day the most
 * severe) when that value is low, high or critical. The stored status counts;
 * a row without one is graded by the one rule (gradeParameter, decision 025):
 * its own printed range, or the guideline that grades its code. Newest first; on the same date
 * critical before high/low, then by name.
 */

export type HealthAlert = {
	parameterId: string
	code: string
	name: string
	value: number
	unit: string | null
	status: 'low' | 'high' | 'critical'
	testDate: LocalDate
	referenceRange: ReferenceRange | null
	source: HealthParameter['source']
	documentId: string | null
	message: string
}

const SEVERITY: Record<ParameterStatus, number> = { normal: 0, low: 1, high: 1, critical: 2 }

function rangeOf(row: HealthParameter): ReferenceRange | null {
	if (row.referenceRangeMin !== null || row.referenceRangeMax !== null) {
		return { min: row.referenceRangeMin, max: row.referenceRangeMax }
	}
	return null
}

/** The stored status, or the one rule's grade when none is stored. */
export function effectiveStatusOf(row: HealthParameter): ParameterStatus | null {
	return row.status ?? gradeParameter({ code: row.code, value: row.value, unit: row.unit, min: row.referenceRangeMin, max: row.referenceRangeMax })
}

export function findAbnormalAlerts(parameters: HealthParameter[], today: DateInput): HealthAlert[] {
	const lastDate = toLocalDate(today)
	const newestByCode = new Map<string, HealthParameter[]>()
	for (const row of parameters) {
		if (row.testDate > lastDate || !Number.isFinite(row.value)) continue
		const current = newestByCode.get(row.code)
		if (!current || row.testDate > current[0].testDate) newestByCode.set(row.code, [row])
		else if (row.testDate === current[0].testDate) current.push(row)
	}
	const alerts: HealthAlert[] = []
	for (const rows of newestByCode.values()) {
		const graded = rows.map((row) => ({ row, status: effectiveStatusOf(row) }))
		const worst = mostSevereStatus(graded.map((entry) => entry.status))
		if (!isAbnormalStatus(worst)) continue
		const { row } = graded.find((entry) => entry.status === worst)!
		const valueText = row.unit ? `${row.value} ${row.unit}` : String(row.value)
		alerts.push({
			parameterId: row.id,
			code: row.code,
			name: row.name,
			value: row.value,
			unit: row.unit,
			status: worst,
			testDate: row.testDate,
			referenceRange: rangeOf(row),
			source: row.source,
			documentId: row.documentId,
			message: abnormalValueAlertMessage(row.name, worst, valueText, row.testDate),
		})
	}
	return alerts.sort(
		(a, b) =>
			(a.testDate === b.testDate ? 0 : a.testDate > b.testDate ? -1 : 1) || SEVERITY[b.status] - SEVERITY[a.status] || a.name.localeCompare(b.name, 'en-US'),
	)
}
