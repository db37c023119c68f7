import {
	CATEGORY_SOURCES,
	classifyBloodPressure,
	classifyBmi,
	classifyFastingGlucose,
	classifyHba1c,
	classifyHdl,
	classifyLdl,
	classifyTenYearAscvdRisk,
	classifyTotalCholesterol,
	classifyTriglycerides,
	type AscvdRiskCategoryCode,
	type BloodPressureCategoryCode,
	type BmiCategoryCode,
	type GlycemicCategoryCode,
	type HdlCategoryCode,
	type LdlCategoryCode,
	type TotalCholesterolCategoryCode,
	type TriglyceridesCategoryCode,
} from '#server/lab-vocabulary/shared/clinical-categories.ts'
import { ageInYears, daysBetween, toLocalDate } from './dates.ts'
import {
	GLUCOSE_ASSUMED_FASTING_NOTE,
	NOT_A_DIAGNOSIS,
	RISK_AREA_TITLES,
	RISK_RECOMMENDATIONS,
	missingValuesMessage,
	pooledCohortMissingNote,
	staleValueNote,
} from './messages.ts'
import { metricReadings, shownMetricValue, withPrimaryValue } from './metrics.ts'
import { calculateTenYearAscvdRisk, type RaceGroup, type Sex } from './pooled-cohort-equations.ts'
import { dailyReadingsForCode } from './readings.ts'
import { canonicalUnitFor, parameterNameFor } from './reference-values.ts'
import { roundTo } from './units.ts'
import type { DateInput, HealthParameter, LocalDate } from './types.ts'

/**
 * Risk assessment for cardiovascular disease, diabetes and hypertension from
 * the patient's latest values (the newest reading of each code on or before
 * today) and profile.
 *
 * Score (0-100, higher is more risk) and level: low 0-33, moderate 34-66,
 * high 67-100. Per area:
 *
 * Hypertension: the latest blood pressure with both numbers, ACC/AHA 2017
 *   category: normal 10, elevated 35, stage 1 55, stage 2 80, hypertensive
 *   crisis 100. Treated for hypertension (profile): at least 50.
 * Diabetes: the worse of the latest HbA1c and fasting glucose, ADA category:
 *   normal (or below normal) 10, prediabetes 50, diabetes range 85; plus 10 for
 *   a WHO overweight BMI and 20 for obesity (ADA screening risk factor), at
 *   most 100. Diabetes recorded in the profile: at least 85.
 * Cardiovascular: with every input of the 2013 ACC/AHA pooled cohort equations
 *   (age 40-79, sex, race group, total cholesterol, HDL, systolic pressure,
 *   treatment, smoking, diabetes) the 10-year ASCVD risk decides: level by the
 *   2018 AHA/ACC categories (< 5 % low; 5-19.9 % moderate; >= 20 % high) and
 *   score by linear interpolation through 0 % -> 0, 5 % -> 34, 20 % -> 67,
 *   40 % -> 100, kept inside the level's band. LDL >= 190 mg/dL makes it high
 *   (score at least 80). Otherwise (inputs missing, which it names) it uses
 *   category points: LDL 10/20/40/60/80 (optimal .. very high), total
 *   cholesterol 10/40/60, HDL low 45 / normal 10 / protective 5, triglycerides
 *   10/30/45/60, blood pressure 10/25/45/60/80 (normal .. crisis), smoker 50,
 *   diabetes 50; score = the highest plus 10 for each other factor of 40 or
 *   more, at most 100.
 */

export type RiskProfile = {
	dateOfBirth?: LocalDate | null
	/** Used when there is no date of birth. */
	age?: number | null
	sex?: Sex | null
	raceGroup?: RaceGroup | null
	isTreatedForHypertension?: boolean | null
	isSmoker?: boolean | null
	hasDiabetes?: boolean | null
}

export type RiskArea = 'cardiovascular' | 'diabetes' | 'hypertension'
export type RiskLevel = 'low' | 'moderate' | 'high'

