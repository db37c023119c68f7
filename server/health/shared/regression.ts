import { studentTQuantile } from './student-t.ts'

/**
 * Ordinary least squares of y on x with the classical prediction interval for
 * a new observation:
 *
 *   slope b = Sxy / Sxx, intercept a = mean(y) - b mean(x)
 *   s^2 = SSE / (n - 2)
 *   se(x0) = s sqrt(1 + 1/n + (x0 - mean(x))^2 / Sxx)
 *   interval = a + b x0 ± t(1 - alpha/2, n - 2) se(x0)
 */

export type Point = { x: number; y: number }

export type LinearFit = {
	n: number
	slope: number
	intercept: number
	meanX: number
	/** Σ(x - mean x)². */
	sxx: number
	/** Σ(y - fitted)². */
	sumSquaredResiduals: number
	/** n - 2. */
	degreesOfFreedom: number
	/** s = sqrt(SSE / (n - 2)); NaN when n = 2. */
	residualStandardError: number
	/** 1 - SSE/SST; 1 when every y is the same. */
	rSquared: number
}

export type PredictionInterval = {
	x: number
	predicted: number
	lower: number
	upper: number
	standardError: number
	tQuantile: number
	confidence: number
}

export function fitLeastSquares(points: Point[]): LinearFit {
	const n = points.length
	if (n < 2) throw new RangeError('Least squares needs at least two points')
	const meanX = points.reduce((sum, point) => sum + point.x, 0) / n
	const meanY = points.reduce((sum, point) => sum + point.y, 0) / n
	let sxx = 0
	let sxy = 0
	let syy = 0
	for (const { x, y } of points) {
		sxx += (x - meanX) ** 2
		sxy += (x - meanX) * (y - meanY)
		syy += (y - meanY) ** 2
	}
	if (sxx === 0) throw new RangeError('Least squares needs at least two distinct x values')
	const slope = sxy / sxx
	const intercept = meanY - slope * meanX
	const sumSquaredResiduals = points.reduce((sum, { x, y }) => sum + (y - (intercept + slope * x)) ** 2, 0)
	const degreesOfFreedom = n - 2
	return {
		n,
		slope,
		intercept,
		meanX,
		sxx,
		sumSquaredResiduals,
		degreesOfFreedom,
		residualStandardError: degreesOfFreedom > 0 ? Math.sqrt(sumSquaredResiduals / degreesOfFreedom) : Number.NaN,
		rSquared: syy === 0 ? 1 : 1 - sumSquaredResiduals / syy,
	}
}

export function predictAt(fit: LinearFit, x: number): number {
	return fit.intercept + fit.slope * x
}

/** The (default 95 %) prediction interval for a new observation at x. Needs n >= 3. */
export function predictionIntervalAt(fit: LinearFit, x: number, confidence = 0.95): PredictionInterval {
	if (fit.degreesOfFreedom < 1) throw new RangeError('A prediction interval needs at least three points')
	if (!(confidence > 0 && confidence < 1)) throw new RangeError('Confidence must be between 0 and 1')
	const predicted = predictAt(fit, x)
	const standardError = fit.residualStandardError * Math.sqrt(1 + 1 / fit.n + (x - fit.meanX) ** 2 / fit.sxx)
	const tQuantile = studentTQuantile(1 - (1 - confidence) / 2, fit.degreesOfFreedom)
	return {
		x,
		predicted,
		lower: predicted - tQuantile * standardError,
		upper: predicted + tQuantile * standardError,
		standardError,
		tQuantile,
		confidence,
	}
}
