import { describe, expect, it } from 'vitest'
import { buildMailtoHref, buildTelHref, isPlausiblePhoneNumber } from './contact-links.ts'

describe('isPlausiblePhoneNumber', () => {
	it('accepts usual ways of writing a number', () => {
		for (const phone of ['+1 (555) 123-4567', '555.123.4567', '+44 20 7946 0958', '030/1234567', '555-1234 x12']) {
			expect(isPlausiblePhoneNumber(phone)).toBe(true)
		}
	})

	it('refuses letters, too few or too many digits and a + inside', () => {
		for (const phone of ['555-CALL', '123456', '+1234567890123456', '55+51234567', '', '()- .']) {
			expect(isPlausiblePhoneNumber(phone)).toBe(false)
		}
	})
})

describe('buildTelHref', () => {
	it('keeps the digits and a leading +', () => {
		expect(buildTelHref('+1 (555) 123-4567')).toBe('tel:+15551234567')
		expect(buildTelHref('555.123.4567')).toBe('tel:5551234567')
	})

	it('writes an extension as ;ext=', () => {
		expect(buildTelHref('555-123-4567 ext. 12')).toBe('tel:5551234567;ext=12')
	})

	it('gives null for no number or an implausible one', () => {
		expect(buildTelHref(null)).toBe(null)
		expect(buildTelHref('')).toBe(null)
		expect(buildTelHref('call the front desk')).toBe(null)
	})
})

describe('buildMailtoHref', () => {
	it('builds a mailto link or null', () => {
		expect(buildMailtoHref(' dr.lee@clinic.com ')).toBe('mailto:dr.lee@clinic.com')
		expect(buildMailtoHref(null)).toBe(null)
		expect(buildMailtoHref('nobody')).toBe(null)
	})
})
