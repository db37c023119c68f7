import { describe, expect, it } from 'vitest'
import { extractTableResults } from './lab-values.ts'
import { boxesFromOcrWords, boxesFromPdfItems, type Box } from '../pages/word-boxes.ts'
import { readTables } from './table-reader.ts'
import type { OcrWord } from '../types.ts'

/** A box of text at (left, top), 7 units a character, 10 tall. */
function box(text: string, left: number, top: number): Box {
	return { text, left, right: left + text.length * 7, top, bottom: top + 10 }
}

const read = (boxes: Box[], source: 'text' | 'ocr' = 'text') =>
	extractTableResults(boxes, { source, testDate: null, grade: true }).map((p) => ({
		code: p.code,
		value: p.value,
		unit: p.unit,
		min: p.referenceRangeMin,
		max: p.referenceRangeMax,
		status: p.status,
	}))

describe('readTables', () => {
	it('reads result cells printed a few points lower than their names, with a method line under each name', () => {
		const boxes = [
			box('Test', 40, 100),
			box('Result', 260, 100),
			box('Units', 340, 100),
			box('Reference Range', 420, 100),
			box('Hemoglobin', 40, 120),
			box('13.1', 260, 126),
			box('g/dL', 340, 126),
			box('13.5 - 17.5', 420, 126),
			box('Photometry', 40, 132),
			box('LDL Cholesterol', 40, 150),
			box('162', 260, 156),
			box('mg/dL', 340, 156),
			box('< 100', 420, 156),
			box('Calculated', 40, 162),
			box('Glucose', 40, 180),
			box('92', 260, 186),
			box('mg/dL', 340, 186),
			box('70 - 99', 420, 186),
			box('Hexokinase', 40, 192),
		]
		expect(read(boxes)).toEqual([
			{ code: 'hemoglobin', value: 13.1, unit: 'g/dL', min: 13.5, max: 17.5, status: 'low' },
			{ code: 'ldl', value: 162, unit: 'mg/dL', min: null, max: 100, status: 'high' },
			{ code: 'glucose', value: 92, unit: 'mg/dL', min: 70, max: 99, status: 'normal' },
		])
	})

	it('joins a range printed in two columns (low, high)', () => {
		const boxes = [
			box('Parameter', 40, 100),
			box('Value', 220, 100),
			box('Unit', 300, 100),
			box('Low', 380, 100),
			box('High', 440, 100),
			box('Potassium', 40, 120),
			box('5.9', 220, 120),
			box('mmol/L', 300, 120),
			box('3.5', 380, 120),
			box('5.1', 440, 120),
			box('Sodium', 40, 140),
			box('139', 220, 140),
			box('mmol/L', 300, 140),
			box('136', 380, 140),
			box('145', 440, 140),
		]
		expect(read(boxes)).toEqual([
			{ code: 'potassium', value: 5.9, unit: 'mmol/L', min: 3.5, max: 5.1, status: 'high' },
			{ code: 'sodium', value: 139, unit: 'mmol/L', min: 136, max: 145, status: 'normal' },
		])
	})

	it('reads a flag column between value and range, and ranges written with < or > beside a unit column', () => {
		const boxes = [
			box('Test Name', 40, 100),
			box('Result', 220, 100),
			box('Flag', 290, 100),
			box('Unit', 340, 100),
			box('Reference', 420, 100),
			box('Triglycerides', 40, 120),
			box('210.00', 220, 120),
			box('H', 290, 120),
			box('mg/dL', 340, 120),
			box('< 150.00', 420, 120),
			box('HDL Cholesterol', 40, 140),
			box('35.00', 220, 140),
			box('L', 290, 140),
			box('mg/dL', 340, 140),
			box('> 40.00', 420, 140),
			box('Ferritin', 40, 160),
			box('8', 220, 160),
			box('Low', 290, 160),
			box('ng/mL', 340, 160),
			box('30 - 400', 420, 160),
		]
		expect(read(boxes)).toEqual([
			{ code: 'triglycerides', value: 210, unit: 'mg/dL', min: null, max: 150, status: 'high' },
			{ code: 'hdl', value: 35, unit: 'mg/dL', min: 40, max: null, status: 'low' },
			{ code: 'ferritin', value: 8, unit: 'ng/mL', min: 30, max: 400, status: 'low' },
		])
	})

	it('reads two tables side by side', () => {
		const boxes = [
			box('Test', 20, 100),
			box('Result', 120, 100),
			box('Unit', 170, 100),
			box('Range', 220, 100),
			box('Test', 320, 100),
			box('Result', 420, 100),
			box('Unit', 470, 100),
			box('Range', 520, 100),
			box('WBC', 20, 120),
			box('7.2', 120, 120),
			box('10^3/uL', 170, 120),
			box('4.0-11.0', 225, 120),
			box('ALT', 320, 120),
			box('55', 420, 120),
			box('U/L', 470, 120),
			box('7-56', 520, 120),
			box('Platelets', 20, 140),
			box('250', 120, 140),
			box('10^3/uL', 170, 140),
			box('150-400', 225, 140),
			box('AST', 320, 140),
			box('60', 420, 140),
			box('U/L', 470, 140),
			box('10-40', 520, 140),
		]
		const rows = readTables(boxes)
		expect(rows.map((row) => [row.names[0], row.value, row.range])).toEqual(
			expect.arrayContaining([
				['WBC', '7.2', '4.0-11.0'],
				['Platelets', '250', '150-400'],
				['ALT', '55', '7-56'],
				['AST', '60', '10-40'],
			]),
		)
		expect(read(boxes).map((p) => [p.code, p.value, p.status])).toEqual(
			expect.arrayContaining([
				['wbc', 7.2, 'normal'],
				['platelets', 250, 'normal'],
				['alt', 55, 'normal'],
				['ast', 60, 'high'],
			]),
		)
	})

	it('finds the header by its vocabulary in other languages, from OCR words with a stray mark', () => {
		const word = (text: string, left: number, top: number, line: number): OcrWord => ({
			block: 1,
			paragraph: 1,
			line,
			left,
			top,
			width: text.length * 20,
			height: 28,
			confidence: 90,
			text,
		})
		const words = [
			word('(', 10, 300, 1),
			word('Tetkik', 60, 300, 1),
			word('Adı', 200, 300, 1),
			word('Sonuç', 700, 300, 1),
			word('Birim', 950, 300, 1),
			word('Referans', 1200, 300, 1),
			word('Hemoglobin', 60, 360, 2),
			word('(HGB)', 290, 360, 2),
			word('13,5', 700, 364, 2),
			word('g/dL', 950, 362, 2),
			word('11,5', 1200, 362, 2),
			word('-', 1290, 362, 2),
			word('16,5', 1320, 362, 2),
		]
		expect(
			extractTableResults(boxesFromOcrWords(words), { source: 'ocr', testDate: null, grade: true, decimalComma: true }).map((p) => [
				p.code,
				p.value,
				p.unit,
				p.referenceRangeMin,
				p.referenceRangeMax,
			]),
		).toEqual([['hemoglobin', 13.5, 'g/dL', 11.5, 16.5]])
	})

	it('keeps a name apart from a result printed against it, and reads a header glued together', () => {
		// pdf.js items: y up; the name item runs into the result column
		const items = [
			{ str: 'Test', x: 40, y: 700, width: 20, size: 10 },
			{ str: 'Result', x: 240, y: 700, width: 30, size: 10 },
			{ str: 'Unit', x: 300, y: 700, width: 20, size: 10 },
			{ str: 'Reference Range', x: 360, y: 700, width: 75, size: 10 },
			{ str: 'Status', x: 435, y: 700, width: 30, size: 10 },
			{ str: 'Creatine Kinase MB fraction', x: 40, y: 680, width: 200, size: 10 },
			{ str: '145.0', x: 240, y: 680, width: 25, size: 10 },
			{ str: 'U/L', x: 300, y: 680, width: 15, size: 10 },
			{ str: '< 25', x: 360, y: 680, width: 20, size: 10 },
			{ str: 'HIGH', x: 435, y: 680, width: 25, size: 10 },
		]
		expect(read(boxesFromPdfItems(items)).map((p) => [p.code, p.value, p.unit, p.max, p.status])).toEqual([['ck_mb', 145, 'U/L', 25, 'high']])
	})

	it('finds no table without a header row', () => {
		expect(readTables([box('Hemoglobin', 40, 120), box('13.1', 260, 120), box('g/dL', 340, 120)])).toEqual([])
	})
})

