import { describe, expect, it } from 'vitest'
import { extractLabResults, extractLabValues, parseLabLine, type LabParseOptions } from './lab-values.ts'

const TEXT: LabParseOptions = { source: 'text', testDate: '2025-03-14', grade: true }
const OCR: LabParseOptions = { source: 'ocr', testDate: '2025-03-14', grade: true }

function one(line: string, options = TEXT) {
	const found = parseLabLine(line, options)
	expect(found).toHaveLength(1)
	return found[0]
}

describe('parseLabLine on a text layer', () => {
	it('reads name, value, flag, unit and range in the commercial layout', () => {
		expect(one('   Glucose                                            107                High           mg/dL                           70-99')).toEqual({
			code: 'glucose',
			loinc: '2345-7',
			name: 'Glucose',
			value: 107,
			valueText: '107',
			unit: 'mg/dL',
			ucumUnit: 'mg/dL',
			referenceRangeMin: 70,
			referenceRangeMax: 99,
			referenceRangeText: '70-99',
			status: 'high',
			testDate: '2025-03-14',
			flag: 'High',
		})
	})

	it('reads the hospital layout (range before unit, attached flag, status word)', () => {
		const potassium = one('Potassium                                      6.5 HH                   3.5-5.1                      mmol/L                   Final')
		expect(potassium).toMatchObject({ code: 'potassium', value: 6.5, unit: 'mmol/L', referenceRangeMin: 3.5, referenceRangeMax: 5.1, status: 'critical' })
		expect(
			one('eGFR (CKD-EPI 2021)                            50 L                     >=60                         mL/min/1.73m2            Final'),
		).toMatchObject({
			code: 'egfr',
			value: 50,
			unit: 'mL/min/1.73m2',
			referenceRangeMin: 60,
			referenceRangeMax: null,
			status: 'low',
		})
	})

	it('keeps the unit exactly as printed and the value digits', () => {
		expect(one(' White Cell Count        5.6        3.8 - 10.8     x10^3/uL')).toMatchObject({
			code: 'wbc',
			unit: 'x10^3/uL',
			referenceRangeMin: 3.8,
			referenceRangeMax: 10.8,
		})
		expect(one(' Haematocrit    33.0   LOW   38.5 - 50.0   %')).toMatchObject({ code: 'hematocrit', value: 33, valueText: '33.0', status: 'low' })
		expect(one('   eGFR      71      mL/min/1.73      >59')).toMatchObject({ unit: 'mL/min/1.73', referenceRangeMin: 59 })
	})

	it('reads a row without a unit', () => {
		expect(one('   BUN/Creatinine Ratio      14          9-23')).toMatchObject({
			code: 'bun_creatinine_ratio',
			unit: null,
			referenceRangeMin: 9,
			referenceRangeMax: 23,
		})
		expect(one(' Total Cholesterol/HDL Ratio      3.7        <5.0       In range')).toMatchObject({
			code: 'chol_hdl_ratio',
			value: 3.7,
			unit: null,
			referenceRangeMax: 5,
			status: 'normal',
		})
	})

	it('reads qualified names (fasting, calculated, 25-OH)', () => {
		expect(one('GLUCOSE, FASTING        78        mg/dL        70-99').code).toBe('glucose')
		expect(one(' LDL Cholesterol (calculated)     129 mg/dL     <100     Above range')).toMatchObject({
			code: 'ldl',
			value: 129,
			unit: 'mg/dL',
			referenceRangeMax: 100,
			status: 'high',
		})
		expect(one('VITAMIN D, 25-OH, TOTAL                   26.1          ng/mL             30-100')).toMatchObject({
			code: 'vitamin_d',
			value: 26.1,
			status: 'low',
		})
		expect(one('   LDL Chol Calc (Friedewald)    125    High    mg/dL    0-99').code).toBe('ldl')
		expect(one('   Hemoglobin A1c        6.3      High    %     4.8-5.6')).toMatchObject({ code: 'hba1c', unit: '%' })
		expect(one(' Non-HDL Cholesterol      91     <130    mg/dL').code).toBe('non_hdl_cholesterol')
	})

	it('reads columns in any order', () => {
		expect(one('Sodium   136-145   142   mmol/L')).toMatchObject({ code: 'sodium', value: 142, referenceRangeMin: 136, referenceRangeMax: 145 })
		expect(one('Sodium   mmol/L   142   136-145')).toMatchObject({ value: 142, unit: 'mmol/L' })
	})

	it('reads a name joined to its qualifiers by commas, and a range written with OR', () => {
		expect(one('VITAMIN D,25-OH,TOTAL,IA            41              NORMAL          30-100 ng/mL')).toMatchObject({
			code: 'vitamin_d',
			value: 41,
			referenceRangeMin: 30,
		})
		expect(one('SED RATE BY MODIFIED WESTERGREN     12               NORMAL          < OR = 20 mm/h')).toMatchObject({
			code: 'esr',
			value: 12,
			referenceRangeMin: null,
			referenceRangeMax: 20,
		})
		expect(one('Potassium, Serum      4.6      mmol/L      3.5-5.1')).toMatchObject({ code: 'potassium', value: 4.6 })
	})

	it('reads a count with a footnote mark against its unit, and leaves a procedure code out of the name', () => {
		const options = { ...OCR, columnGaps: true, decimalComma: true }
		expect(parseLabLine('Neutrofile      3,12      tys/µl*      2,00 - 7,00', options)[0]).toMatchObject({
			code: 'neutrophils_abs',
			value: 3.12,
			unit: 'tys/µl',
		})
		expect(parseLabLine('Neutrofile      51,0      %*      40,0 - 80,0', options)[0]).toMatchObject({ code: 'neutrophils_pct', value: 51, unit: '%' })
		expect(parseLabLine('Glukoza (ICD-9: L43)      94      mg/dl      70 - 99', options)[0]).toMatchObject({ code: 'glucose', name: 'Glukoza', value: 94 })
	})

	it('reads a signed value and range where the analyte has negative values', () => {
		expect(one('Base excess      -3.5      mmol/L      -2.0 - 3.0')).toMatchObject({
			code: 'base_excess',
			value: -3.5,
			referenceRangeMin: -2,
			referenceRangeMax: 3,
			status: 'low',
		})
		// a dash before a count is not a sign
		expect(one('Glucose      92      mg/dL      70 - 99')).toMatchObject({ value: 92 })
	})

	it('skips a lab code printed after the name', () => {
		expect(one('Glucose 01                 107     High     mg/dL      65-99      01')).toMatchObject({ code: 'glucose', value: 107, referenceRangeMin: 65 })
	})

	it('reads a value printed as a comparison', () => {
		expect(one('eGFR              >90          mL/min/1.73     >59')).toMatchObject({
			code: 'egfr',
			value: 90,
			valueText: '>90',
			referenceRangeMin: 59,
			status: 'normal',
		})
		expect(one('CRP        <0.5     mg/L      0.0-3.0')).toMatchObject({ code: 'crp', value: 0.5, valueText: '<0.5', referenceRangeMax: 3 })
	})

	it('turns a blood-pressure reading into systolic and diastolic', () => {
		const [systolic, diastolic] = parseLabLine(' Blood Pressure      147/84 mmHg      <120/<80     Above range', TEXT)
		expect(systolic).toMatchObject({ code: 'systolic_bp', value: 147, unit: 'mmHg', referenceRangeMax: 120, status: 'high' })
		expect(diastolic).toMatchObject({ code: 'diastolic_bp', value: 84, unit: 'mmHg', referenceRangeMax: 80, status: 'high' })
	})

	it('does not grade a measure without a range (decision 025), nor any value when not asked to', () => {
		expect(one(' Weight      176.7 lb      —')).toMatchObject({ code: 'weight', unit: 'lb', referenceRangeMin: null, status: null })
		expect(one('Weight 177.4 lb', { ...TEXT, grade: false }).status).toBeNull()
	})

	it('ignores prose, headers and interpretation lines', () => {
		for (const line of [
			'Test                                                 Result             Flag           Units',
			'                                                      Prediabetes: 5.7 - 6.4 Diabetes: >6.4 Glycemic control for adults with diabetes: <7.0',
			'*** CRITICAL RESULT: Potassium 6.5 mmol/L called to and read back by L. Brannigan, RN on 02/03/2025 at 07:02 ***',
			'Reference ranges are age and sex specific. Results flagged High/Low fall outside the reference range.',
			'Glucose tolerance was not tested.',
		]) {
			expect(parseLabLine(line, TEXT)).toEqual([])
		}
	})

	it('reads a result in the column after a note, not after OCR marks', () => {
		const found = parseLabLine('All values within normal limits          Total cholesterol 240 mg/dL (elevated)', { ...OCR, columnGaps: true })
		expect(found.map((row) => [row.code, row.value, row.unit])).toEqual([['total_cholesterol', 240, 'mg/dL']])
		expect(parseLabLine('All values within normal limits Total cholesterol 240 mg/dL', OCR)).toEqual([])
		expect(parseLabLine('S) 4 i)     Total cholesterol 240 mg/dL', { ...OCR, columnGaps: true })).toEqual([])
	})
})

