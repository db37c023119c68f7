import { describe, expect, it } from 'vitest'
import { findSections, isHeadingLine } from './sections.ts'

describe('isHeadingLine', () => {
	it('knows clinical-note headings', () => {
		expect(isHeadingLine('Current Medications')).toBe(true)
		expect(isHeadingLine('Vitals:')).toBe(true)
		expect(isHeadingLine('Assessment and Plan')).toBe(true)
		expect(isHeadingLine('Lisinopril 10 mg daily')).toBe(false)
		expect(isHeadingLine('Plan to recheck the blood pressure in six weeks at the clinic')).toBe(false)
	})
})

describe('findSections', () => {
	it('collects the lines up to the next heading and the text after a colon', () => {
		const text = 'Vitals: BP 120/80\nPulse 70\nAllergies\nNone\nVitals\nTemp 98.6 F'
		expect(findSections(text, /^vitals?$/i)).toEqual([
			{ heading: 'Vitals', lines: ['Pulse 70'], inline: 'BP 120/80' },
			{ heading: 'Vitals', lines: ['Temp 98.6 F'], inline: null },
		])
	})
})
