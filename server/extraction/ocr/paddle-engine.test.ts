import { readFileSync } from 'node:fs'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { extractLabResults } from '../rows/lab-values.ts'
import { layoutOcrWords } from './ocr-layout.ts'
import {
	boxesFromProbabilities,
	boxWords,
	restoreSpaces,
	createPaddleEngine,
	decodeCtc,
	detectionInput,
	paddleLines,
	parsePgm,
	type PaddleBox,
} from './paddle-engine.ts'

/** A box of `text` at 10 px a character from `left`, 20 px high, characters centred in their cells. */
function box(text: string, left: number, top: number, confidence = 0.95): PaddleBox {
	return { text, confidence, left, top, width: text.length * 10, height: 20, charCentres: [...text].map((_, index) => left + index * 10 + 5) }
}

describe('PaddleOCR boxes as words', () => {
	it('splits a box into its words, placed by the centres of their characters', () => {
		const words = boxWords(box('Total Cholesterol', 100, 40), 3)
		expect(words).toEqual([
			{ block: 1, paragraph: 1, line: 3, left: 100, top: 40, width: 50, height: 20, confidence: 95, text: 'Total' },
			{ block: 1, paragraph: 1, line: 3, left: 160, top: 40, width: 110, height: 20, confidence: 95, text: 'Cholesterol' },
		])
	})

	it('restores the spaces the model leaves out between mixed-case words, never inside units', () => {
		expect(restoreSpaces('CedarHollow Family Health')).toBe('Cedar Hollow Family Health')
		expect(restoreSpaces('AbsoluteNeutrophilCount')).toBe('Absolute Neutrophil Count')
		for (const unit of ['mmHg', 'mEq/L', 'mOsm/kg', 'HbA1c', 'mIU/L', 'x10^3/uL', 'eGFR']) expect(restoreSpaces(unit)).toBe(unit)
	})

	it('places the words proportionally when the character positions are missing', () => {
		const words = boxWords({ ...box('WBC 6.1', 0, 0), charCentres: [] }, 1)
		expect(words.map((word) => [word.text, word.left, word.width])).toEqual([
			['WBC', 0, 30],
			['6.1', 40, 30],
		])
	})

	it('puts the cells of a table row on one line, in order, with the gaps between columns', () => {
		// a row's cells are separate boxes, a few pixels apart vertically; the next row below
		const boxes = [box('182', 300, 3), box('Total Cholesterol', 0, 0), box('mg/dL', 400, 1), box('<200', 500, 2), box('HDL', 0, 30), box('45', 300, 31)]
		const text = layoutOcrWords(paddleLines(boxes))
		const [first, second] = text.split('\n')
		expect(first.split(/\s{2,}/)).toEqual(['Total Cholesterol', '182', 'mg/dL', '<200'])
		expect(second.split(/\s{2,}/)).toEqual(['HDL', '45'])
		// the lab-value reader finds the row's value, unit and range in its columns
		const { parameters } = extractLabResults(text, { source: 'ocr', columnGaps: true, testDate: null, grade: true, decimalComma: false })
		expect(parameters[0]).toMatchObject({ code: 'total_cholesterol', value: 182, unit: 'mg/dL', referenceRangeMax: 200, status: 'normal' })
	})

	it('keeps two tables side by side as two groups of columns', () => {
		const [line] = layoutOcrWords(paddleLines([box('WBC', 0, 0), box('6.1', 100, 0), box('Sodium', 400, 0), box('140', 500, 0)])).split('\n')
		expect(line.split(/\s{2,}/)).toEqual(['WBC', '6.1', 'Sodium', '140'])
	})

	it('starts a new block after a wide vertical gap', () => {
		expect(layoutOcrWords(paddleLines([box('REPORT', 0, 0), box('Glucose', 0, 100), box('99', 200, 100)]))).toBe('REPORT\n\nGlucose             99\n')
	})
})

describe('PaddleOCR post-processing', () => {
	it('finds the text regions of a probability map, grown by the unclip ratio', () => {
		const width = 40
		const height = 20
		const map = new Float32Array(width * height)
		// a 20 x 4 region of confident text, and a faint one that is dropped
		for (let y = 5; y < 9; y++) for (let x = 5; x < 25; x++) map[y * width + x] = 0.9
		for (let y = 14; y < 18; y++) for (let x = 30; x < 38; x++) map[y * width + x] = 0.4
		const [region, ...others] = boxesFromProbabilities(map, width, height)
		expect(others).toEqual([])
		// area 80 x 1.5 / perimeter 48 = 2.5 pixels on each side
		expect(region).toEqual({ left: 2.5, top: 2.5, width: 25, height: 9 })
	})

	it('decodes CTC output: blanks and repeats dropped, the mean probability of the characters kept', () => {
		const dictionary = ['', 'a', 'b', ' ']
		const steps = [
			[0.1, 0.8, 0.05, 0.05],
			[0.1, 0.7, 0.1, 0.1],
			[0.9, 0.05, 0.05, 0],
			[0.1, 0.6, 0.2, 0.1],
			[0.1, 0.1, 0.2, 0.6],
			[0.1, 0, 0.9, 0],
		]
		const decoded = decodeCtc(Float32Array.from(steps.flat()), 0, steps.length, 4, dictionary)
		expect(decoded.text).toBe('aa b')
		expect(decoded.steps).toEqual([0, 3, 4, 5])
		expect(decoded.confidence).toBeCloseTo((0.8 + 0.6 + 0.6 + 0.9) / 4, 5)
	})

	it('scales the page for detection to a multiple of 32 within the longest side', () => {
		const input = detectionInput({ pixels: new Uint8Array(2480 * 3508).fill(255), width: 2480, height: 3508 }, 1600)
		expect([input.width, input.height]).toEqual([1120, 1600])
		expect(input.data.length).toBe(3 * 1120 * 1600)
	})

	it('reads a PGM without copying and refuses anything else', () => {
		const pgm = Buffer.concat([Buffer.from('P5\n3 2\n255\n', 'latin1'), Buffer.from([1, 2, 3, 4, 5, 6])])
		expect(parsePgm(pgm)).toMatchObject({ width: 3, height: 2 })
		expect([...parsePgm(pgm)!.pixels]).toEqual([1, 2, 3, 4, 5, 6])
		expect(parsePgm(Buffer.from('not an image'))).toBeNull()
	})
})

const SAMPLE = 'scan/lowres-lab-report-john-doe.jpg'
const samples = path.resolve(import.meta.dirname, '../../../../shared/fixtures/public-samples')

describe('the PaddleOCR engine on a real page', { timeout: 120_000 }, () => {
	const engine = createPaddleEngine()
	afterAll(() => engine.close())

	it('reads the printed values of a small real report', async () => {
		const file = path.join(samples, SAMPLE)
		const result = await engine.recognize(readFileSync(file))
		expect(result.words?.length).toBeGreaterThan(10)
		const manifest = JSON.parse(readFileSync(path.join(samples, 'manifest.json'), 'utf8')) as {
			files: Array<{ path: string; parameters: Array<{ value_text: string }> }>
		}
		const values = manifest.files.find((entry) => entry.path === SAMPLE)!.parameters.map((parameter) => parameter.value_text)
		expect(values.length).toBeGreaterThan(3)
		for (const value of values) expect(result.text).toContain(value)
	})
})