describe('parseLabLine on OCR text', () => {
	it('reads a flag printed against the front of the value as a flag, not a digit', () => {
		const rows = [
			'Protein, Total      L2.5      6.0- 8.0     g/dL',
			'Chloride      L99      99 - 109     mM',
			'Glucose      H 128**      73 - 105     mg/dL',
			'ALT      L-1.6      7.9 - 40.9     U/L',
		]
		expect(rows.flatMap((row) => parseLabLine(row, { ...OCR, columnGaps: true })).map((row) => [row.code, row.value, row.status])).toEqual([
			['total_protein', 2.5, 'low'],
			['chloride', 99, 'normal'],
			['glucose', 128, 'high'],
			['alt', -1.6, 'low'],
		])
	})

	it('reads flags strengthened by marks or a panic letter against the value', () => {
		const rows = [
			'WBC      H+31.2      10^3/uL     4.0 - 10.0',
			'Hemoglobin      P6,1      g/dL     12,0 - 16,0',
			'Platelets      L* 88      10^3/uL     150 - 400',
			'Ferritin      ↑412      ng/mL     15 - 150',
		]
		const found = rows.flatMap((row) => parseLabLine(row, { ...OCR, columnGaps: true, decimalComma: row.includes(',') }))
		expect(found.map((row) => [row.code, row.value])).toEqual([
			['wbc', 31.2],
			['hemoglobin', 6.1],
			['platelets', 88],
			['ferritin', 412],
		])
		expect(found.map((row) => row.referenceRangeMin)).toEqual([4, 12, 150, 15])
	})

	it('reads a name it does not know by the abbreviation in brackets after it, with the whole name kept', () => {
		const rows = [
			'Beyaz Kan Hucresi Sayisi(WBC)      7,9      10^3/uL     4,0 - 10,0',
			'Conta Globuli Rossi (RBC)      4,61      10^6/uL     4,2 - 5,4',
			'Trombosit Dagilim Orani (MPV)      9,8      fL     7,5 - 11,5',
		]
		const found = rows.flatMap((row) => parseLabLine(row, { ...OCR, columnGaps: true, decimalComma: true }))
		expect(found.map((row) => [row.code, row.value, row.name])).toEqual([
			['wbc', 7.9, 'Beyaz Kan Hucresi Sayisi(WBC)'],
			['rbc', 4.61, 'Conta Globuli Rossi (RBC)'],
			['mpv', 9.8, 'Trombosit Dagilim Orani (MPV)'],
		])
	})

	it('does not take a bracketed qualifier for an abbreviation', () => {
		// '(Conjugated)' is a word, not an abbreviation: the unknown name stays unknown
		expect(parseLabLine('Frazione Coniugata (Conjugated)      0.2      mg/dL     0.0 - 0.3', { ...OCR, columnGaps: true })).toEqual([])
	})

	it('repairs look-alike letters in the value', () => {
		expect(one('Creatinine O.79 0.50-1.10 mg/dL Final', OCR)).toMatchObject({ value: 0.79 })
		expect(one('Sodium l38 136-145 mmol/L Final', OCR)).toMatchObject({ value: 138 })
	})

	it('restores a lost decimal point from the range', () => {
		expect(one('Hemoglobin 104 L 12.0-15.5 g/dL Final', OCR)).toMatchObject({ value: 10.4, valueText: '10.4', status: 'low' })
		expect(one('Total Protein 75 6.4-8.3 g/dL Final', OCR)).toMatchObject({ value: 7.5 })
		expect(one('Potassium 49 Si5E5 i mmol/L Final', OCR)).toMatchObject({ value: 4.9 })
	})

	it('reads a value with a misread mark between its digits', () => {
		expect(one('GLUCOSE, FASTING 1:23 mg/dL 70-99', OCR)).toMatchObject({ value: 123, referenceRangeMin: 70, status: 'high' })
		expect(one('MCHC 32:7 32.0 - 36.0 g/dL', OCR)).toMatchObject({ value: 32.7 })
	})

	it('repairs ranges: misread dashes, lost decimal points, comparison marks', () => {
		expect(one('ALT ; 59H 7:56 U/L Final', OCR)).toMatchObject({ value: 59, referenceRangeMin: 7, referenceRangeMax: 56, status: 'high' })
		expect(one('* Potassium 4.6 3:5 5.3 mmol/L', OCR)).toMatchObject({ referenceRangeMin: 3.5, referenceRangeMax: 5.3 })
		expect(one('* Potassium 4.6 3.5-53 mmol/L', OCR)).toMatchObject({ referenceRangeMin: 3.5, referenceRangeMax: 5.3 })
		expect(one('HEMOGLOBIN 16.8 g/dL 13.5°< 17.5', OCR)).toMatchObject({ referenceRangeMin: 13.5, referenceRangeMax: 17.5 })
		expect(one('TRIGLYCERIDES 191 mg/dL =<150. 2 *', OCR)).toMatchObject({ referenceRangeMax: 150, status: 'high' })
		expect(one('Monocytes 8 2-120 %', OCR)).toMatchObject({ referenceRangeMin: 2, referenceRangeMax: 12 })
	})

	it('repairs misread units and names', () => {
		expect(one('Glucose, Fasting 74 mg/dt 70-99 In range', OCR).unit).toBe('mg/dL')
		expect(one('PLATELETS 293 1073/uL 150 - 400', OCR).unit).toBe('10^3/uL')
		expect(one('PLATELETS 293 1073 /uL 150 - 400', OCR).unit).toBe('10^3/uL')
		expect(one('Red Cell Count 4.70 3.80 - 5.10 x10/A6/ull', OCR).unit).toBe('x10^6/uL')
		expect(one('Hemoglobin Alc 5.9% <5.7 Above range', OCR)).toMatchObject({ code: 'hba1c', value: 5.9, unit: '%', referenceRangeMax: 5.7, status: 'high' })
		expect(one('C02 : 26 22-29 mmol/L Final', OCR).code).toBe('co2')
		expect(one(': Cabo Dioxide 22 20-32 mmol/L', OCR).code).toBe('co2')
		expect(one('Weight 2 168.9 Ib', OCR)).toMatchObject({ value: 168.9, unit: 'lb' })
	})

	it('takes a badly misread name when value, range and unit confirm it', () => {
		expect(one(': Eahon Dioxide 22 20-32 mmol/L', OCR)).toMatchObject({ code: 'co2', value: 22, referenceRangeMin: 20 })
		expect(parseLabLine('Eahon Dioxide was noted', OCR)).toEqual([])
		expect(parseLabLine('Eahon Dioxide 22', OCR)).toEqual([])
	})

	it('drops a value that cannot be right for the analyte', () => {
		expect(parseLabLine('Potassium 4900 mmol/L', OCR)).toEqual([])
	})
})

