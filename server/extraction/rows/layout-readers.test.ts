import { describe, expect, it } from 'vitest'
import { extractLabResults, normaliseNumbers, writesDecimalCommas, type LabParseOptions } from './lab-values.ts'
import { parseReferenceRange } from '#server/lab-vocabulary/reference-range.ts'

/**
 * The layout readers on small inputs: the laid-out lines pdf.js text items
 * (or OCR) give for each layout family real reports use.
 */

const TEXT: LabParseOptions = { source: 'text', testDate: '2025-03-14', grade: true }
const OCR: LabParseOptions = { source: 'ocr', testDate: '2025-03-14', grade: true }

function codes(text: string, options = TEXT) {
	return extractLabResults(text, options).parameters.map((parameter) => [
		parameter.code,
		parameter.value,
		parameter.unit,
		parameter.referenceRangeMin,
		parameter.referenceRangeMax,
		parameter.status,
	])
}

describe('two tables side by side', () => {
	it('reads both tables of a row, in a text layer and in OCR text', () => {
		const row = 'Red Blood Cell Count      5.17     x10^6/uL     4.50 - 5.90        Sodium, Serum        146 H    mEq/L    136-145'
		const expected = [
			['rbc', 5.17, 'x10^6/uL', 4.5, 5.9, 'normal'],
			['sodium', 146, 'mEq/L', 136, 145, 'high'],
		]
		expect(codes(row)).toEqual(expected)
		expect(codes(row.replace(/\s{2,}/g, ' '), OCR)).toEqual(expected)
		// OCR laid out from word boxes keeps the gaps
		expect(codes(row, { ...OCR, columnGaps: true })).toEqual(expected)
	})

	it('reads a name wrapped onto the next line from OCR laid out by word boxes', () => {
		const text = 'Mean Corpuscular Hemoglobin      33.1     g/dL     32.0 - 36.0\nConcentration'
		expect(codes(text, { ...OCR, columnGaps: true })).toEqual([['mchc', 33.1, 'g/dL', 32, 36, 'normal']])
		// one space between words, as tesseract's plain text: the wrap is not seen
		expect(codes(text.replace(/\s{2,}/g, ' '), OCR)).not.toEqual([['mchc', 33.1, 'g/dL', 32, 36, 'normal']])
	})
})

describe('cards', () => {
	it('pairs the names, the values under them and the goals under those', () => {
		const text = [
			'HGB                    Total Cholesterol       Blood Pressure',
			'12.1 g/dL              240 mg/dL               149/89 mmHg',
			'Goal 13.5 - 17.5       Goal <200               Goal <130/<80',
			'Outside goal           Outside goal            Outside goal',
		].join('\n')
		const expected = [
			['hemoglobin', 12.1, 'g/dL', 13.5, 17.5, 'low'],
			['total_cholesterol', 240, 'mg/dL', null, 200, 'high'],
			['systolic_bp', 149, 'mmHg', null, 130, 'high'],
			['diastolic_bp', 89, 'mmHg', null, 80, 'high'],
		]
		expect(codes(text)).toEqual(expected)
		expect(codes(text.replace(/ {2,}/g, ' '), OCR)).toEqual(expected)
	})

	it('keeps the goals of a row of cards when OCR misreads one label, the cells found at the column gaps', () => {
		const text = [
			'HGB                    MCHC                    Creatinine, Serum',
			'19.2 g/dL              34.9 g/dL               0.84 mg/dL',
			'Goal 13.5 - 17.5       Goad 32 - 36            Goal 0.70 - 1.30',
		].join('\n')
		const expected = [
			['hemoglobin', 19.2, 'g/dL', 13.5, 17.5, 'high'],
			['mchc', 34.9, 'g/dL', 32, 36, 'normal'],
			['creatinine', 0.84, 'mg/dL', 0.7, 1.3, 'normal'],
		]
		expect(codes(text, { ...OCR, columnGaps: true })).toEqual(expected)
		// without column gaps the cells cannot be told apart: no goals rather than wrong ones
		expect(codes(text.replace(/ {2,}/g, ' '), OCR).map((row) => row[3])).toEqual([null, null, null])
	})
})

describe('a name wrapped in its cell', () => {
	it('joins the continuation line to the name before matching it', () => {
		const text = ['Mean Corpuscular Hemoglobin     34.9   g/dL   32 - 36', 'Concentration', 'Platelets     264   K/uL   150 - 400'].join('\n')
		expect(codes(text)).toEqual([
			['mchc', 34.9, 'g/dL', 32, 36, 'normal'],
			['platelets', 264, 'K/uL', 150, 400, 'normal'],
		])
	})
})

