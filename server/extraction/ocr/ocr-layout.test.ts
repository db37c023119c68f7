import { describe, expect, it } from 'vitest'
import { layoutOcrWords, parseTesseractTsv } from './ocr-layout.ts'

const HEADER = 'level\tpage_num\tblock_num\tpar_num\tline_num\tword_num\tleft\ttop\twidth\theight\tconf\ttext'

/** A TSV row of one word: 10 px a character, 20 px high. */
function word(block: number, line: number, wordNumber: number, left: number, top: number, text: string): string {
	return ['5', '1', block, '1', line, wordNumber, left, top, text.length * 10, 20, '91.5', text].join('\t')
}

describe('tesseract word boxes', () => {
	it('reads the words of the TSV and skips other levels and empty words', () => {
		const tsv = [
			HEADER,
			['4', '1', '1', '1', '1', '0', '0', '0', '500', '20', '-1', ''].join('\t'),
			word(1, 1, 1, 0, 0, 'Glucose'),
			['5', '1', '1', '1', '1', '2', '80', '0', '10', '20', '95', ' '].join('\t'),
		].join('\n')
		expect(parseTesseractTsv(tsv)).toEqual([{ block: 1, paragraph: 1, line: 1, left: 0, top: 0, width: 70, height: 20, confidence: 91.5, text: 'Glucose' }])
	})

	it('keeps columns apart by the gap between the boxes, and words of one cell one space apart', () => {
		const tsv = [
			HEADER,
			word(1, 1, 1, 0, 0, 'Total'),
			word(1, 1, 2, 60, 0, 'Cholesterol'),
			word(1, 1, 3, 300, 0, '182'),
			word(1, 1, 4, 400, 0, 'mg/dL'),
			word(1, 1, 5, 500, 2, '<200'),
		].join('\n')
		const text = layoutOcrWords(parseTesseractTsv(tsv))
		expect(text.trimEnd().split(/\s{2,}/)).toEqual(['Total Cholesterol', '182', 'mg/dL', '<200'])
		// 130 px between 'Cholesterol' and '182' at 10 px a character
		expect(text).toContain(`Cholesterol${' '.repeat(13)}182`)
	})

	it('reads two tables side by side as two groups of columns on one line', () => {
		const tsv = [HEADER, word(1, 1, 1, 0, 0, 'WBC'), word(1, 1, 2, 100, 0, '6.1'), word(1, 1, 3, 400, 0, 'Sodium'), word(1, 1, 4, 500, 0, '140')].join('\n')
		const [line] = layoutOcrWords(parseTesseractTsv(tsv)).split('\n')
		expect(line.split(/\s{2,}/)).toEqual(['WBC', '6.1', 'Sodium', '140'])
	})

	it('orders lines as tesseract numbered them, a blank line between blocks', () => {
		const tsv = [
			HEADER,
			word(1, 1, 1, 0, 0, 'REPORT'),
			word(2, 1, 1, 0, 40, 'Glucose'),
			word(2, 1, 2, 200, 40, '99'),
			word(2, 2, 1, 0, 70, 'Sodium'),
			word(2, 2, 2, 200, 70, '140'),
		].join('\n')
		expect(layoutOcrWords(parseTesseractTsv(tsv))).toBe('REPORT\n\nGlucose             99\nSodium              140\n')
	})

	it('lays the words out one space apart when column gaps are off', () => {
		const tsv = [HEADER, word(1, 1, 1, 0, 0, 'WBC'), word(1, 1, 2, 100, 0, '6.1')].join('\n')
		expect(layoutOcrWords(parseTesseractTsv(tsv), { columnGaps: false })).toBe('WBC 6.1\n')
	})
})
