/** User-facing texts of the health-analytics domain, shared by the UI and the tests. */

export const NOT_A_DIAGNOSIS =
	'This is not a diagnosis. It is an automated estimate from your recorded values; discuss your results with a doctor or other qualified health professional.'

export const PREDICTIONS_TITLE = 'Health Predictions'
export const PREDICTIONS_DESCRIPTION = 'AI-powered predictions of your health parameters based on historical data'
export const HEALTH_OVERVIEW_PLACEHOLDER = 'Select a specific metric to view detailed trends'

export function noMetricDataMessage(metricName: string): string {
	return `No ${metricName.toLowerCase() === 'bmi' ? 'BMI' : metricName.toLowerCase()} readings yet.`
}

export const TREND_FROM_LAST_MONTH = 'from last month'
export const NO_EARLIER_READING = 'No earlier reading to compare'

export function trendSinceMonthLabel(monthLabel: string): string {
	return `since ${monthLabel}`
}

export function predictionHistoryNeededMessage(readingsNeeded: number): string {
	return `Add ${readingsNeeded} more reading${
		readingsNeeded === 1 ? '' : 's'
	} to see a prediction: it needs at least 3 readings from at least 2 different months within 7 months.`
}

/** 'Recommendation:' texts, by metric and by the category of the value predicted 3 months ahead. */
export const PREDICTION_RECOMMENDATIONS = {
	'blood-pressure': {
		normal: 'Your blood pressure is projected to stay in the normal range (below 120/80 mmHg). Keep up regular activity and a low-salt diet.',
		elevated:
			'Your blood pressure is projected to be elevated (120-129 mmHg systolic). Less salt, regular activity, limiting alcohol and a healthy weight can bring it down; recheck in 3 to 6 months.',
		stage_1:
			'Your blood pressure is projected to reach stage 1 hypertension (130-139/80-89 mmHg). Discuss it with your doctor, together with lifestyle changes such as less salt, regular exercise and limiting alcohol.',
		stage_2:
			'Your blood pressure is projected to reach stage 2 hypertension (140/90 mmHg or higher). Please see your doctor soon to review your readings and treatment.',
		hypertensive_crisis:
			'Your blood pressure is projected above 180/120 mmHg. A reading this high needs prompt medical care, urgently if you have chest pain, shortness of breath, weakness or changes in vision.',
	},
	glucose: {
		low: 'Your glucose is projected below 70 mg/dL. Talk to your doctor about low readings, especially if you feel shaky, sweaty or confused.',
		normal: 'Your fasting glucose is projected to stay in the normal range (below 100 mg/dL). Keep up a balanced diet and regular activity.',
		prediabetes:
			'Your fasting glucose is projected to reach the prediabetes range (100-125 mg/dL). Ask your doctor about an HbA1c test; weight loss and regular activity lower the risk of diabetes.',
		diabetes: 'Your fasting glucose is projected to reach the diabetes range (126 mg/dL or higher). Please discuss your results with your doctor soon.',
	},
	cholesterol: {
		desirable: 'Your total cholesterol is projected to stay desirable (below 200 mg/dL). Keep up a diet low in saturated fat and regular exercise.',
		borderline_high:
			'Your total cholesterol is projected to be borderline high (200-239 mg/dL). Eat less saturated fat and more fibre, stay active, and ask your doctor about a full lipid panel.',
		high: 'Your total cholesterol is projected to be high (240 mg/dL or more). Please review your lipid results and your options with your doctor.',
	},
	bmi: {
		underweight: 'Your BMI is projected below 18.5 (underweight). Talk to your doctor or a dietitian about gaining weight healthily.',
		normal: 'Your BMI is projected to stay in the normal range (18.5-24.9). Keep up a balanced diet and regular activity.',
		overweight: 'Your BMI is projected in the overweight range (25-29.9). A balanced diet and regular activity can help you reach a healthier weight.',
		obesity_1: 'Your BMI is projected in the obesity range (30 or more). Your doctor can help you with a weight-management plan.',
		obesity_2: 'Your BMI is projected in the obesity range (35 or more). Your doctor can help you with a weight-management plan.',
		obesity_3: 'Your BMI is projected in the obesity range (40 or more). Please talk to your doctor about a weight-management plan.',
	},
} as const

export const RISK_AREA_TITLES = {
	cardiovascular: 'Cardiovascular',
	diabetes: 'Diabetes',
	hypertension: 'Hypertension',
} as const

