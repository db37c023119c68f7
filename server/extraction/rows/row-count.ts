import type { ResultRowCounter } from '../ocr/ocr-page.ts'
import { extractLabResults, writesDecimalCommas } from './lab-values.ts'

/**
 * The result rows an OCR reading holds, as the row reader reads them: what OCR compares its
 * readings by (ocr-page.ts readReportPage), passed in by the pipeline so OCR does not import
 * the row reader.
 */
export const countResultRows: ResultRowCounter = ({ text, columnGaps }) => {
	const { parameters } = extractLabResults(text, { source: 'ocr', columnGaps, testDate: null, grade: false, decimalComma: writesDecimalCommas(text) })
	return {
		rows: parameters.length,
		complete: parameters.filter((parameter) => parameter.unit !== null && parameter.referenceRangeText !== null).length,
	}
}