export const RISK_SCORE_BANDS: Record<RiskLevel, { min: number; max: number }> = {
	low: { min: 0, max: 33 },
	moderate: { min: 34, max: 66 },
	high: { min: 67, max: 100 },
}

export type RiskValueUsed = { code: string; name: string; value: number; unit: string | null; date: LocalDate }

export type RiskFinding = { name: string; value: string; category: string; date: LocalDate }

export type TenYearAscvdRisk = {
	percent: number
	category: { code: AscvdRiskCategoryCode; label: string }
}

export type RiskAreaAssessment = {
	area: RiskArea
	title: string
	status: 'assessed' | 'insufficient'
	level: RiskLevel | null
	score: number | null
	/** One line: what decided the level. */
	summary: string
	/** How the score was computed for this patient. */
	method: string
	findings: RiskFinding[]
	tenYearAscvdRisk: TenYearAscvdRisk | null
	recommendations: string[]
	sources: string[]
	valuesUsed: RiskValueUsed[]
	missingInputs: string[]
	notes: string[]
}

export type RiskAssessment = {
	assessedOn: LocalDate
	cardiovascular: RiskAreaAssessment
	diabetes: RiskAreaAssessment
	hypertension: RiskAreaAssessment
	disclaimer: string
}

export const HYPERTENSION_POINTS: Record<BloodPressureCategoryCode, number> = {
	normal: 10,
	elevated: 35,
	stage_1: 55,
	stage_2: 80,
	hypertensive_crisis: 100,
}
export const TREATED_HYPERTENSION_MIN_SCORE = 50
export const GLYCEMIC_POINTS: Record<GlycemicCategoryCode, number> = {
	low: 10,
	normal: 10,
	prediabetes: 50,
	diabetes: 85,
}
export const BMI_DIABETES_POINTS: Record<BmiCategoryCode, number> = {
	underweight: 0,
	normal: 0,
	overweight: 10,
	obesity_1: 20,
	obesity_2: 20,
	obesity_3: 20,
}
export const DIAGNOSED_DIABETES_MIN_SCORE = 85
export const LDL_POINTS: Record<LdlCategoryCode, number> = {
	optimal: 10,
	near_optimal: 20,
	borderline_high: 40,
	high: 60,
	very_high: 80,
}
export const TOTAL_CHOLESTEROL_POINTS: Record<TotalCholesterolCategoryCode, number> = {
	desirable: 10,
	borderline_high: 40,
	high: 60,
}
export const HDL_POINTS: Record<HdlCategoryCode, number> = { low: 45, normal: 10, protective: 5 }
export const TRIGLYCERIDES_POINTS: Record<TriglyceridesCategoryCode, number> = {
	normal: 10,
	borderline_high: 30,
	high: 45,
	very_high: 60,
}
export const CARDIOVASCULAR_BLOOD_PRESSURE_POINTS: Record<BloodPressureCategoryCode, number> = {
	normal: 10,
	elevated: 25,
	stage_1: 45,
	stage_2: 60,
	hypertensive_crisis: 80,
}
export const SMOKER_POINTS = 50
export const DIABETES_CARDIOVASCULAR_POINTS = 50
export const EXTRA_FACTOR_THRESHOLD = 40
export const EXTRA_FACTOR_POINTS = 10
export const VERY_HIGH_LDL_MIN_SCORE = 80
const STALE_AFTER_DAYS = 365

export function riskLevelForScore(score: number): RiskLevel {
	if (score >= RISK_SCORE_BANDS.high.min) return 'high'
	if (score >= RISK_SCORE_BANDS.moderate.min) return 'moderate'
	return 'low'
}

function clampToBand(score: number, level: RiskLevel): number {
	const band = RISK_SCORE_BANDS[level]
	return Math.min(band.max, Math.max(band.min, score))
}

const ASCVD_SCORE_KNOTS: [number, number][] = [
	[0, 0],
	[5, 34],
	[20, 67],
	[40, 100],
]

