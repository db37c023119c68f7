import { parseLabLine, type LabTextSource } from './lab-values.ts'
import { findSections } from './sections.ts'
import type { ExtractedParameter } from '../types.ts'

/**
 * Vital signs of clinical notes ('BP 141/90 mmHg | Pulse 83 bpm | ...'): no
 * range is printed, so they are graded by the one rule (parameter-status.ts):
 * blood pressure and BMI by their guideline, the others not graded.
 */

const HEADING = /^(?:vitals?|vital signs)$/i

/** Splits a vitals text into one reading per item. */
export function splitVitalItems(text: string): string[] {
	return text
		.replace(/\([^)]*\)/g, ' ')
		.split(/\s*[|;•·]\s*|,\s+(?=[A-Za-z])/)
		.map((item) => item.trim())
		.filter(Boolean)
}

export function extractVitalSigns(text: string, options: { source: LabTextSource; testDate: string | null }): ExtractedParameter[] {
	const parameters: ExtractedParameter[] = []
	const seen = new Set<string>()
	const sections = findSections(text, HEADING)
	const texts =
		sections.length > 0
			? sections.map((section) => [section.inline ?? '', ...section.lines].join(' '))
			: text.split('\n').filter((line) => /^\s*(?:BP|blood pressure)\s*:?\s*\d{2,3}\/\d{2,3}/i.test(line))
	for (const vitals of texts) {
		for (const item of splitVitalItems(vitals)) {
			for (const parameter of parseLabLine(item.replace(/:/g, ' '), { source: options.source, testDate: options.testDate, grade: true })) {
				if (seen.has(parameter.code)) continue
				seen.add(parameter.code)
				parameters.push(parameter)
			}
		}
	}
	return parameters
}
