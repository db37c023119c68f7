import { describe, expect, it } from 'vitest'
import { TEXT } from '#tests/support/lab-lines.ts'
import { lookupAnalyteName, normaliseAnalyteName } from '#server/lab-vocabulary/analytes.ts'
import { extractLabResults } from './lab-values.ts'

/**
 * Names of the common panels (blood count, chemistry, lipids, thyroid, iron, urine strip) in the
 * languages issue 38 adds to the vocabulary (Hungarian, Vietnamese, Farsi) and the gaps it fills
 * (Chinese, and the urine strip, anion gap, A/G ratio, total T4 and T3 in the Latin languages).
 * The rows are written here, in layouts of their own; no fixture prints them.
 */

const codeOf = (name: string) => {
	const match = lookupAnalyteName(name)
	return match?.kind === 'analyte' ? match.analyte.code : null
}

describe('names of the common panels in the languages added', () => {
	it.each([
		// Hungarian
		['Fehérvérsejtszám', 'wbc'],
		['Vörösvértestszám', 'rbc'],
		['Thrombocytaszám', 'platelets'],
		['Neutrofil granulocita', 'neutrophils_pct'],
		['Vércukor', 'glucose'],
		['Karbamid', 'urea'],
		['Húgysav', 'uric_acid'],
		['Összfehérje', 'total_protein'],
		['Összbilirubin', 'bilirubin_total'],
		['Alkalikus foszfatáz', 'alkaline_phosphatase'],
		['Összkoleszterin', 'total_cholesterol'],
		['HDL-koleszterin', 'hdl'],
		['Szabad T4', 'free_t4'],
		['Transzferrin szaturáció', 'transferrin_saturation'],
		['Fajsúly', 'urine_specific_gravity'],
		// Vietnamese (đ is its own letter)
		['Số lượng bạch cầu', 'wbc'],
		['Huyết sắc tố', 'hemoglobin'],
		['Thể tích trung bình hồng cầu', 'mcv'],
		['Số lượng tiểu cầu', 'platelets'],
		['Bạch cầu ưa acid', 'eosinophils_pct'],
		['Đường huyết', 'glucose'],
		['Urê máu', 'urea'],
		['Acid uric', 'uric_acid'],
		['Cholesterol toàn phần', 'total_cholesterol'],
		['Bilirubin trực tiếp', 'bilirubin_direct'],
		['Sắt huyết thanh', 'iron'],
		['Tốc độ máu lắng', 'esr'],
		// Farsi (written with Persian or Arabic yeh and kaf alike)
		['گلبول سفید', 'wbc'],
		['هموگلوبین', 'hemoglobin'],
		['پلاکت', 'platelets'],
		['قند خون ناشتا', 'glucose'],
		['كراتينين', 'creatinine'],
		['کلسترول', 'total_cholesterol'],
		['تری‌گلیسیرید', 'triglycerides'],
		['آهن سرم', 'iron'],
		// Chinese gaps
		['血清铁蛋白', 'ferritin'],
		['总铁结合力', 'tibc'],
		['游离甲状腺素', 'free_t4'],
		['乳酸脱氢酶', 'ldh'],
		['阴离子间隙', 'anion_gap'],
		['凝血酶原时间', 'pt'],
		// gaps in the Latin languages
		['Anionenlücke', 'anion_gap'],
		['Trou anionique', 'anion_gap'],
		['Relación albúmina/globulina', 'ag_ratio'],
		['Thyroxine totale', 't4_total'],
		['Trijodthyronin', 't3_total'],
		['Azote uréique', 'bun'],
		['Białko w moczu', 'urine_protein'],
		['Glucosa en orina', 'urine_glucose'],
		['Corpi chetonici', 'urine_ketones'],
		['Lökosit esteraz', 'urine_leukocyte_esterase'],
	])('%s is %s', (name, code) => {
		expect(codeOf(name)).toBe(code)
	})

	it('folds the Arabic code points of yeh and kaf into the Persian letters', () => {
		expect(normaliseAnalyteName('كلسيم')).toBe(normaliseAnalyteName('کلسیم'))
		expect(codeOf('كلسيم')).toBe('calcium')
	})

	it('leaves a bare "Sat" (an oxygen or transferrin saturation elsewhere) unknown', () => {
		expect(codeOf('Sat')).toBeNull()
	})
})

describe('rows printed in those languages', () => {
	it('reads a Hungarian chemistry block with decimal commas', () => {
		const { parameters } = extractLabResults(
			[
				'Vércukor          5,4          mmol/l          3,9 - 6,0',
				'Karbamid          6,1          mmol/l          2,8 - 7,2',
				'Húgysav          412          µmol/l          200 - 420',
			].join('\n'),
			{ ...TEXT, decimalComma: true },
		)
		expect(parameters.map((row) => [row.code, row.value, row.status])).toEqual([
			['glucose', 5.4, 'normal'],
			['urea', 6.1, 'normal'],
			['uric_acid', 412, 'normal'],
		])
	})

	it('reads a Vietnamese blood count', () => {
		const { parameters } = extractLabResults(
			['Số lượng bạch cầu          11.2          G/L          4.0 - 10.0', 'Số lượng tiểu cầu          250          G/L          150 - 400'].join('\n'),
			TEXT,
		)
		expect(parameters.map((row) => [row.code, row.value, row.status])).toEqual([
			['wbc', 11.2, 'high'],
			['platelets', 250, 'normal'],
		])
	})

	it('reads Farsi names in a table of Latin numbers and units', () => {
		const { parameters } = extractLabResults(
			['هموگلوبین          13.5          g/dL          12 - 16', 'قند خون ناشتا          126          mg/dL          70 - 100'].join('\n'),
			TEXT,
		)
		expect(parameters.map((row) => [row.code, row.value, row.status])).toEqual([
			['hemoglobin', 13.5, 'normal'],
			['glucose', 126, 'high'],
		])
	})
})
