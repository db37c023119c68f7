import { describe, expect, it } from 'vitest'
import { clipToAxis, predictionAxis, PREDICTION_AXIS_TEXTS } from './prediction-axis.ts'
import { predictMetric, type MetricPrediction } from './predictions.ts'
import { makeBloodPressure, makeParameter, steadyGlucoseReadings } from '#tests/support/health-parameters.ts'

const today = '2023-06-01'

function ready(result: ReturnType<typeof predictMetric>): MetricPrediction {
	if (result.status !== 'ready') throw new Error(result.message)
	return result
}

// Three scattered readings: a t quantile with one degree of freedom (12.7) makes the band enormous.
const threeCholesterol = [
	makeParameter('total_cholesterol', 190, '2023-01-10'),
	makeParameter('total_cholesterol', 240, '2023-03-10'),
	makeParameter('total_cholesterol', 205, '2023-05-10'),
]

// Five steady readings (see predictions.test.ts): interval about 99.5 .. 110.6 mg/dL.
const steadyGlucose = steadyGlucoseReadings()

describe('prediction chart axis', () => {
	it('keeps three cholesterol readings readable when their 95% band reaches far beyond any plausible value', () => {
		const prediction = ready(predictMetric(threeCholesterol, 'cholesterol', today))
		const upper = Math.max(...prediction.points.map((point) => point.upperBound ?? 0))
		expect(upper).toBeGreaterThan(600) // the honest interval stays in the data
		const axis = predictionAxis('cholesterol', [prediction.points])
		expect(axis.max).toBeLessThanOrEqual(500)
		// The readings (190..240) fill a good part of the axis instead of a line at the bottom.
		expect((240 - 190) / (axis.max - axis.min)).toBeGreaterThan(0.15)
		expect(axis.min).toBeLessThanOrEqual(190)
		expect(axis.max).toBeGreaterThanOrEqual(240)
		expect(axis.isBandClipped).toBe(true)
		expect(axis.isIntervalTooWide).toBe(true)
		expect(axis.widestInterval!.upper).toBe(prediction.points.at(-1)!.upperBound)
	})

	it('shows the whole band and no warning when the interval is narrow', () => {
		const prediction = ready(predictMetric(steadyGlucose, 'glucose', today))
		const axis = predictionAxis('glucose', [prediction.points])
		const bounds = prediction.points.flatMap((point) => (point.isForecast ? [point.lowerBound!, point.upperBound!] : []))
		expect(axis.min).toBeLessThanOrEqual(Math.min(...bounds))
		expect(axis.max).toBeGreaterThanOrEqual(Math.max(...bounds))
		expect(axis.max - axis.min).toBeLessThan(40)
		expect(axis.isBandClipped).toBe(false)
		expect(axis.isIntervalTooWide).toBe(false)
	})

	it('covers both blood-pressure lines and judges the width of either', () => {
		const readings = [...makeBloodPressure(128, 82, '2023-01-10'), ...makeBloodPressure(150, 70, '2023-03-10'), ...makeBloodPressure(122, 95, '2023-05-10')]
		const prediction = ready(predictMetric(readings, 'blood-pressure', today))
		const axis = predictionAxis('blood-pressure', [prediction.points, prediction.diastolicPoints!])
		expect(axis.min).toBeLessThanOrEqual(70)
		expect(axis.max).toBeGreaterThanOrEqual(150)
		expect(axis.min).toBeGreaterThanOrEqual(0)
		expect(axis.max).toBeLessThanOrEqual(260)
		expect(axis.isIntervalTooWide).toBe(true)
	})

	it('cuts band values at the axis and leaves gaps alone', () => {
		expect(clipToAxis([null, 120, -40, 1700], { min: 100, max: 300 })).toEqual([null, 120, 100, 300])
	})

	it('says in words how wide the interval is', () => {
		expect(PREDICTION_AXIS_TEXTS.tooWide(0, 1712.4, ' mg/dL')).toBe(
			'Too uncertain to be useful yet: with these readings the value in 3 months could be anywhere from 0 to 1712.4 mg/dL (95% interval). More readings will narrow it.',
		)
	})
})
