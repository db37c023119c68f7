import { canonicalUnitFor } from './reference-values.ts'
import { calculateBmi, hasCanonicalUnit, normalizeUnit, toCanonicalValue, toKilograms, toMetres } from './units.ts'
import type { HealthParameter, LocalDate, ParameterStatus, ReferenceRange } from './types.ts'

/**
 * Readings are the stored parameter rows of one code reduced to one value per
 * day: when a day has several rows of a code (two manual blood-pressure
 * readings, a lab repeat) the day's value is their mean. Values are in one
 * unit: the code's canonical unit when it has one (see units.ts), otherwise the
 * unit of the newest row, and rows in any other unit are left out.
 */

export type DailyReading = {
	date: LocalDate
	value: number
	unit: string | null
	/** The most severe stored status of the day's rows (critical > low/high > normal). */
	storedStatus: ParameterStatus | null
	/** Reference range stored on the day's rows (the last row that has one), if any. */
	storedReferenceRange: ReferenceRange | null
	parameterIds: string[]
}

/** One day's blood pressure: a systolic or a diastolic value, or both (a report may print only one). */
export type BloodPressureReading = {
	date: LocalDate
	systolic: number | null
	diastolic: number | null
	storedStatus: ParameterStatus | null
	systolicReferenceRange: ReferenceRange | null
	diastolicReferenceRange: ReferenceRange | null
}

export type BmiReading = {
	date: LocalDate
	value: number
	/** True when computed from weight and height rather than stored. */
	isDerived: boolean
	storedStatus: ParameterStatus | null
	storedReferenceRange: ReferenceRange | null
}

const STATUS_SEVERITY: Record<ParameterStatus, number> = { normal: 1, low: 2, high: 2, critical: 3 }

export function mostSevereStatus(statuses: (ParameterStatus | null)[]): ParameterStatus | null {
	let worst: ParameterStatus | null = null
	for (const status of statuses) {
		if (status === null) continue
		if (worst === null || STATUS_SEVERITY[status] > STATUS_SEVERITY[worst]) worst = status
	}
	return worst
}

function byDateThenId(a: HealthParameter, b: HealthParameter): number {
	if (a.testDate !== b.testDate) return a.testDate < b.testDate ? -1 : 1
	return a.id < b.id ? -1 : a.id > b.id ? 1 : 0
}

/** The row's stored range in the series unit (converted like its value). */
function storedRangeOf(row: HealthParameter, convert: (row: HealthParameter) => number | null): ReferenceRange | null {
	if (row.referenceRangeMin === null && row.referenceRangeMax === null) return null
	const convertBound = (bound: number | null) => (bound === null ? null : convert({ ...row, value: bound }))
	return { min: convertBound(row.referenceRangeMin), max: convertBound(row.referenceRangeMax) }
}

function mean(values: number[]): number {
	return values.reduce((sum, value) => sum + value, 0) / values.length
}

/**
 * One reading per day for a code, oldest first. `convert` turns a row into a
 * value in the series unit, or null to leave it out.
 */
function groupByDay(rows: HealthParameter[], convert: (row: HealthParameter) => number | null, unit: string | null): DailyReading[] {
	const days = new Map<LocalDate, { values: number[]; rows: HealthParameter[] }>()
	for (const row of [...rows].sort(byDateThenId)) {
		if (!Number.isFinite(row.value)) continue
		const value = convert(row)
		if (value === null || !Number.isFinite(value)) continue
		const day = days.get(row.testDate) ?? { values: [], rows: [] }
		day.values.push(value)
		day.rows.push(row)
		days.set(row.testDate, day)
	}
	return [...days.entries()].map(([date, day]) => ({
		date,
		value: mean(day.values),
		unit,
		storedStatus: mostSevereStatus(day.rows.map((row) => row.status)),
		storedReferenceRange:
			day.rows
				.map((row) => storedRangeOf(row, convert))
				.filter((range) => range !== null)
				.at(-1) ?? null,
		parameterIds: day.rows.map((row) => row.id),
	}))
}

export function dailyReadingsForCode(parameters: HealthParameter[], code: string): DailyReading[] {
	const rows = parameters.filter((row) => row.code === code)
	if (rows.length === 0) return []
	if (hasCanonicalUnit(code)) {
		const unit = canonicalUnitFor(code)
		return groupByDay(rows, (row) => toCanonicalValue(code, row.value, row.unit), unit)
	}
	const newest = [...rows].sort(byDateThenId).at(-1)!
	const seriesUnit = normalizeUnit(newest.unit)
	return groupByDay(rows, (row) => (normalizeUnit(row.unit) === seriesUnit ? row.value : null), newest.unit)
}

/**
 * Blood-pressure readings: every day with a systolic or a diastolic value
 * (each the day's mean). A day with only one of the two counts: a report may
 * print a lone systolic value, and it is shown as such.
 */
export function bloodPressureReadings(parameters: HealthParameter[]): BloodPressureReading[] {
	const systolicByDate = new Map(dailyReadingsForCode(parameters, 'systolic_bp').map((reading) => [reading.date, reading]))
	const diastolicByDate = new Map(dailyReadingsForCode(parameters, 'diastolic_bp').map((reading) => [reading.date, reading]))
	const dates = [...new Set([...systolicByDate.keys(), ...diastolicByDate.keys()])].sort()
	return dates.map((date) => {
		const systolic = systolicByDate.get(date) ?? null
		const diastolic = diastolicByDate.get(date) ?? null
		return {
			date,
			systolic: systolic?.value ?? null,
			diastolic: diastolic?.value ?? null,
			storedStatus: mostSevereStatus([systolic?.storedStatus ?? null, diastolic?.storedStatus ?? null]),
			systolicReferenceRange: systolic?.storedReferenceRange ?? null,
			diastolicReferenceRange: diastolic?.storedReferenceRange ?? null,
		}
	})
}

/**
 * BMI readings: stored 'bmi' rows, plus for every other day with a weight a
 * BMI computed from that weight and a height: the newest height measured on or
 * before that day, otherwise the earliest height measured after it (adult
 * height barely changes). Weights and heights without a known unit are left
 * out (lb and kg, in and cm cannot be told apart).
 */
export function bmiReadings(parameters: HealthParameter[]): BmiReading[] {
	const stored: BmiReading[] = dailyReadingsForCode(parameters, 'bmi').map((reading) => ({
		date: reading.date,
		value: reading.value,
		isDerived: false,
		storedStatus: reading.storedStatus,
		storedReferenceRange: reading.storedReferenceRange,
	}))
	const storedDates = new Set(stored.map((reading) => reading.date))
	const weights = groupByDay(
		parameters.filter((row) => row.code === 'weight'),
		(row) => toKilograms(row.value, row.unit),
		'kg',
	)
	const heights = groupByDay(
		parameters.filter((row) => row.code === 'height'),
		(row) => toMetres(row.value, row.unit),
		'm',
	).filter((height) => height.value > 0)
	const derived: BmiReading[] = []
	if (heights.length > 0) {
		for (const weight of weights) {
			if (storedDates.has(weight.date)) continue
			const height = heights.filter((candidate) => candidate.date <= weight.date).at(-1) ?? heights[0]
			derived.push({
				date: weight.date,
				value: calculateBmi(weight.value, height.value),
				isDerived: true,
				storedStatus: null,
				storedReferenceRange: null,
			})
		}
	}
	return [...stored, ...derived].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0))
}