describe('a cumulative table', () => {
	it('takes the value of the newest date column with its flag', () => {
		const text = [
			'Test                      11/21/2023    03/20/2024    07/19/2024    Units       Reference Range',
			'Red Blood Cell Count          4.90          5.20        6.17 H    x10^6/uL    4.50 - 5.90',
			'Glucose                         92           101            97    mg/dL       70-99',
		].join('\n')
		expect(codes(text)).toEqual([
			['rbc', 6.17, 'x10^6/uL', 4.5, 5.9, 'high'],
			['glucose', 97, 'mg/dL', 70, 99, 'normal'],
		])
	})

	it('reads no value from a row with more value columns than the header has dates (the newest is not known)', () => {
		const text = [
			'Test           14.03.2024   2024-08-02   Einheit   Referenz',
			'Kalium          4.1     4.4     4.6     mmol/L   3.5 - 5.1',
			'Natrium         139     141             mmol/L   135 - 145',
		].join('\n')
		expect(codes(text, OCR)).toEqual([['sodium', 141, 'mmol/L', 135, 145, 'normal']])
	})

	it('marks an OCR row whose newest column may be the one not read: fewer values than dates, the newest not first', () => {
		const marked = (text: string, options: LabParseOptions) =>
			extractLabResults(text, options).parameters.map((parameter) => [parameter.code, parameter.value, parameter.hasSeveralResults === true])
		const newestLast = [
			'Test          03/21/2024    07/19/2024    11/16/2024    Units    Reference Range',
			'Lymphs              25.8          22.0                  %        20 - 45',
			'Urea                19.5          18.3          17.7    mg/dL    15 - 40',
		].join('\n')
		expect(marked(newestLast, OCR)).toEqual([
			['lymphocytes_pct', 25.8, true],
			['urea', 17.7, false],
		])
		// a text layer's blank cell is printed blank, not lost; a newest first column holds the first value
		expect(marked(newestLast, TEXT)).toEqual([
			['lymphocytes_pct', 25.8, false],
			['urea', 17.7, false],
		])
		const newestFirst = [
			'Test          11/16/2024    07/19/2024    Units    Reference Range',
			'Lymphs              25.8                  %        20 - 45',
		].join('\n')
		expect(marked(newestFirst, OCR)).toEqual([['lymphocytes_pct', 25.8, false]])
	})

	it('marks an OCR row of three results side by side under a header whose dates were not read', () => {
		const text = [
			'est                0;       0          b',
			'RBC                5.70          4.67          5.30      M/uL      4.50-5.90',
			'Hematocrit         46.0          41.3          46.6      %         41 - 53',
			'Glucose            97                                    mg/dL     70 - 99',
			'Sodium             139   141                             mmol/L    135 - 145',
		].join('\n')
		const read = extractLabResults(text, OCR).parameters
		expect(read.map((parameter) => [parameter.code, parameter.hasSeveralResults === true])).toEqual([
			['rbc', true],
			['hematocrit', true],
			['glucose', false],
			['sodium', false],
		])
	})
})

describe('units', () => {
	it('finds a unit printed only in the range column', () => {
		expect(codes('WHITE BLOOD CELL COUNT      5.1        3.8-10.8 Thousand/uL')).toEqual([['wbc', 5.1, 'Thousand/uL', 3.8, 10.8, 'normal']])
	})

	it('finds a unit printed inside the name', () => {
		expect(codes('Glucose (mg/dL)          107          70-99')).toEqual([['glucose', 107, 'mg/dL', 70, 99, 'high']])
	})

	it('reads units printed with spaces and Indian spellings', () => {
		expect(codes('S.G.O.T.        23        U / L        Up to 46')).toEqual([['ast', 23, 'U/L', null, 46, 'normal']])
		expect(codes('HAEMOGLOBIN     11.2      gm / dl      13.0 - 17.0')).toEqual([['hemoglobin', 11.2, 'gm/dl', 13, 17, 'low']])
		expect(codes('R.B.C. COUNT     4.61      mill/cumm    4.5 - 5.5')).toEqual([['rbc', 4.61, 'mill/cumm', 4.5, 5.5, 'normal']])
	})
})

describe('numbers', () => {
	it('drops thousands separators and reads decimal commas where the document writes them', () => {
		expect(codes('TOTAL LEUKOCYTE COUNT     5,100     cells/cumm     4,000 - 11,000')).toEqual([['wbc', 5100, 'cells/cumm', 4000, 11000, 'normal']])
		expect(codes('PLATELET COUNT     1,50,000     /cumm     150000 - 410000')).toEqual([])
		expect(codes('Leukozyten     12,4     Tsd/µl     4,0 - 10,0', { ...TEXT, decimalComma: true })).toEqual([['wbc', 12.4, 'Tsd/µl', 4, 10, 'high']])
		expect(normaliseNumbers('Leucócitos 25.000 /mL', true)).toBe('Leucócitos 25000 /mL')
		expect(writesDecimalCommas('Hämoglobin 13,5 g/dl 13,5 - 17,5\nKalium 4,1')).toBe(true)
		expect(writesDecimalCommas('Hemoglobin 13.5 g/dL 13.5 - 17.5\nWBC 5,100')).toBe(false)
	})

	it('reads leading zeros', () => {
		expect(codes('EOSINOPHILS     03     %     00 - 06')).toEqual([['eosinophils_pct', 3, '%', 0, 6, 'normal']])
	})
})

