/** User-facing texts of the health-analytics domain, shared by the UI and the tests. */

export const NOT_A_DIAGNOSIS =
	'This is not a diagnosis. It is an automated estimate from your recorded values; discuss your results with a doctor or other qualified health professional.'

export const PREDICTIONS_TITLE = 'Health Predictions'
/** Not 'AI-powered' (spec 2.5): the forecast is a straight line fitted to the readings (least squares), with its 95% prediction interval. */
export const PREDICTIONS_DESCRIPTION =
	'Linear-regression forecasts of your health metrics from your recent readings, each with its 95% prediction interval. A trend line, not a diagnosis.'
export const HEALTH_OVERVIEW_PLACEHOLDER = 'Select a specific metric to view detailed trends'

export function noMetricDataMessage(metricName: string): string {
	return `No ${metricName.toLowerCase() === 'bmi' ? 'BMI' : metricName.toLowerCase()} readings yet.`
}

export const TREND_FROM_LAST_MONTH = 'from last month'
export const NO_EARLIER_READING = 'No earlier reading to compare'

export function trendSinceMonthLabel(monthLabel: string): string {
	return `since ${monthLabel}`
}

/** How many readings a prediction still needs, and why (see countReadingsNeeded in predictions.ts). */
export function predictionHistoryNeededMessage(need: { needed: number; fromAnotherMonth: boolean; days: number; onlyMonth: string | null }): string {
	const { needed, fromAnotherMonth } = need
	const what =
		needed === 0
			? ''
			: `Add ${needed} more reading${needed === 1 ? '' : 's'}${fromAnotherMonth ? (needed === 1 ? ' from another month' : ', at least one from another month') : ''} to see a prediction: `
	const rule = 'it needs readings on at least 3 days in at least 2 different months within 7 months.'
	const have =
		need.days === 0 ? '' : ` You have readings on ${need.days} day${need.days === 1 ? '' : 's'}${need.onlyMonth ? `, all in ${need.onlyMonth}` : ''}.`
	return `${what}${what ? rule : `A prediction ${rule}`}${have}`
}

/** A prediction needs a reading this recent (days before today), so its forecasts lie ahead, not in the past. */
export const PREDICTION_MAX_AGE_DAYS = 92

/** 'today', '5 days ago', '3 months ago', '1 year and 2 months ago': how old the newest reading is. */
export function readingAgeText(days: number): string {
	if (days <= 0) return 'today'
	if (days === 1) return 'yesterday'
	if (days < 45) return `${days} days ago`
	const months = Math.round(days / 30.44)
	if (months < 12) return `${months} months ago`
	const years = Math.floor(months / 12)
	const rest = months % 12
	return `${years} year${years === 1 ? '' : 's'}${rest ? ` and ${rest} month${rest === 1 ? '' : 's'}` : ''} ago`
}

export function newestReadingText(date: string, age: string): string {
	return `Newest reading: ${date} (${age}).`
}

export function predictionStaleMessage(metricName: string, date: string, age: string): string {
	const name = metricName.toLowerCase() === 'bmi' ? 'BMI' : metricName.toLowerCase()
	return `Your newest ${name} reading is from ${date}, ${age}. A prediction needs a reading from the last 3 months: add a recent reading to see one.`
}

/** Who the recommendation speaks of, per metric. */
const PREDICTION_SUBJECTS = {
	'blood-pressure': 'Your blood pressure',
	glucose: 'Your fasting glucose',
	cholesterol: 'Your total cholesterol',
	bmi: 'Your BMI',
} as const

/** Per metric and category (of a value): the range in words and the advice for it. */
export const PREDICTION_CATEGORY_TEXTS = {
	'blood-pressure': {
		normal: { range: 'the normal range (below 120/80 mmHg)', advice: 'Keep up regular activity and a low-salt diet.' },
		elevated: {
			range: 'the elevated range (120-129 mmHg systolic)',
			advice: 'Less salt, regular activity, limiting alcohol and a healthy weight can bring it down; recheck in 3 to 6 months.',
		},
		stage_1: {
			range: 'stage 1 hypertension (130-139/80-89 mmHg)',
			advice: 'Discuss it with your doctor, together with lifestyle changes such as less salt, regular exercise and limiting alcohol.',
		},
		stage_2: { range: 'stage 2 hypertension (140/90 mmHg or higher)', advice: 'Please see your doctor soon to review your readings and treatment.' },
		hypertensive_crisis: {
			range: 'the crisis range (above 180/120 mmHg)',
			advice: 'A reading this high needs prompt medical care, urgently if you have chest pain, shortness of breath, weakness or changes in vision.',
		},
	},
	glucose: {
		low: { range: 'the low range (below 70 mg/dL)', advice: 'Talk to your doctor about low readings, especially if you feel shaky, sweaty or confused.' },
		normal: { range: 'the normal range (70-99 mg/dL)', advice: 'Keep up a balanced diet and regular activity.' },
		prediabetes: {
			range: 'the prediabetes range (100-125 mg/dL)',
			advice: 'Ask your doctor about an HbA1c test; weight loss and regular activity lower the risk of diabetes.',
		},
		diabetes: { range: 'the diabetes range (126 mg/dL or higher)', advice: 'Please discuss your results with your doctor soon.' },
	},
	cholesterol: {
		desirable: { range: 'the desirable range (below 200 mg/dL)', advice: 'Keep up a diet low in saturated fat and regular exercise.' },
		borderline_high: {
			range: 'the borderline-high range (200-239 mg/dL)',
			advice: 'Eat less saturated fat and more fibre, stay active, and ask your doctor about a full lipid panel.',
		},
		high: { range: 'the high range (240 mg/dL or more)', advice: 'Please review your lipid results and your options with your doctor.' },
	},
	bmi: {
		underweight: { range: 'the underweight range (below 18.5)', advice: 'Talk to your doctor or a dietitian about gaining weight healthily.' },
		normal: { range: 'the normal range (18.5-24.9)', advice: 'Keep up a balanced diet and regular activity.' },
		overweight: { range: 'the overweight range (25-29.9)', advice: 'A balanced diet and regular activity can help you reach a healthier weight.' },
		obesity_1: { range: 'the obesity range (30-34.9)', advice: 'Your doctor can help you with a weight-management plan.' },
		obesity_2: { range: 'the obesity range (35-39.9)', advice: 'Your doctor can help you with a weight-management plan.' },
		obesity_3: { range: 'the obesity range (40 or more)', advice: 'Please talk to your doctor about a weight-management plan.' },
	},
} as const

type CategoryTexts = Record<string, { range: string; advice: string }>

/**
 * The 'Recommendation:' text: where the value is now and where it is projected in 3 months,
 * never "projected to reach" a range the current value is already in, then the advice for the
 * projected range.
 */
export function predictionRecommendation(metricId: keyof typeof PREDICTION_SUBJECTS, currentCode: string, predictedCode: string): string {
	const texts: CategoryTexts = PREDICTION_CATEGORY_TEXTS[metricId]
	const subject = PREDICTION_SUBJECTS[metricId]
	const predicted = texts[predictedCode]
	const projection =
		currentCode === predictedCode
			? `${subject} is in ${predicted.range} and is projected to stay there.`
			: `${subject} is in ${texts[currentCode].range} now and is projected to reach ${predicted.range} in 3 months.`
	return `${projection} ${predicted.advice}`
}

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
