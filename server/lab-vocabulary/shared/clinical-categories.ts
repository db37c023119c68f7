/**
 * Published clinical categories, each a pure function of a value in the
 * canonical unit. Boundaries follow the guidelines' own wording; a value
 * between two printed whole numbers (129.5 mmHg) belongs to the lower
 * category, since the upper one starts at the printed threshold.
 */

export type Category<Code extends string> = { code: Code; label: string }

export const CATEGORY_SOURCES = {
	bloodPressure: '2017 ACC/AHA Guideline for the Prevention, Detection, Evaluation, and Management of High Blood Pressure in Adults',
	diabetes: 'American Diabetes Association, Standards of Care in Diabetes: Diagnosis and Classification (HbA1c and fasting plasma glucose)',
	lipids: 'NCEP Adult Treatment Panel III cholesterol and triglyceride classification',
	bmi: 'WHO classification of adult BMI',
	pooledCohort: '2013 ACC/AHA Pooled Cohort Equations for 10-year ASCVD risk (Goff et al., Circulation 2014)',
	ascvdCategories: '2018 AHA/ACC Cholesterol Guideline 10-year risk categories',
} as const

export type BloodPressureCategoryCode = 'normal' | 'elevated' | 'stage_1' | 'stage_2' | 'hypertensive_crisis'

/**
 * ACC/AHA 2017: normal < 120 and < 80; elevated 120-129 and < 80; stage 1
 * 130-139 or 80-89; stage 2 >= 140 or >= 90; hypertensive crisis > 180
 * and/or > 120. With the two numbers in different categories the higher wins.
 */
export function classifyBloodPressure(systolic: number, diastolic: number): Category<BloodPressureCategoryCode> {
	if (systolic > 180 || diastolic > 120) return { code: 'hypertensive_crisis', label: 'Hypertensive crisis' }
	if (systolic >= 140 || diastolic >= 90) return { code: 'stage_2', label: 'Stage 2 hypertension' }
	if (systolic >= 130 || diastolic >= 80) return { code: 'stage_1', label: 'Stage 1 hypertension' }
	if (systolic >= 120) return { code: 'elevated', label: 'Elevated' }
	return { code: 'normal', label: 'Normal' }
}

export type GlycemicCategoryCode = 'low' | 'normal' | 'prediabetes' | 'diabetes'

/** ADA: HbA1c < 5.7 % normal, 5.7-6.4 % prediabetes, >= 6.5 % diabetes range. */
export function classifyHba1c(percent: number): Category<Exclude<GlycemicCategoryCode, 'low'>> {
	if (percent >= 6.5) return { code: 'diabetes', label: 'Diabetes range' }
	if (percent >= 5.7) return { code: 'prediabetes', label: 'Prediabetes range' }
	return { code: 'normal', label: 'Normal' }
}

/**
 * ADA fasting plasma glucose: < 100 mg/dL normal, 100-125 prediabetes
 * (impaired fasting glucose), >= 126 diabetes range; below 70 is the ADA's
 * level 1 hypoglycaemia threshold.
 */
export function classifyFastingGlucose(mgPerDl: number): Category<GlycemicCategoryCode> {
	if (mgPerDl >= 126) return { code: 'diabetes', label: 'Diabetes range' }
	if (mgPerDl >= 100) return { code: 'prediabetes', label: 'Prediabetes range' }
	if (mgPerDl < 70) return { code: 'low', label: 'Below normal' }
	return { code: 'normal', label: 'Normal' }
}

export type TotalCholesterolCategoryCode = 'desirable' | 'borderline_high' | 'high'

/** NCEP ATP III: < 200 desirable, 200-239 borderline high, >= 240 high (mg/dL). */
export function classifyTotalCholesterol(mgPerDl: number): Category<TotalCholesterolCategoryCode> {
	if (mgPerDl >= 240) return { code: 'high', label: 'High' }
	if (mgPerDl >= 200) return { code: 'borderline_high', label: 'Borderline high' }
	return { code: 'desirable', label: 'Desirable' }
}

export type LdlCategoryCode = 'optimal' | 'near_optimal' | 'borderline_high' | 'high' | 'very_high'

/** NCEP ATP III: < 100 optimal, 100-129 near optimal, 130-159 borderline high, 160-189 high, >= 190 very high. */
export function classifyLdl(mgPerDl: number): Category<LdlCategoryCode> {
	if (mgPerDl >= 190) return { code: 'very_high', label: 'Very high' }
	if (mgPerDl >= 160) return { code: 'high', label: 'High' }
	if (mgPerDl >= 130) return { code: 'borderline_high', label: 'Borderline high' }
	if (mgPerDl >= 100) return { code: 'near_optimal', label: 'Near optimal' }
	return { code: 'optimal', label: 'Optimal' }
}

export type HdlCategoryCode = 'low' | 'normal' | 'protective'

/** NCEP ATP III: < 40 low, >= 60 high (protective). */
export function classifyHdl(mgPerDl: number): Category<HdlCategoryCode> {
	if (mgPerDl < 40) return { code: 'low', label: 'Low' }
	if (mgPerDl >= 60) return { code: 'protective', label: 'High (protective)' }
	return { code: 'normal', label: 'Normal' }
}

export type TriglyceridesCategoryCode = 'normal' | 'borderline_high' | 'high' | 'very_high'

/** NCEP ATP III: < 150 normal, 150-199 borderline high, 200-499 high, >= 500 very high. */
export function classifyTriglycerides(mgPerDl: number): Category<TriglyceridesCategoryCode> {
	if (mgPerDl >= 500) return { code: 'very_high', label: 'Very high' }
	if (mgPerDl >= 200) return { code: 'high', label: 'High' }
	if (mgPerDl >= 150) return { code: 'borderline_high', label: 'Borderline high' }
	return { code: 'normal', label: 'Normal' }
}

export type BmiCategoryCode = 'underweight' | 'normal' | 'overweight' | 'obesity_1' | 'obesity_2' | 'obesity_3'

/** WHO: < 18.5 underweight, 18.5-24.9 normal, 25-29.9 pre-obesity, 30-34.9 / 35-39.9 / >= 40 obesity class I / II / III. */
export function classifyBmi(bmi: number): Category<BmiCategoryCode> {
	if (bmi >= 40) return { code: 'obesity_3', label: 'Obesity class III' }
	if (bmi >= 35) return { code: 'obesity_2', label: 'Obesity class II' }
	if (bmi >= 30) return { code: 'obesity_1', label: 'Obesity class I' }
	if (bmi >= 25) return { code: 'overweight', label: 'Overweight (pre-obesity)' }
	if (bmi >= 18.5) return { code: 'normal', label: 'Normal weight' }
	return { code: 'underweight', label: 'Underweight' }
}

export type AscvdRiskCategoryCode = 'low' | 'borderline' | 'intermediate' | 'high'

/** 2018 AHA/ACC: 10-year ASCVD risk < 5 % low, 5-7.4 % borderline, 7.5-19.9 % intermediate, >= 20 % high. */
export function classifyTenYearAscvdRisk(percent: number): Category<AscvdRiskCategoryCode> {
	if (percent >= 20) return { code: 'high', label: 'High risk' }
	if (percent >= 7.5) return { code: 'intermediate', label: 'Intermediate risk' }
	if (percent >= 5) return { code: 'borderline', label: 'Borderline risk' }
	return { code: 'low', label: 'Low risk' }
}