export const RISK_RECOMMENDATIONS = {
	hypertension: {
		normal: [
			'Keep your blood pressure in range with regular activity, a diet low in salt and limited alcohol.',
			'Check your blood pressure at least once a year.',
		],
		elevated: [
			'Lifestyle changes are recommended: less salt (a DASH-style diet), regular aerobic exercise, limited alcohol and a healthy weight.',
			'Recheck your blood pressure in 3 to 6 months.',
		],
		stage_1: [
			'Discuss your readings with your doctor: the ACC/AHA guideline advises lifestyle changes and, depending on your overall cardiovascular risk, medication.',
			'Less salt, regular exercise, limited alcohol and a healthy weight lower blood pressure.',
			'Measure your blood pressure at home to confirm the readings.',
		],
		stage_2: [
			'See your doctor soon: at this stage the ACC/AHA guideline recommends lifestyle changes together with medication.',
			'Keep a log of home readings to bring to the appointment.',
		],
		hypertensive_crisis: [
			'A reading above 180/120 mmHg needs prompt medical attention. Seek emergency care if you have chest pain, shortness of breath, back pain, numbness, weakness, changes in vision or difficulty speaking.',
		],
		treated: 'Keep taking your blood-pressure treatment as prescribed and review it with your doctor regularly.',
	},
	diabetes: {
		normal: ['Keep up a balanced diet and regular physical activity.', 'Repeat diabetes screening at least every 3 years, or as your doctor advises.'],
		low: [
			'Keep up a balanced diet and regular physical activity.',
			'Your latest glucose was below 70 mg/dL; mention it to your doctor, especially if you had symptoms.',
		],
		prediabetes: [
			'Talk to your doctor about preventing diabetes: losing 5-7% of body weight and 150 minutes of activity a week lower the risk.',
			'Have your glucose or HbA1c tested again at least once a year.',
		],
		diabetes: [
			'A value in the diabetes range should be confirmed by a repeat test; please see your doctor.',
			'Your doctor can explain treatment options, diet and activity that keep glucose under control.',
		],
		diagnosed: 'Keep following the diabetes care plan agreed with your doctor.',
		weight: 'Reaching a healthier weight lowers your risk of type 2 diabetes.',
	},
	cardiovascular: {
		low: [
			'Keep up a heart-healthy lifestyle: no smoking, regular activity, and a diet rich in vegetables, fruit and whole grains.',
			'Have your cholesterol checked every 4 to 6 years, or as your doctor advises.',
		],
		moderate: [
			'Discuss your cardiovascular risk with your doctor; cholesterol-lowering treatment may be considered alongside lifestyle changes.',
			'Aim for 150 minutes of moderate activity a week and a diet low in saturated fat.',
		],
		high: [
			'Please discuss your cardiovascular risk with your doctor soon; guidelines recommend considering cholesterol-lowering treatment at this level.',
			'Keep blood pressure, cholesterol and glucose under control, and stay active.',
		],
		smoker: 'Stopping smoking is the biggest single step to lower your risk.',
		veryHighLdl: 'An LDL cholesterol of 190 mg/dL or more usually calls for cholesterol-lowering treatment whatever the other risk factors (2018 AHA/ACC).',
		completeProfile: 'Complete your profile to get a 10-year cardiovascular risk estimate.',
	},
} as const

export function missingValuesMessage(inputs: string[]): string {
	return `Not enough data: add ${inputs.join(', ')}.`
}

export function pooledCohortMissingNote(inputs: string[]): string {
	return `A 10-year risk estimate with the pooled cohort equations needs: ${inputs.join(', ')}. Assessed from lipid and blood-pressure categories instead.`
}

export const GLUCOSE_ASSUMED_FASTING_NOTE = 'Glucose readings are assumed to be fasting values.'

export function staleValueNote(name: string, date: string): string {
	return `${name} is from ${date}, more than a year ago; a newer value may change this assessment.`
}

export const HEALTH_SCORE_NOT_AVAILABLE =
	'Not enough data for a Health Score yet: add a blood-pressure reading, a cholesterol panel, or an HbA1c or glucose result.'

export function abnormalValueAlertMessage(name: string, status: 'low' | 'high' | 'critical', valueText: string, date: string): string {
	const word = status === 'critical' ? 'at a critical level' : status
	return `${name} is ${word}: ${valueText} on ${date}.`
}

/** Recent activity on the dashboard. */
export const ACTIVITY_TEXTS = {
	empty: 'No activity yet. Upload a document or add a reading to get started.',
	uploaded: (title: string) => `Uploaded ${title}`,
	waitingForProcessing: 'Waiting to be processed.',
	processed: (title: string) => `Processed ${title}`,
	failed: (title: string) => `Could not process ${title}`,
	readingAdded: (label: string) => `Added a reading: ${label.toLowerCase()}`,
} as const

/** A card with no reading inside the chosen time range, though older ones exist. */
export function noMetricDataInRangeMessage(metricName: string, rangeLabel: string): string {
	const name = metricName.toLowerCase() === 'bmi' ? 'BMI' : metricName.toLowerCase()
	return `No ${name} readings in the ${rangeLabel.toLowerCase()}.`
}

export const MANUAL_READING_TEXTS = {
	added: 'Your reading has been added.',
	deleted: 'The reading has been deleted.',
	notFound: 'That reading no longer exists.',
} as const
