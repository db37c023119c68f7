/**
 * Student's t distribution: the CDF through the regularized incomplete beta
 * function (continued fraction, Numerical Recipes §6.4) and its inverse by
 * bisection. Accurate to well under 1e-8, which is all a prediction interval
 * needs.
 */

const LANCZOS_COEFFICIENTS = [
	0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059, 12.507343278686905, -0.13857109526572012,
	9.9843695780195716e-6, 1.5056327351493116e-7,
]

/** ln Γ(x) for x > 0 (Lanczos approximation, g = 7). */
export function logGamma(x: number): number {
	if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - logGamma(1 - x)
	const shifted = x - 1
	let sum = LANCZOS_COEFFICIENTS[0]
	for (let index = 1; index < LANCZOS_COEFFICIENTS.length; index++) sum += LANCZOS_COEFFICIENTS[index] / (shifted + index)
	const t = shifted + 7.5
	return 0.5 * Math.log(2 * Math.PI) + (shifted + 0.5) * Math.log(t) - t + Math.log(sum)
}

function betaContinuedFraction(a: number, b: number, x: number): number {
	const tiny = 1e-300
	let c = 1
	let d = 1 - ((a + b) * x) / (a + 1)
	if (Math.abs(d) < tiny) d = tiny
	d = 1 / d
	let result = d
	for (let m = 1; m <= 300; m++) {
		const m2 = 2 * m
		let term = (m * (b - m) * x) / ((a + m2 - 1) * (a + m2))
		d = 1 + term * d
		if (Math.abs(d) < tiny) d = tiny
		c = 1 + term / c
		if (Math.abs(c) < tiny) c = tiny
		d = 1 / d
		result *= d * c
		term = (-(a + m) * (a + b + m) * x) / ((a + m2) * (a + m2 + 1))
		d = 1 + term * d
		if (Math.abs(d) < tiny) d = tiny
		c = 1 + term / c
		if (Math.abs(c) < tiny) c = tiny
		d = 1 / d
		const delta = d * c
		result *= delta
		if (Math.abs(delta - 1) < 1e-15) break
	}
	return result
}

/** Regularized incomplete beta I_x(a, b). */
export function regularizedIncompleteBeta(x: number, a: number, b: number): number {
	if (x <= 0) return 0
	if (x >= 1) return 1
	const logFront = logGamma(a + b) - logGamma(a) - logGamma(b) + a * Math.log(x) + b * Math.log(1 - x)
	const front = Math.exp(logFront)
	if (x < (a + 1) / (a + b + 2)) return (front * betaContinuedFraction(a, b, x)) / a
	return 1 - (front * betaContinuedFraction(b, a, 1 - x)) / b
}

/** P(T <= t) for Student's t with `degreesOfFreedom` > 0. */
export function studentTCdf(t: number, degreesOfFreedom: number): number {
	if (!(degreesOfFreedom > 0)) throw new RangeError('Degrees of freedom must be positive')
	if (t === 0) return 0.5
	const x = degreesOfFreedom / (degreesOfFreedom + t * t)
	const tail = 0.5 * regularizedIncompleteBeta(x, degreesOfFreedom / 2, 0.5)
	return t > 0 ? 1 - tail : tail
}

/** The t with P(T <= t) = p: the inverse CDF (quantile) of Student's t. */
export function studentTQuantile(p: number, degreesOfFreedom: number): number {
	if (!(p > 0 && p < 1)) throw new RangeError('Probability must be between 0 and 1')
	if (!(degreesOfFreedom > 0)) throw new RangeError('Degrees of freedom must be positive')
	if (p === 0.5) return 0
	if (p < 0.5) return -studentTQuantile(1 - p, degreesOfFreedom)
	let low = 0
	let high = 1
	while (studentTCdf(high, degreesOfFreedom) < p) {
		low = high
		high *= 2
		if (high > 1e12) return high
	}
	for (let iteration = 0; iteration < 200; iteration++) {
		const middle = (low + high) / 2
		if (studentTCdf(middle, degreesOfFreedom) < p) low = middle
		else high = middle
		if (high - low <= 1e-12 * Math.max(1, high)) break
	}
	return (low + high) / 2
}
