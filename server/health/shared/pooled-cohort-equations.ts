/**
 * The 2013 ACC/AHA Pooled Cohort Equations: 10-year risk of a first hard
 * ASCVD event (Goff et al., Circulation 2014;129:S49-S73, table A).
 *
 *   individual sum = Σ coefficient × value (logs natural)
 *   risk = 1 - S10 ^ exp(individual sum - group mean)
 *
 * Coefficients exist for white and African American women and men only. The
 * guideline advises the white equations for other groups, and so do we (with a
 * note in the result). Valid for ages 40-79.
 */

export type Sex = 'female' | 'male'
export type RaceGroup = 'white' | 'african_american' | 'other'

export type PooledCohortInputs = {
	age: number
	sex: Sex
	raceGroup: RaceGroup
	/** mg/dL */
	totalCholesterol: number
	/** mg/dL */
	hdl: number
	/** mmHg */
	systolic: number
	isTreatedForHypertension: boolean
	isSmoker: boolean
	hasDiabetes: boolean
}

export type CoefficientGroup = 'white_female' | 'african_american_female' | 'white_male' | 'african_american_male'

type Coefficients = {
	lnAge: number
	lnAgeSquared: number
	lnTotalCholesterol: number
	lnAgeByLnTotalCholesterol: number
	lnHdl: number
	lnAgeByLnHdl: number
	lnTreatedSystolic: number
	lnAgeByLnTreatedSystolic: number
	lnUntreatedSystolic: number
	lnAgeByLnUntreatedSystolic: number
	smoker: number
	lnAgeBySmoker: number
	diabetes: number
	baselineSurvival: number
	meanSum: number
}

const NONE = {
	lnAgeSquared: 0,
	lnAgeByLnTotalCholesterol: 0,
	lnAgeByLnHdl: 0,
	lnAgeByLnTreatedSystolic: 0,
	lnAgeByLnUntreatedSystolic: 0,
	lnAgeBySmoker: 0,
}

export const POOLED_COHORT_COEFFICIENTS: Record<CoefficientGroup, Coefficients> = {
	white_female: {
		...NONE,
		lnAge: -29.799,
		lnAgeSquared: 4.884,
		lnTotalCholesterol: 13.54,
		lnAgeByLnTotalCholesterol: -3.114,
		lnHdl: -13.578,
		lnAgeByLnHdl: 3.149,
		lnTreatedSystolic: 2.019,
		lnUntreatedSystolic: 1.957,
		smoker: 7.574,
		lnAgeBySmoker: -1.665,
		diabetes: 0.661,
		baselineSurvival: 0.9665,
		meanSum: -29.18,
	},
	african_american_female: {
		...NONE,
		lnAge: 17.114,
		lnTotalCholesterol: 0.94,
		lnHdl: -18.92,
		lnAgeByLnHdl: 4.475,
		lnTreatedSystolic: 29.291,
		lnAgeByLnTreatedSystolic: -6.432,
		lnUntreatedSystolic: 27.82,
		lnAgeByLnUntreatedSystolic: -6.087,
		smoker: 0.691,
		diabetes: 0.874,
		baselineSurvival: 0.9533,
		meanSum: 86.61,
	},
	white_male: {
		...NONE,
		lnAge: 12.344,
		lnTotalCholesterol: 11.853,
		lnAgeByLnTotalCholesterol: -2.664,
		lnHdl: -7.99,
		lnAgeByLnHdl: 1.769,
		lnTreatedSystolic: 1.797,
		lnUntreatedSystolic: 1.764,
		smoker: 7.837,
		lnAgeBySmoker: -1.795,
		diabetes: 0.658,
		baselineSurvival: 0.9144,
		meanSum: 61.18,
	},
	african_american_male: {
		...NONE,
		lnAge: 2.469,
		lnTotalCholesterol: 0.302,
		lnHdl: -0.307,
		lnTreatedSystolic: 1.916,
		lnUntreatedSystolic: 1.809,
		smoker: 0.549,
		diabetes: 0.645,
		baselineSurvival: 0.8954,
		meanSum: 19.54,
	},
}

export const POOLED_COHORT_AGE_RANGE = { min: 40, max: 79 } as const
/** Ranges of the ACC/AHA ASCVD Risk Estimator; outside them the result carries a note. */
export const POOLED_COHORT_INPUT_RANGES = {
	totalCholesterol: { min: 130, max: 320 },
	hdl: { min: 20, max: 100 },
	systolic: { min: 90, max: 200 },
} as const

