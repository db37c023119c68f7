import { describe, expect, it } from 'vitest'
import { logGamma, studentTCdf, studentTQuantile } from './student-t.ts'

describe("Student's t distribution", () => {
	it('matches closed forms of the CDF', () => {
		// df 1 is Cauchy: 1/2 + atan(1)/pi = 0.75
		expect(studentTCdf(1, 1)).toBeCloseTo(0.75, 12)
		// df 2: 1/2 + t / (2 sqrt(t^2 + 2)); t = 2 gives 1/2 + 1/sqrt(6)
		expect(studentTCdf(2, 2)).toBeCloseTo(0.5 + 1 / Math.sqrt(6), 12)
		expect(studentTCdf(-2, 2)).toBeCloseTo(0.5 - 1 / Math.sqrt(6), 12)
		expect(studentTCdf(0, 7)).toBe(0.5)
	})

	it('gives the tabulated two-sided 95% critical values', () => {
		expect(studentTQuantile(0.975, 5)).toBeCloseTo(2.5706, 4)
		expect(studentTQuantile(0.975, 1)).toBeCloseTo(12.7062, 4)
		expect(studentTQuantile(0.975, 2)).toBeCloseTo(4.3027, 4)
		expect(studentTQuantile(0.975, 3)).toBeCloseTo(3.1824, 4)
		expect(studentTQuantile(0.975, 10)).toBeCloseTo(2.2281, 4)
		expect(studentTQuantile(0.975, 30)).toBeCloseTo(2.0423, 4)
		expect(studentTQuantile(0.975, 120)).toBeCloseTo(1.9799, 4)
	})

	it('gives one-sided values, symmetry and the normal limit', () => {
		expect(studentTQuantile(0.95, 5)).toBeCloseTo(2.015, 4)
		expect(studentTQuantile(0.025, 5)).toBeCloseTo(-2.5706, 4)
		expect(studentTQuantile(0.5, 5)).toBe(0)
		expect(studentTQuantile(0.975, 1e7)).toBeCloseTo(1.959964, 5)
	})

	it('computes ln gamma', () => {
		expect(logGamma(5)).toBeCloseTo(Math.log(24), 12)
		expect(logGamma(0.5)).toBeCloseTo(Math.log(Math.sqrt(Math.PI)), 12)
	})

	it('refuses impossible arguments', () => {
		expect(() => studentTQuantile(1, 5)).toThrow()
		expect(() => studentTQuantile(0.9, 0)).toThrow()
	})
})