describe('extractTableResults: one analyte in several rows, marks before a name', () => {
	it('keeps a second row of one analyte in another unit or under another name, and reads past icon letters before a name', () => {
		const boxes = [
			box('Parámetro', 40, 100),
			box('Resultado', 300, 100),
			box('Unidades', 380, 100),
			box('Valores de referencia', 460, 100),
			box('Glucosa media estimada', 40, 120),
			box('126', 300, 120),
			box('mg/dL', 380, 120),
			box('Glucosa media estimada', 40, 140),
			box('7.0', 300, 140),
			box('mmol/L', 380, 140),
			box('Exceso de bases (BE)', 40, 160),
			box('-1.4', 300, 160),
			box('mmol/L', 380, 160),
			box('-2 - 2', 460, 160),
			box('Exceso de bases extracelular (BEecf)', 40, 180),
			box('-1.9', 300, 180),
			box('mmol/L', 380, 180),
			box('-2 - 2', 460, 180),
			// a critical row marked by an icon font's letters before its name
			box('n', 20, 200),
			box('1', 30, 200),
			box('nn', 36, 200),
			box('Troponina I', 54, 200),
			box('0.52', 300, 200),
			box('ng/mL', 380, 200),
			box('< 0.04', 460, 200),
		]
		expect(read(boxes).map((row) => [row.code, row.value, row.unit, row.status])).toEqual([
			['eag', 126, 'mg/dL', null],
			['eag', 7, 'mmol/L', null],
			['base_excess', -1.4, 'mmol/L', 'normal'],
			['base_excess_ecf', -1.9, 'mmol/L', 'normal'],
			['troponin_i', 0.52, 'ng/mL', 'high'],
		])
	})
})