export const OTHER_RACE_NOTE =
	'The pooled cohort equations have coefficients only for white and African American adults; as the guideline advises, the equations for white adults were used, which may over- or underestimate risk.'

export type PooledCohortResult =
	| {
			status: 'calculated'
			/** 10-year risk as a fraction (0.021). */
			risk: number
			/** Percent, one decimal (2.1). */
			riskPercent: number
			individualSum: number
			coefficientGroup: CoefficientGroup
			notes: string[]
	  }
	| { status: 'not_applicable'; reason: string }

export function coefficientGroupFor(sex: Sex, raceGroup: RaceGroup): CoefficientGroup {
	const race = raceGroup === 'african_american' ? 'african_american' : 'white'
	return `${race}_${sex}`
}

/** 1 - S10 ^ exp(individual sum - group mean sum): the last step of the equations. */
export function riskFromIndividualSum(coefficientGroup: CoefficientGroup, individualSum: number): number {
	const { baselineSurvival, meanSum } = POOLED_COHORT_COEFFICIENTS[coefficientGroup]
	return 1 - baselineSurvival ** Math.exp(individualSum - meanSum)
}

export function calculateTenYearAscvdRisk(inputs: PooledCohortInputs): PooledCohortResult {
	const { age, totalCholesterol, hdl, systolic } = inputs
	if (age < POOLED_COHORT_AGE_RANGE.min || age > POOLED_COHORT_AGE_RANGE.max) {
		return {
			status: 'not_applicable',
			reason: `The pooled cohort equations apply to ages ${POOLED_COHORT_AGE_RANGE.min} to ${POOLED_COHORT_AGE_RANGE.max}.`,
		}
	}
	if (!(totalCholesterol > 0 && hdl > 0 && systolic > 0)) {
		return { status: 'not_applicable', reason: 'Cholesterol, HDL and systolic pressure must be positive.' }
	}
	const coefficientGroup = coefficientGroupFor(inputs.sex, inputs.raceGroup)
	const c = POOLED_COHORT_COEFFICIENTS[coefficientGroup]
	const lnAge = Math.log(age)
	const lnTotalCholesterol = Math.log(totalCholesterol)
	const lnHdl = Math.log(hdl)
	const lnSystolic = Math.log(systolic)
	const smoker = inputs.isSmoker ? 1 : 0
	const systolicTerms = inputs.isTreatedForHypertension
		? c.lnTreatedSystolic * lnSystolic + c.lnAgeByLnTreatedSystolic * lnAge * lnSystolic
		: c.lnUntreatedSystolic * lnSystolic + c.lnAgeByLnUntreatedSystolic * lnAge * lnSystolic
	const individualSum =
		c.lnAge * lnAge +
		c.lnAgeSquared * lnAge * lnAge +
		c.lnTotalCholesterol * lnTotalCholesterol +
		c.lnAgeByLnTotalCholesterol * lnAge * lnTotalCholesterol +
		c.lnHdl * lnHdl +
		c.lnAgeByLnHdl * lnAge * lnHdl +
		systolicTerms +
		c.smoker * smoker +
		c.lnAgeBySmoker * lnAge * smoker +
		c.diabetes * (inputs.hasDiabetes ? 1 : 0)
	const risk = riskFromIndividualSum(coefficientGroup, individualSum)
	const notes: string[] = []
	if (inputs.raceGroup === 'other') notes.push(OTHER_RACE_NOTE)
	const ranges = POOLED_COHORT_INPUT_RANGES
	const outside = [
		totalCholesterol < ranges.totalCholesterol.min || totalCholesterol > ranges.totalCholesterol.max
			? `total cholesterol (${ranges.totalCholesterol.min}-${ranges.totalCholesterol.max} mg/dL)`
			: null,
		hdl < ranges.hdl.min || hdl > ranges.hdl.max ? `HDL (${ranges.hdl.min}-${ranges.hdl.max} mg/dL)` : null,
		systolic < ranges.systolic.min || systolic > ranges.systolic.max ? `systolic pressure (${ranges.systolic.min}-${ranges.systolic.max} mmHg)` : null,
	].filter((item) => item !== null)
	if (outside.length > 0) {
		notes.push(`Outside the range the equations were built on: ${outside.join(', ')}; the estimate is less reliable.`)
	}
	return {
		status: 'calculated',
		risk,
		riskPercent: Math.round(risk * 1000) / 10,
		individualSum,
		coefficientGroup,
		notes,
	}
}
