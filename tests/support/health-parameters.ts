import type { HealthParameter } from '#server/health/shared/types.ts'

/** Builds stored parameter rows for the unit tests of this domain. */
let nextId = 1

export function makeParameter(code: string, value: number, testDate: string, overrides: Partial<HealthParameter> = {}): HealthParameter {
	return {
		id: `p${String(nextId++).padStart(5, '0')}`,
		code,
		name: code,
		value,
		unit: defaultUnitFor(code),
		referenceRangeMin: null,
		referenceRangeMax: null,
		status: null,
		testDate,
		source: 'document',
		documentId: 'doc-1',
		...overrides,
	}
}

function defaultUnitFor(code: string): string | null {
	if (code === 'systolic_bp' || code === 'diastolic_bp') return 'mmHg'
	if (code === 'bmi') return 'kg/m2'
	if (code === 'hba1c') return '%'
	if (code === 'weight') return 'kg'
	if (code === 'height') return 'cm'
	return 'mg/dL'
}

/** Systolic and diastolic rows of one blood-pressure reading. */
export function makeBloodPressure(systolic: number, diastolic: number, testDate: string): HealthParameter[] {
	return [makeParameter('systolic_bp', systolic, testDate), makeParameter('diastolic_bp', diastolic, testDate)]
}

/** Five steady monthly glucose readings, Jan to May 2023 (predictions.test.ts works their line and interval out by hand). */
export function steadyGlucoseReadings(): HealthParameter[] {
	return [
		makeParameter('glucose', 100, '2023-01-15'),
		makeParameter('glucose', 102, '2023-02-14'),
		makeParameter('glucose', 103, '2023-03-16'),
		makeParameter('glucose', 102, '2023-04-15'),
		makeParameter('glucose', 103, '2023-05-15'),
	]
}