/** Score for a 10-year ASCVD risk in percent (see the mapping above). */
export function scoreFromAscvdRisk(percent: number): number {
	const level = ascvdLevel(classifyTenYearAscvdRisk(percent).code)
	let interpolated = 100
	for (let index = 1; index < ASCVD_SCORE_KNOTS.length; index++) {
		const [x0, y0] = ASCVD_SCORE_KNOTS[index - 1]
		const [x1, y1] = ASCVD_SCORE_KNOTS[index]
		if (percent <= x1) {
			interpolated = y0 + ((Math.max(percent, 0) - x0) / (x1 - x0)) * (y1 - y0)
			break
		}
	}
	return clampToBand(Math.round(interpolated), level)
}

function ascvdLevel(code: AscvdRiskCategoryCode): RiskLevel {
	if (code === 'high') return 'high'
	if (code === 'low') return 'low'
	return 'moderate'
}

/** Newest daily value of a code on or before today, in its canonical unit. */
function latestValueOf(parameters: HealthParameter[], code: string, today: LocalDate): RiskValueUsed | null {
	const reading = dailyReadingsForCode(parameters, code)
		.filter((candidate) => candidate.date <= today)
		.at(-1)
	if (!reading) return null
	return {
		code,
		name: parameterNameFor(code),
		value: roundTo(reading.value, 1),
		unit: reading.unit ?? canonicalUnitFor(code),
		date: reading.date,
	}
}

type LatestValues = {
	totalCholesterol: RiskValueUsed | null
	ldl: RiskValueUsed | null
	hdl: RiskValueUsed | null
	triglycerides: RiskValueUsed | null
	hba1c: RiskValueUsed | null
	glucose: RiskValueUsed | null
	systolic: RiskValueUsed | null
	bloodPressure: { systolic: RiskValueUsed; diastolic: RiskValueUsed } | null
	bmi: RiskValueUsed | null
}

export function collectLatestValues(parameters: HealthParameter[], today: DateInput): LatestValues {
	const day = toLocalDate(today)
	// the risk of hypertension is graded on a pair: the newest day with both numbers
	const pressure = metricReadings(parameters, 'blood-pressure', day)
		.filter((reading): reading is typeof reading & { value: number; diastolic: number } => reading.value !== null && reading.diastolic !== null)
		.at(-1)
	const bmi = withPrimaryValue(metricReadings(parameters, 'bmi', day)).at(-1)
	return {
		totalCholesterol: latestValueOf(parameters, 'total_cholesterol', day),
		ldl: latestValueOf(parameters, 'ldl', day),
		hdl: latestValueOf(parameters, 'hdl', day),
		triglycerides: latestValueOf(parameters, 'triglycerides', day),
		hba1c: latestValueOf(parameters, 'hba1c', day),
		glucose: latestValueOf(parameters, 'glucose', day),
		systolic: latestValueOf(parameters, 'systolic_bp', day),
		bloodPressure: pressure
			? {
					systolic: {
						code: 'systolic_bp',
						name: parameterNameFor('systolic_bp'),
						value: shownMetricValue('blood-pressure', pressure.value),
						unit: 'mmHg',
						date: pressure.date,
					},
					diastolic: {
						code: 'diastolic_bp',
						name: parameterNameFor('diastolic_bp'),
						value: shownMetricValue('blood-pressure', pressure.diastolic),
						unit: 'mmHg',
						date: pressure.date,
					},
				}
			: null,
		bmi: bmi ? { code: 'bmi', name: 'BMI', value: shownMetricValue('bmi', bmi.value), unit: 'kg/m2', date: bmi.date } : null,
	}
}

function formatValue(value: RiskValueUsed): string {
	if (!value.unit) return String(value.value)
	return value.unit === '%' ? `${value.value}%` : `${value.value} ${value.unit}`
}

function staleNotes(values: RiskValueUsed[], today: LocalDate): string[] {
	const seen = new Set<string>()
	const notes: string[] = []
	for (const value of values) {
		if (daysBetween(value.date, today) <= STALE_AFTER_DAYS || seen.has(value.code)) continue
		seen.add(value.code)
		notes.push(staleValueNote(value.name, value.date))
	}
	return notes
}

