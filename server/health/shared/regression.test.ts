import { describe, expect, it } from 'vitest'
import { fitLeastSquares, predictAt, predictionIntervalAt } from './regression.ts'

// x 0..4, y 2 4 5 4 5.
// mean x 2, mean y 4, Sxx 10, Sxy (-2)(-2) + (-1)(0) + 0(1) + 1(0) + 2(1) = 6
// slope 0.6, intercept 4 - 0.6 x 2 = 2.8; fitted 2.8 3.4 4.0 4.6 5.2
// residuals -0.8 0.6 1.0 -0.6 -0.2, SSE 0.64 + 0.36 + 1 + 0.36 + 0.04 = 2.4
// s^2 = 2.4 / 3 = 0.8; SST 4 + 0 + 1 + 0 + 1 = 6, R^2 = 1 - 2.4/6 = 0.6
const points = [
	{ x: 0, y: 2 },
	{ x: 1, y: 4 },
	{ x: 2, y: 5 },
	{ x: 3, y: 4 },
	{ x: 4, y: 5 },
]

describe('least squares', () => {
	it('fits the hand-computed line', () => {
		const fit = fitLeastSquares(points)
		expect(fit.slope).toBeCloseTo(0.6, 12)
		expect(fit.intercept).toBeCloseTo(2.8, 12)
		expect(fit.sxx).toBe(10)
		expect(fit.sumSquaredResiduals).toBeCloseTo(2.4, 12)
		expect(fit.degreesOfFreedom).toBe(3)
		expect(fit.residualStandardError).toBeCloseTo(Math.sqrt(0.8), 12)
		expect(fit.rSquared).toBeCloseTo(0.6, 12)
		expect(predictAt(fit, 5)).toBeCloseTo(5.8, 12)
	})

	it('gives the 95% prediction interval at x = 5', () => {
		// se^2 = 0.8 (1 + 1/5 + (5 - 2)^2 / 10) = 0.8 x 2.1 = 1.68; t(0.975, 3) = 3.182446
		// half width 3.182446 x sqrt(1.68) = 3.182446 x 1.296148 = 4.124920
		const interval = predictionIntervalAt(fitLeastSquares(points), 5)
		expect(interval.standardError ** 2).toBeCloseTo(1.68, 12)
		expect(interval.tQuantile).toBeCloseTo(3.182446, 6)
		expect(interval.predicted).toBeCloseTo(5.8, 12)
		expect(interval.lower).toBeCloseTo(1.67508, 4)
		expect(interval.upper).toBeCloseTo(9.92492, 4)
	})

	it('narrows to the line itself for perfectly linear data', () => {
		const fit = fitLeastSquares([
			{ x: 0, y: 100 },
			{ x: 30, y: 103 },
			{ x: 60, y: 106 },
		])
		expect(fit.slope).toBeCloseTo(0.1, 12)
		const interval = predictionIntervalAt(fit, 90)
		expect(interval.predicted).toBeCloseTo(109, 10)
		expect(interval.upper - interval.lower).toBeCloseTo(0, 10)
	})

	it('refuses fits it cannot make', () => {
		expect(() => fitLeastSquares([{ x: 1, y: 1 }])).toThrow()
		expect(() =>
			fitLeastSquares([
				{ x: 1, y: 1 },
				{ x: 1, y: 2 },
				{ x: 1, y: 3 },
			]),
		).toThrow()
		expect(() =>
			predictionIntervalAt(
				fitLeastSquares([
					{ x: 0, y: 1 },
					{ x: 1, y: 2 },
				]),
				2,
			),
		).toThrow()
	})
})