describe('scanned blood count tables from word boxes', () => {
	it('reads names after footnote marks, a bracket wrapped to the next line, counts per microlitre and share and count side by side', () => {
		const boxes = [
			box('Investigation', 40, 100),
			box('Result', 300, 100),
			box('Unit', 400, 100),
			box('Reference', 480, 100),
			box('(*)', 40, 120),
			box('Mean Platelet Volume', 66, 120),
			box('10.9', 300, 121),
			box('fL', 400, 120),
			box('7.4 - 10.4', 480, 121),
			box('{#}Red Cell Distribution Width (RDW-', 40, 140),
			box('15.8', 300, 140),
			box('%', 400, 140),
			box('11.5 - 14.5', 480, 140),
			box('SD)', 40, 152),
			box('Monocytes, absolute', 40, 172),
			box('812.5', 300, 173),
			box('cells/uL', 400, 172),
			box('200-950/uL', 480, 172),
			box('Neutrophils', 40, 192),
			box('55.0', 300, 192),
			box('%', 340, 192),
			box('3.6', 360, 192),
			box('10^3/uL', 400, 192),
			box('40 - 75', 480, 192),
			box('1.8 - 7.7', 540, 192),
		]
		expect(read(boxes, 'ocr')).toEqual([
			{ code: 'mpv', value: 10.9, unit: 'fL', min: 7.4, max: 10.4, status: 'high' },
			{ code: 'rdw', value: 15.8, unit: '%', min: 11.5, max: 14.5, status: 'high' },
			{ code: 'monocytes_abs', value: 812.5, unit: 'cells/uL', min: 200, max: 950, status: 'normal' },
			{ code: 'neutrophils_pct', value: 55, unit: '%', min: 40, max: 75, status: 'normal' },
			{ code: 'neutrophils_abs', value: 3.6, unit: '10^3/uL', min: 1.8, max: 7.7, status: 'normal' },
		])
	})
})
