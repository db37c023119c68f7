import { expect } from 'vitest'
import { parseLabLine, type LabParseOptions } from '#server/extraction/rows/lab-values.ts'

/** The row reader's options for a text layer's line and an OCR'd line, in the unit tests of server/extraction. */
export const TEXT: LabParseOptions = { source: 'text', testDate: '2025-03-14', grade: true }
export const OCR: LabParseOptions = { source: 'ocr', testDate: '2025-03-14', grade: true }

/** The one parameter a line reads (the test fails when it reads none or several). */
export function one(line: string, options = TEXT) {
	const found = parseLabLine(line, options)
	expect(found).toHaveLength(1)
	return found[0]
}