function insufficient(area: RiskArea, missingInputs: string[], sources: string[]): RiskAreaAssessment {
	return {
		area,
		title: RISK_AREA_TITLES[area],
		status: 'insufficient',
		level: null,
		score: null,
		summary: missingValuesMessage(missingInputs),
		method: '',
		findings: [],
		tenYearAscvdRisk: null,
		recommendations: [],
		sources,
		valuesUsed: [],
		missingInputs,
		notes: [],
	}
}

export function assessHypertensionRisk(values: LatestValues, profile: RiskProfile, today: DateInput): RiskAreaAssessment {
	const day = toLocalDate(today)
	const sources = [CATEGORY_SOURCES.bloodPressure]
	if (!values.bloodPressure) return insufficient('hypertension', ['a blood-pressure reading (systolic and diastolic)'], sources)
	const { systolic, diastolic } = values.bloodPressure
	const category = classifyBloodPressure(systolic.value, diastolic.value)
	let score = HYPERTENSION_POINTS[category.code]
	let method = `ACC/AHA 2017 category ${category.label}: ${score} points.`
	const recommendations: string[] = [...RISK_RECOMMENDATIONS.hypertension[category.code]]
	const notes: string[] = []
	if (profile.isTreatedForHypertension === true) {
		recommendations.push(RISK_RECOMMENDATIONS.hypertension.treated)
		if (score < TREATED_HYPERTENSION_MIN_SCORE) {
			score = TREATED_HYPERTENSION_MIN_SCORE
			method += ` On blood-pressure treatment: at least ${TREATED_HYPERTENSION_MIN_SCORE}.`
			notes.push('You are recorded as treated for high blood pressure, so the risk is at least moderate even with normal readings.')
		}
	}
	const valuesUsed = [systolic, diastolic]
	return {
		area: 'hypertension',
		title: RISK_AREA_TITLES.hypertension,
		status: 'assessed',
		level: riskLevelForScore(score),
		score,
		summary: `${category.label} (${systolic.value}/${diastolic.value} mmHg on ${systolic.date}).`,
		method,
		findings: [
			{
				name: 'Blood pressure',
				value: `${systolic.value}/${diastolic.value} mmHg`,
				category: category.label,
				date: systolic.date,
			},
		],
		tenYearAscvdRisk: null,
		recommendations,
		sources,
		valuesUsed,
		missingInputs: [],
		notes: [...notes, ...staleNotes(valuesUsed, day)],
	}
}

function glycemicCategories(values: LatestValues) {
	const hba1c = values.hba1c ? { value: values.hba1c, category: classifyHba1c(values.hba1c.value) } : null
	const glucose = values.glucose ? { value: values.glucose, category: classifyFastingGlucose(values.glucose.value) } : null
	return { hba1c, glucose }
}

