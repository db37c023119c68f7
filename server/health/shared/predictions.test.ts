import { describe, expect, it } from 'vitest'
import { NOT_A_DIAGNOSIS, PREDICTION_CATEGORY_TEXTS, predictionRecommendation, readingAgeText } from './messages.ts'
import { countReadingsNeeded, predictMetric, predictMetrics, type MetricPrediction } from './predictions.ts'
import { makeBloodPressure, makeParameter, steadyGlucoseReadings } from '#tests/support/health-parameters.ts'

const today = '2023-06-01'

function ready(result: ReturnType<typeof predictMetric>): MetricPrediction {
	if (result.status !== 'ready') throw new Error(result.message)
	return result
}

// Glucose every 30 days from 2023-01-15: x = 0, 30, 60, 90, 120 days, y = 100 102 103 102 103,
// that is 98 + (2 4 5 4 5) with x/30 = 0..4 (see regression.test.ts):
// slope 0.6 per 30 days = 0.02 per day, intercept 100.8, s^2 = 0.8, mean x 60, Sxx 9000.
// Fitted on the 15th: Jan (x 0) 100.8, Feb (31) 101.42, Mar (59) 101.98, Apr (90) 102.6, May (120) 103.2.
// Forecasts: Jun 15 (x 151) 103.82, Jul 15 (181) 104.42, Aug 15 (212) 105.04.
// se^2 = 0.8 (1 + 1/5 + (x - 60)^2 / 9000), t(0.975, 3) = 3.182446:
//   x 151: se 1.302340, half width 4.144625 -> 99.675 .. 107.965
//   x 181: se 1.503803, half width 4.785732 -> 99.634 .. 109.206
//   x 212: se 1.735998, half width 5.524722 -> 99.515 .. 110.565
const glucose = steadyGlucoseReadings()

