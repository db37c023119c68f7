import { describe, expect, it } from 'vitest'
import { matchKnownProvider, withKnownProvider } from './known-provider.ts'

const known = ['Pinnacle Crest Laboratory Services', 'Bluewater Diagnostics', 'Meridian Health Partners']

describe('known provider names', () => {
	it('drops logo letters that OCR read in front of a known laboratory name', () => {
		expect(matchKnownProvider('PC Pinnacle Crest Laboratory Services', known)).toBe('Pinnacle Crest Laboratory Services')
	})

	it('accepts one misread letter in a long word and different case or punctuation', () => {
		expect(matchKnownProvider('PINNACLE CREST LABORATORY SERVlCES', known)).toBe('Pinnacle Crest Laboratory Services')
		expect(matchKnownProvider('Bluewater Diagnostics, Inc', known)).toBe('Bluewater Diagnostics')
	})

	it('keeps a different provider of the same group or a name with long extra words', () => {
		expect(matchKnownProvider('Pinnacle Crest Cardiology', known)).toBeNull()
		expect(matchKnownProvider('Northside Bluewater Diagnostics', known)).toBeNull()
		expect(matchKnownProvider('Meridian Partners', known)).toBeNull()
	})

	it('does not replace on a one-word known name, an exact name or nothing read', () => {
		expect(matchKnownProvider('LC Quest', ['Quest'])).toBeNull()
		expect(matchKnownProvider('Bluewater Diagnostics', known)).toBeNull()
		expect(matchKnownProvider(null, known)).toBeNull()
		expect(matchKnownProvider('PC Pinnacle Crest Laboratory Services', [])).toBeNull()
	})

	it('prefers the known name with more matching words', () => {
		expect(matchKnownProvider('PC Pinnacle Crest Laboratory', ['Pinnacle Crest', 'Pinnacle Crest Laboratory'])).toBe('Pinnacle Crest Laboratory')
	})

	it('puts the known name in the title that repeats the provider', () => {
		expect(
			withKnownProvider({ provider: 'PC Pinnacle Crest Laboratory Services', title: 'Lab Results — PC Pinnacle Crest Laboratory Services' }, known),
		).toEqual({ provider: 'Pinnacle Crest Laboratory Services', title: 'Lab Results — Pinnacle Crest Laboratory Services' })
		const unchanged = { provider: 'Northside Clinic', title: 'Visit Note — Northside Clinic' }
		expect(withKnownProvider(unchanged, known)).toBe(unchanged)
	})
})