describe('range forms', () => {
	it.each([
		['> 40.00', 40, null],
		['< 100.00', null, 100],
		['Up to 46', null, 46],
		['Até 10', null, 10],
		['[3.0-22.0]', 3, 22],
		['(20 - 41)', 20, 41],
		['(< 5.0)', null, 5],
		['Normal: 13.5-18.0', 13.5, 18],
		['Desirable: <200', null, 200],
		['>40 (M)', 40, null],
		['0.1 - 1.2 mg / dl', 0.1, 1.2],
		['40-65%', 40, 65],
		['Goal <200', null, 200],
	])('reads %j', (printed, min, max) => {
		expect(parseReferenceRange(printed)).toMatchObject({ min, max })
	})

	it('takes a range printed on the line under its result', () => {
		expect(codes(['Glucose     112   mg/dL   HIGH', '  Reference range: 70 - 99', 'Interpretation:', '  < 0.05   Non-Reactive'].join('\n'))).toEqual([
			['glucose', 112, 'mg/dL', 70, 99, 'high'],
		])
	})
})

describe('languages', () => {
	it('reads labels in other languages and the English abbreviation beside them', () => {
		const text = [
			'HGB-Hemoglobin     13,2     g/dL     12,0 - 16,0',
			'RBC-Alyuvarlar     4,61     Milyon/µL     4,2 - 5,4',
			'Thrombozyten     250     Tsd/µl     150 - 400',
			'Glicemia de jejum     92     mg/dL     70 - 99',
		].join('\n')
		expect(codes(text, { ...TEXT, decimalComma: true })).toEqual([
			['hemoglobin', 13.2, 'g/dL', 12, 16, 'normal'],
			['rbc', 4.61, 'Milyon/µL', 4.2, 5.4, 'normal'],
			['platelets', 250, 'Tsd/µl', 150, 400, 'normal'],
			['glucose', 92, 'mg/dL', 70, 99, 'normal'],
		])
		expect(extractLabResults('Glicemia de jejum     92     mg/dL     70 - 99', TEXT).parameters[0].loinc).toBe('1558-6')
	})
})

describe('a number OCR split after its decimal point', () => {
	it('joins the two parts of the value and of the range', () => {
		expect(codes('Absolute Neutrophils     6. 03     K/uL     1. 80 - 7. 70', { ...OCR, columnGaps: true })).toEqual([
			['neutrophils_abs', 6.03, 'K/uL', 1.8, 7.7, 'normal'],
		])
	})
})

describe('units and ranges OCR spread over word boxes', () => {
	it('joins a unit split after its slash, repairs a misread power sign, and reads a range with a wide gap at its dash', () => {
		const OCR_GAPS = { ...OCR, columnGaps: true }
		expect(codes('White Blood Cells     13.0     H     X10%3/ uL     4.5 -  11', OCR_GAPS)).toEqual([['wbc', 13, 'x10^3/uL', 4.5, 11, 'high']])
		expect(codes('Potassium     4.7     mmol / L     3.5 -  5.1', OCR_GAPS)).toEqual([['potassium', 4.7, 'mmol/L', 3.5, 5.1, 'normal']])
		expect(codes('Urea     27.7     mg/ db     15 -  40', OCR_GAPS)).toEqual([['urea', 27.7, 'mg/dL', 15, 40, 'normal']])
	})

	it('keeps a column gap between a value and a lone dash that is no range', () => {
		const OCR_GAPS = { ...OCR, columnGaps: true }
		// the dash of an empty flag column is not the dash of a range
		expect(codes('Sodium     139     -     mmol/L     136 - 145', OCR_GAPS)).toEqual([['sodium', 139, 'mmol/L', 136, 145, 'normal']])
	})
})

describe('a word OCR split after its kerned capital', () => {
	it('joins the capital to the rest of its word, in a row and in a line of card names', () => {
		const OCR_GAPS = { ...OCR, columnGaps: true }
		expect(codes('P otassium     4.1     mmol/L     3.5 - 5.1', OCR_GAPS)).toEqual([['potassium', 4.1, 'mmol/L', 3.5, 5.1, 'normal']])
		const cards = [
			'Calcium, Total                 Cholesterol, T otal             Total Bilirubin',
			'9.5 mg/dL                  156 mg/dL                 0.6 mg/dL',
			'Goal 8.6 - 10.3            Goal <200                 Goal 0.1 - 1.2',
		].join('\n')
		expect(codes(cards, OCR_GAPS).map((row) => row[0])).toEqual(['calcium', 'total_cholesterol', 'bilirubin_total'])
	})
})

describe('HbA1c as OCR misreads it', () => {
	it.each(['HbAic', 'HbAlc', 'Hemoglobin Alc', 'HbA1c'])('reads %s as HbA1c', (name) => {
		expect(codes(`${name}     5.9     %     <5.7`, { ...OCR, columnGaps: true })).toEqual([['hba1c', 5.9, '%', null, 5.7, 'high']])
	})
})