describe('metric predictions', () => {
	it('gives 7 monthly actual points and 3 forecasts with the hand-computed line and interval', () => {
		const prediction = ready(predictMetric(glucose, 'glucose', today))
		expect(prediction.points).toEqual([
			{ month: '2022-11', date: '2022-11-15', label: 'Nov 2022', actual: null, predicted: null, isForecast: false },
			{ month: '2022-12', date: '2022-12-15', label: 'Dec 2022', actual: null, predicted: null, isForecast: false },
			{ month: '2023-01', date: '2023-01-15', label: 'Jan 2023', actual: 100, predicted: 100.8, isForecast: false },
			{ month: '2023-02', date: '2023-02-15', label: 'Feb 2023', actual: 102, predicted: 101.4, isForecast: false },
			{ month: '2023-03', date: '2023-03-15', label: 'Mar 2023', actual: 103, predicted: 102, isForecast: false },
			{ month: '2023-04', date: '2023-04-15', label: 'Apr 2023', actual: 102, predicted: 102.6, isForecast: false },
			{ month: '2023-05', date: '2023-05-15', label: 'May 2023', actual: 103, predicted: 103.2, isForecast: false },
			{
				month: '2023-06',
				date: '2023-06-15',
				label: 'Jun 2023',
				actual: null,
				predicted: 103.8,
				lowerBound: 99.7,
				upperBound: 108,
				isForecast: true,
			},
			{
				month: '2023-07',
				date: '2023-07-15',
				label: 'Jul 2023',
				actual: null,
				predicted: 104.4,
				lowerBound: 99.6,
				upperBound: 109.2,
				isForecast: true,
			},
			{
				month: '2023-08',
				date: '2023-08-15',
				label: 'Aug 2023',
				actual: null,
				predicted: 105,
				lowerBound: 99.5,
				upperBound: 110.6,
				isForecast: true,
			},
		])
	})

	it('describes the model, the trend, the category and the recommendation', () => {
		const prediction = ready(predictMetric(glucose, 'glucose', today))
		expect(prediction.model).toMatchObject({
			readings: 5,
			fitFrom: '2023-01-15',
			fitTo: '2023-05-15',
			changePer30Days: 0.6,
			rSquared: 0.6,
			residualStandardError: 0.894,
			degreesOfFreedom: 3,
			tQuantile: 3.1824,
		})
		expect(prediction.model.slopePerDay).toBeCloseTo(0.02, 12)
		// fitted 103.2 at the last reading, 105.04 three months on: +1.8 %
		expect(prediction).toMatchObject({
			currentValue: '103',
			currentDate: '2023-05-15',
			trend: 'up',
			trendColor: 'red',
			predictedValue: '105',
			predictedCategory: { code: 'prediabetes', label: 'Prediabetes range' },
			newestReading: 'Newest reading: May 15, 2023 (17 days ago).',
			horizonLabel: 'Aug 2023',
			// 103 is in the prediabetes range already: it stays there, it does not "reach" it
			recommendation:
				'Your fasting glucose is in the prediabetes range (100-125 mg/dL) and is projected to stay there. Ask your doctor about an HbA1c test; weight loss and regular activity lower the risk of diabetes.',
			disclaimer: NOT_A_DIAGNOSIS,
		})
		expect(prediction.recommendation).not.toMatch(/projected to reach/)
		expect(prediction.disclaimer).toMatch(/^This is not a diagnosis/)
	})

	it('averages several readings of one month into its actual point', () => {
		const prediction = ready(predictMetric([...glucose, makeParameter('glucose', 107, '2023-05-02')], 'glucose', today))
		expect(prediction.points[6].actual).toBe(105)
	})

	it('forecasts blood pressure from systolic and diastolic and grades it by ACC/AHA', () => {
		// systolic 120 125 130 and diastolic 78 79 80, 30 days apart: exact lines, zero-width intervals.
		// Jun 15 is 151 days after Jan 15: systolic 120 + 151/6 = 145.17, diastolic 78 + 151/30 = 83.03 -> stage 2
		const prediction = ready(
			predictMetric(
				[...makeBloodPressure(120, 78, '2023-01-15'), ...makeBloodPressure(125, 79, '2023-02-14'), ...makeBloodPressure(130, 80, '2023-03-16')],
				'blood-pressure',
				today,
			),
		)
		expect(prediction.points).toHaveLength(10)
		expect(prediction.points.at(-1)).toMatchObject({
			month: '2023-06',
			predicted: 145.2,
			lowerBound: 145.2,
			upperBound: 145.2,
		})
		expect(prediction.diastolicPoints?.at(-1)).toMatchObject({
			month: '2023-06',
			predicted: 83,
			lowerBound: 83,
			upperBound: 83,
		})
		expect(prediction).toMatchObject({
			currentValue: '130/80',
			predictedValue: '145/83',
			predictedCategory: { code: 'stage_2', label: 'Stage 2 hypertension' },
			recommendation: `Your blood pressure is in ${PREDICTION_CATEGORY_TEXTS['blood-pressure'].stage_1.range} now and is projected to reach ${PREDICTION_CATEGORY_TEXTS['blood-pressure'].stage_2.range} in 3 months. ${PREDICTION_CATEGORY_TEXTS['blood-pressure'].stage_2.advice}`,
		})
	})

	it('calls a flat series stable', () => {
		const prediction = ready(
			predictMetric(
				[
					makeParameter('total_cholesterol', 180, '2023-02-01'),
					makeParameter('total_cholesterol', 181, '2023-03-01'),
					makeParameter('total_cholesterol', 180, '2023-04-01'),
				],
				'cholesterol',
				today,
			),
		)
		expect(prediction).toMatchObject({ trend: 'stable', trendColor: 'blue', predictedCategory: { code: 'desirable' } })
	})
})