export function assessDiabetesRisk(values: LatestValues, profile: RiskProfile, today: DateInput): RiskAreaAssessment {
	const day = toLocalDate(today)
	const sources: string[] = [CATEGORY_SOURCES.diabetes]
	const { hba1c, glucose } = glycemicCategories(values)
	if (!hba1c && !glucose) return insufficient('diabetes', ['an HbA1c or fasting glucose result'], sources)
	const findings: RiskFinding[] = []
	const valuesUsed: RiskValueUsed[] = []
	const notes: string[] = []
	let worst: { code: GlycemicCategoryCode; label: string } = { code: 'low', label: 'Below normal' }
	let worstPoints = -1
	for (const entry of [hba1c, glucose]) {
		if (!entry) continue
		findings.push({
			name: entry.value.name,
			value: formatValue(entry.value),
			category: entry.category.label,
			date: entry.value.date,
		})
		valuesUsed.push(entry.value)
		const points = GLYCEMIC_POINTS[entry.category.code]
		if (points > worstPoints || (points === worstPoints && entry.category.code === 'normal')) {
			worst = entry.category
			worstPoints = points
		}
	}
	if (glucose) notes.push(GLUCOSE_ASSUMED_FASTING_NOTE)
	let score = worstPoints
	let method = `ADA category ${worst.label} (the worse of HbA1c and fasting glucose): ${worstPoints} points.`
	const recommendations: string[] = [...RISK_RECOMMENDATIONS.diabetes[worst.code]]
	if (values.bmi) {
		const bmiCategory = classifyBmi(values.bmi.value)
		const bmiPoints = BMI_DIABETES_POINTS[bmiCategory.code]
		findings.push({ name: 'BMI', value: String(values.bmi.value), category: bmiCategory.label, date: values.bmi.date })
		valuesUsed.push(values.bmi)
		sources.push(CATEGORY_SOURCES.bmi)
		if (bmiPoints > 0) {
			score = Math.min(100, score + bmiPoints)
			method += ` BMI ${values.bmi.value} (${bmiCategory.label}): +${bmiPoints}.`
			recommendations.push(RISK_RECOMMENDATIONS.diabetes.weight)
		}
	}
	if (profile.hasDiabetes === true) {
		recommendations.unshift(RISK_RECOMMENDATIONS.diabetes.diagnosed)
		if (score < DIAGNOSED_DIABETES_MIN_SCORE) {
			score = DIAGNOSED_DIABETES_MIN_SCORE
			method += ` Diabetes recorded in your profile: at least ${DIAGNOSED_DIABETES_MIN_SCORE}.`
		}
	}
	const primary = (hba1c && hba1c.category.code === worst.code ? hba1c : (glucose ?? hba1c))!
	return {
		area: 'diabetes',
		title: RISK_AREA_TITLES.diabetes,
		status: 'assessed',
		level: riskLevelForScore(score),
		score,
		summary: `${worst.label} (${primary.value.name} ${formatValue(primary.value)} on ${primary.value.date}).`,
		method,
		findings,
		tenYearAscvdRisk: null,
		recommendations,
		sources,
		valuesUsed,
		missingInputs: [],
		notes: [...notes, ...staleNotes(valuesUsed, day)],
	}
}

type PooledCohortProfile = {
	age: number
	sex: Sex
	raceGroup: RaceGroup
	isTreatedForHypertension: boolean
	isSmoker: boolean
	hasDiabetes: boolean
}

function ageOf(profile: RiskProfile, today: LocalDate): number | null {
	if (profile.dateOfBirth) return ageInYears(profile.dateOfBirth, today)
	return typeof profile.age === 'number' ? profile.age : null
}

/** The pooled-cohort inputs the profile and values lack, in the calculator's words. */
export function missingPooledCohortInputs(values: LatestValues, profile: RiskProfile, today: DateInput): string[] {
	const missing: string[] = []
	if (ageOf(profile, toLocalDate(today)) === null) missing.push('age (date of birth)')
	if (!profile.sex) missing.push('sex')
	if (!profile.raceGroup) missing.push('race group')
	if (!values.totalCholesterol) missing.push('total cholesterol')
	if (!values.hdl) missing.push('HDL cholesterol')
	if (!values.systolic) missing.push('systolic blood pressure')
	if (typeof profile.isTreatedForHypertension !== 'boolean') missing.push('whether you take blood-pressure medication')
	if (typeof profile.isSmoker !== 'boolean') missing.push('smoking status')
	if (typeof profile.hasDiabetes !== 'boolean') missing.push('diabetes status')
	return missing
}