describe('extractLabValues', () => {
	it('reads every row once, in order, with the test date', () => {
		const text = ['WBC   13.8 H   4.0-10.5   K/uL   Final', 'RBC   4.03 L   4.30-5.80   M/uL   Final', 'Some comment line', 'WBC   9.9   4.0-10.5   K/uL'].join(
			'\n',
		)
		const values = extractLabValues(text, TEXT)
		expect(values.map((value) => [value.code, value.value, value.testDate])).toEqual([
			['wbc', 13.8, '2025-03-14'],
			['rbc', 4.03, '2025-03-14'],
		])
	})

	it('keeps a row of an analyte the vocabulary does not know unmapped, with its printed name and no code', () => {
		const { parameters, unmapped } = extractLabResults(
			'Zonulin          45          ng/mL          13-60\nS.G.O.T.          23          U / L          < 46',
			TEXT,
		)
		expect(unmapped).toEqual([
			{ name: 'Zonulin', value: 45, valueText: '45', unit: 'ng/mL', referenceRangeMin: 13, referenceRangeMax: 60, referenceRangeText: '13-60' },
		])
		expect(parameters).toEqual([expect.objectContaining({ code: 'ast', name: 'S.G.O.T', value: 23, unit: 'U/L', referenceRangeMax: 46 })])
	})
})