describe('too little history', () => {
	it('counts the readings still needed', () => {
		expect(countReadingsNeeded([])).toBe(3)
		expect(countReadingsNeeded(['2023-01-10'])).toBe(2)
		expect(countReadingsNeeded(['2023-01-10', '2023-02-10'])).toBe(1)
		expect(countReadingsNeeded(['2023-01-10', '2023-01-20', '2023-01-30'])).toBe(1)
		expect(countReadingsNeeded(['2023-01-10', '2023-01-10', '2023-02-10'])).toBe(1)
		expect(countReadingsNeeded(['2023-01-10', '2023-01-20', '2023-02-10'])).toBe(0)
	})

	it('says how many more readings a metric needs instead of inventing numbers', () => {
		const result = predictMetric(glucose.slice(0, 2), 'glucose', '2023-03-01')
		expect(result).toEqual({
			status: 'insufficient',
			reason: 'too-few',
			metricId: 'glucose',
			name: 'Glucose',
			unit: 'mg/dL',
			readingsAvailable: 2,
			readingsNeeded: 1,
			message:
				'Add 1 more reading to see a prediction: it needs readings on at least 3 days in at least 2 different months within 7 months. You have readings on 2 days.',
			disclaimer: NOT_A_DIAGNOSIS,
		})
	})

	it('asks for a reading from another month when three readings share one month', () => {
		const result = predictMetric(
			[makeParameter('glucose', 95, '2023-03-02'), makeParameter('glucose', 96, '2023-03-12'), makeParameter('glucose', 97, '2023-03-22')],
			'glucose',
			'2023-04-01',
		)
		expect(result).toMatchObject({
			status: 'insufficient',
			readingsAvailable: 3,
			readingsNeeded: 1,
			message:
				'Add 1 more reading from another month to see a prediction: it needs readings on at least 3 days in at least 2 different months within 7 months. You have readings on 3 days, all in Mar 2023.',
		})
	})

	it('makes no prediction from a series whose newest reading is too old, and says how old it is', () => {
		// the case: a series that ended 14 months ago
		const result = predictMetric(glucose, 'glucose', '2024-07-20')
		expect(result).toMatchObject({
			status: 'insufficient',
			reason: 'stale',
			message:
				'Your newest glucose reading is from May 15, 2023, 1 year and 2 months ago. A prediction needs a reading from the last 3 months: add a recent reading to see one.',
		})
		// 92 days is still recent
		expect(predictMetric(glucose, 'glucose', '2023-08-15').status).toBe('ready')
		expect(predictMetric(glucose, 'glucose', '2023-08-16').status).toBe('insufficient')
	})

	it('forecasts blood pressure from systolic values alone, without a diastolic line', () => {
		const prediction = ready(
			predictMetric(
				[makeParameter('systolic_bp', 120, '2023-01-15'), makeParameter('systolic_bp', 125, '2023-02-14'), makeParameter('systolic_bp', 130, '2023-03-16')],
				'blood-pressure',
				today,
			),
		)
		expect(prediction.currentValue).toBe('130/–')
		expect(prediction.diastolicPoints).toBeUndefined()
	})

	it('counts only readings in the 7 months up to the newest one', () => {
		// the window for a newest reading in Jan 2024 starts 2023-07-01
		const result = predictMetric(
			[makeParameter('glucose', 95, '2023-01-10'), makeParameter('glucose', 96, '2023-12-10'), makeParameter('glucose', 97, '2024-01-10')],
			'glucose',
			'2024-02-01',
		)
		expect(result).toMatchObject({ status: 'insufficient', readingsAvailable: 2, readingsNeeded: 1 })
	})

	it('needs 3 readings for a metric without data, for each of the four metrics', () => {
		const results = predictMetrics(glucose, today)
		expect(results.map((result) => [result.metricId, result.status])).toEqual([
			['blood-pressure', 'insufficient'],
			['cholesterol', 'insufficient'],
			['glucose', 'ready'],
			['bmi', 'insufficient'],
		])
		expect(results[0]).toMatchObject({ readingsAvailable: 0, readingsNeeded: 3 })
	})
})

describe('texts', () => {
	it('says how old a reading is', () => {
		expect(readingAgeText(0)).toBe('today')
		expect(readingAgeText(1)).toBe('yesterday')
		expect(readingAgeText(17)).toBe('17 days ago')
		expect(readingAgeText(92)).toBe('3 months ago')
		expect(readingAgeText(365)).toBe('1 year ago')
		expect(readingAgeText(430)).toBe('1 year and 2 months ago')
	})

	it('never projects a value to reach the range it is in', () => {
		expect(predictionRecommendation('glucose', 'prediabetes', 'prediabetes')).toMatch(
			/^Your fasting glucose is in the prediabetes range \(100-125 mg\/dL\) and is projected to stay there\./,
		)
		expect(predictionRecommendation('glucose', 'normal', 'prediabetes')).toMatch(
			/is in the normal range \(70-99 mg\/dL\) now and is projected to reach the prediabetes range/,
		)
	})
})