function lipidAndPressureFindings(values: LatestValues) {
	const components: { name: string; points: number; finding: RiskFinding; value: RiskValueUsed[] }[] = []
	const add = (value: RiskValueUsed | null, classify: (v: number) => { code: string; label: string }, points: Record<string, number>) => {
		if (!value) return
		const category = classify(value.value)
		components.push({
			name: value.name,
			points: points[category.code],
			finding: { name: value.name, value: formatValue(value), category: category.label, date: value.date },
			value: [value],
		})
	}
	add(values.ldl, classifyLdl, LDL_POINTS)
	add(values.totalCholesterol, classifyTotalCholesterol, TOTAL_CHOLESTEROL_POINTS)
	add(values.hdl, classifyHdl, HDL_POINTS)
	add(values.triglycerides, classifyTriglycerides, TRIGLYCERIDES_POINTS)
	if (values.bloodPressure) {
		const { systolic, diastolic } = values.bloodPressure
		const category = classifyBloodPressure(systolic.value, diastolic.value)
		components.push({
			name: 'Blood pressure',
			points: CARDIOVASCULAR_BLOOD_PRESSURE_POINTS[category.code],
			finding: {
				name: 'Blood pressure',
				value: `${systolic.value}/${diastolic.value} mmHg`,
				category: category.label,
				date: systolic.date,
			},
			value: [systolic, diastolic],
		})
	}
	return components
}