describe('a white cell share and count printed under one name', () => {
	it('reads the row by its unit: a count per volume is the absolute count, a percent the share', () => {
		const text =
			'Neutrófilos %     20.2 %     41 - 72\nNeutrófilos     0.5 x10^3/μL     1.5 - 7.5\nNEU%     60     %     40-70\nLYM#     2.1     10*3/uL     1.5-4.0'
		expect(extractLabValues(text, TEXT).map((p) => [p.code, p.value, p.status])).toEqual([
			['neutrophils_pct', 20.2, 'low'],
			['neutrophils_abs', 0.5, 'low'],
			['lymphocytes_abs', 2.1, 'normal'],
		])
	})
})

describe('a code read twice', () => {
	it("keeps the row in one of the analyte's units over an earlier one that is not", () => {
		const text = 'HEMATOLOGY\nWBC     2     Percent\nCBC\nWBC     5.8     Thousand/uL     3.8-10.8'
		expect(extractLabValues(text, TEXT).map((p) => [p.code, p.value, p.unit])).toEqual([['wbc', 5.8, 'Thousand/uL']])
	})

	it('reads a white or red cell count per high-power field or per millilitre as the urine sediment’s, beside the blood count', () => {
		const text = 'URINE MICROSCOPY\nWBC     2     /HPF\nCBC\nWBC     5.8     Thousand/uL     3.8-10.8'
		expect(extractLabValues(text, TEXT).map((p) => [p.code, p.value, p.unit])).toEqual([
			['urine_wbc', 2, '/HPF'],
			['wbc', 5.8, 'Thousand/uL'],
		])
	})
})