export function assessCardiovascularRisk(values: LatestValues, profile: RiskProfile, today: DateInput): RiskAreaAssessment {
	const day = toLocalDate(today)
	const components = lipidAndPressureFindings(values)
	const missingInputs = missingPooledCohortInputs(values, profile, day)
	const findings = components.map((component) => component.finding)
	const notes: string[] = []
	const recommendations: string[] = []
	const isVeryHighLdl = values.ldl !== null && classifyLdl(values.ldl.value).code === 'very_high'
	const age = ageOf(profile, day)

	if (missingInputs.length === 0 && age !== null) {
		const inputs = profile as PooledCohortProfile
		const result = calculateTenYearAscvdRisk({
			age,
			sex: inputs.sex,
			raceGroup: inputs.raceGroup,
			totalCholesterol: values.totalCholesterol!.value,
			hdl: values.hdl!.value,
			systolic: values.systolic!.value,
			isTreatedForHypertension: inputs.isTreatedForHypertension,
			isSmoker: inputs.isSmoker,
			hasDiabetes: inputs.hasDiabetes,
		})
		if (result.status === 'calculated') {
			const category = classifyTenYearAscvdRisk(result.riskPercent)
			let level = ascvdLevel(category.code)
			let score = scoreFromAscvdRisk(result.riskPercent)
			let method = `2013 ACC/AHA pooled cohort equations: 10-year ASCVD risk ${result.riskPercent}% (${category.label}), score ${score} on the scale 0% = 0, 5% = 34, 20% = 67, 40% = 100.`
			if (isVeryHighLdl && score < VERY_HIGH_LDL_MIN_SCORE) {
				score = VERY_HIGH_LDL_MIN_SCORE
				level = 'high'
				method += ` LDL 190 mg/dL or more: at least ${VERY_HIGH_LDL_MIN_SCORE}.`
			}
			recommendations.push(...RISK_RECOMMENDATIONS.cardiovascular[level])
			if (isVeryHighLdl) recommendations.push(RISK_RECOMMENDATIONS.cardiovascular.veryHighLdl)
			if (inputs.isSmoker) recommendations.push(RISK_RECOMMENDATIONS.cardiovascular.smoker)
			const valuesUsed = [values.totalCholesterol!, values.hdl!, values.systolic!, ...(values.ldl && isVeryHighLdl ? [values.ldl] : [])]
			return {
				area: 'cardiovascular',
				title: RISK_AREA_TITLES.cardiovascular,
				status: 'assessed',
				level,
				score,
				summary: `10-year ASCVD risk ${result.riskPercent}%: ${category.label.toLowerCase()}.`,
				method,
				findings,
				tenYearAscvdRisk: { percent: result.riskPercent, category },
				recommendations,
				sources: [CATEGORY_SOURCES.pooledCohort, CATEGORY_SOURCES.ascvdCategories, ...(isVeryHighLdl ? [CATEGORY_SOURCES.lipids] : [])],
				valuesUsed,
				missingInputs: [],
				notes: [...result.notes, ...staleNotes(valuesUsed, day)],
			}
		}
		notes.push(`${result.reason} Assessed from lipid and blood-pressure categories instead.`)
	} else {
		notes.push(pooledCohortMissingNote(missingInputs))
	}

	const factors = components.map(({ name, points, finding }) => ({
		name,
		points,
		description: `${finding.name} ${finding.value} on ${finding.date} (${finding.category.toLowerCase()})`,
	}))
	if (profile.isSmoker === true) factors.push({ name: 'Smoking', points: SMOKER_POINTS, description: 'Smoking' })
	const glycemic = glycemicCategories(values)
	const hasDiabetesRange = glycemic.hba1c?.category.code === 'diabetes' || glycemic.glucose?.category.code === 'diabetes'
	if (profile.hasDiabetes === true || hasDiabetesRange) {
		factors.push({
			name: 'Diabetes',
			points: DIABETES_CARDIOVASCULAR_POINTS,
			description: profile.hasDiabetes === true ? 'Diabetes' : 'Glucose or HbA1c in the diabetes range',
		})
	}
	if (components.length === 0) {
		return {
			...insufficient('cardiovascular', missingInputs.length > 0 ? missingInputs : ['a cholesterol or blood-pressure result'], [
				CATEGORY_SOURCES.pooledCohort,
				CATEGORY_SOURCES.lipids,
				CATEGORY_SOURCES.bloodPressure,
			]),
			summary: missingValuesMessage(['a cholesterol panel or a blood-pressure reading']),
		}
	}
	const sorted = [...factors].sort((a, b) => b.points - a.points)
	const [top, ...others] = sorted
	const extra = others.filter((factor) => factor.points >= EXTRA_FACTOR_THRESHOLD)
	const score = Math.min(100, top.points + EXTRA_FACTOR_POINTS * extra.length)
	const level = riskLevelForScore(score)
	recommendations.push(...RISK_RECOMMENDATIONS.cardiovascular[level])
	if (isVeryHighLdl) recommendations.push(RISK_RECOMMENDATIONS.cardiovascular.veryHighLdl)
	if (profile.isSmoker === true) recommendations.push(RISK_RECOMMENDATIONS.cardiovascular.smoker)
	if (missingInputs.length > 0) recommendations.push(RISK_RECOMMENDATIONS.cardiovascular.completeProfile)
	const valuesUsed = components.flatMap((component) => component.value)
	const extraText =
		extra.length > 0
			? ` plus ${EXTRA_FACTOR_POINTS} for each other factor of ${EXTRA_FACTOR_THRESHOLD} or more (${extra.map((factor) => factor.name).join(', ')})`
			: ''
	const sources: string[] = [CATEGORY_SOURCES.lipids]
	if (values.bloodPressure) sources.push(CATEGORY_SOURCES.bloodPressure)
	if (hasDiabetesRange) sources.push(CATEGORY_SOURCES.diabetes)
	return {
		area: 'cardiovascular',
		title: RISK_AREA_TITLES.cardiovascular,
		status: 'assessed',
		level,
		score,
		summary: `Main factor: ${top.description}.`,
		method: `Category points: highest factor ${top.name} ${top.points}${extraText} = ${score}.`,
		findings,
		tenYearAscvdRisk: null,
		recommendations,
		sources,
		valuesUsed,
		missingInputs,
		notes: [...notes, ...staleNotes(valuesUsed, day)],
	}
}

/** The three assessments from the stored parameters and the profile. */
export function assessHealthRisks(parameters: HealthParameter[], profile: RiskProfile, today: DateInput): RiskAssessment {
	const day = toLocalDate(today)
	const values = collectLatestValues(parameters, day)
	return {
		assessedOn: day,
		cardiovascular: assessCardiovascularRisk(values, profile, day),
		diabetes: assessDiabetesRisk(values, profile, day),
		hypertension: assessHypertensionRisk(values, profile, day),
		disclaimer: NOT_A_DIAGNOSIS,
	}
}
