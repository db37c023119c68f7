import { describe, expect, it } from 'vitest'
import { OCR, one, TEXT } from '#tests/support/lab-lines.ts'
import { extractLabResults, extractLabValues, parseLabLine, withOtherReading, type LabParseOptions } from './lab-values.ts'

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
			{
				name: 'Zonulin',
				value: 45,
				valueText: '45',
				unit: 'ng/mL',
				referenceRangeMin: 13,
				referenceRangeMax: 60,
				referenceRangeText: '13-60',
				status: 'normal',
				testDate: '2025-03-14',
			},
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
			// another printed row of the share (another name): kept beside the first (same-analyte.ts)
			['neutrophils_pct', 60, 'normal'],
			['lymphocytes_abs', 2.1, 'normal'],
		])
	})
})

describe('a code read twice', () => {
	it('keeps both rows when the unit differs: the urine microscopy count (the sediment analyte) and the blood count', () => {
		const text = 'URINE MICROSCOPY\nWBC     2     /HPF\nCBC\nWBC     5.8     Thousand/uL     3.8-10.8'
		expect(extractLabValues(text, TEXT).map((p) => [p.code, p.value, p.unit])).toEqual([
			['urine_wbc', 2, '/HPF'],
			['wbc', 5.8, 'Thousand/uL'],
		])
	})

	it('keeps a second value of one analyte printed under another name or in another unit, in several languages', () => {
		const text = [
			'eGFR (CKD-EPI)            71      mL/min/1.73m2     > 60',
			'eGFR if Black             82      mL/min/1.73m2     > 60',
			'Glucosa                   5.4     mmol/L            3.9 - 5.6',
			'Glucosa                   97      mg/dL             70 - 100',
			'Exceso de base            -1.2    mmol/L            -2 - 2',
		].join('\n')
		expect(extractLabValues(text, TEXT).map((p) => [p.code, p.name, p.value, p.unit])).toEqual([
			['egfr', 'eGFR (CKD-EPI)', 71, 'mL/min/1.73m2'],
			['egfr', 'eGFR if Black', 82, 'mL/min/1.73m2'],
			['glucose', 'Glucosa', 5.4, 'mmol/L'],
			['glucose', 'Glucosa', 97, 'mg/dL'],
			['base_excess', 'Exceso de base', -1.2, 'mmol/L'],
		])
	})

	it('reads the same row printed again (a summary page repeating it) once', () => {
		const text =
			'Kalium     5.9  H   mmol/L     3.5 - 5.1\nSodium     139      mmol/L     135 - 145\n\nAuffällige Werte\nKalium     5.9  H   mmol/L     3.5 - 5.1'
		expect(extractLabValues(text, TEXT).map((p) => [p.code, p.value])).toEqual([
			['potassium', 5.9],
			['sodium', 139],
		])
	})
})

describe('ratios and indices without a unit', () => {
	it('reads a dimensionless row with no unit, and a derived value printed in two units as two rows', () => {
		const text = [
			'TC/HDLC RATIO          3.9       NORMAL      <5.0 (calc)',
			'Índice de riesgo cardiovascular 2.7',
			'Free Thyroxine Index   2.2                   1.4-3.8',
			'eAG (mg/dL)            117                   (calc)',
			'eAG (mmol/L)           6.5                   (calc)',
		].join('\n')
		expect(extractLabValues(text, TEXT).map((p) => [p.code, p.name, p.value, p.unit])).toEqual([
			['chol_hdl_ratio', 'TC/HDLC RATIO', 3.9, null],
			['chol_hdl_ratio', 'Índice de riesgo cardiovascular', 2.7, null],
			['free_t4_index', 'Free Thyroxine Index', 2.2, null],
			['eag', 'eAG (mg/dL)', 117, 'mg/dL'],
			['eag', 'eAG (mmol/L)', 6.5, 'mmol/L'],
		])
	})
})

describe('a unit printed in brackets after the name', () => {
	it("is the row's unit, also after a name joined to its letter by a hyphen", () => {
		const text = [
			'LDL-C (mg/dL)          137              < 100',
			'HDL-C (mg/dL)          37               > 40',
			'AST (SGOT) (U/L)       15               10 - 40',
		].join('\n')
		expect(extractLabValues(text, TEXT).map((p) => [p.code, p.value, p.unit])).toEqual([
			['ldl', 137, 'mg/dL'],
			['hdl', 37, 'mg/dL'],
			['ast', 15, 'U/L'],
		])
	})
})

describe('rows that are not a numeric result', () => {
	it('takes no number from the range or a lab code of a row whose result is printed in words', () => {
		const rows = [
			'PROTEIN        NEGATIVE        NORMAL       NEGATIVE        02',
			'Leukocytes     none seen                    < 5 /HPF        A1',
			'Glucosa        Negativo                     0 - 15 mg/dL',
			'Bilirubina     ujemny                       0 /ul',
			'Nitrite        Not detected                 0',
		]
		for (const row of rows) expect(parseLabLine(row, TEXT)).toEqual([])
		expect(one('Protein, total     6.9     g/dL     6.4 - 8.3').value).toBe(6.9)
	})

	it('reads no row from a sentence that names an analyte among other numbers', () => {
		expect(parseLabLine('An A1c value between 5.7% and 6.4% is consistent with prediabetes', TEXT)).toEqual([])
		expect(parseLabLine('- Vitamin D3: 1000 IU daily for 8 weeks', TEXT)).toEqual([])
		expect(parseLabLine('Ferritin below 30 ng/mL and then for 3 months', TEXT)).toEqual([])
		// a note after the value leaves no number after its words: still a result
		expect(one('A1C 6.8% - diabetes well controlled').value).toBe(6.8)
	})
})

describe('printed names', () => {
	it('keeps a name label up to its colon as printed, in several languages', () => {
		expect(one('Glucose Level: 92 mg/dL (Normal)').name).toBe('Glucose Level')
		expect(one('Hemoglobina total: 13.9 g/dL').name).toBe('Hemoglobina total')
		expect(one('Cholesterin gesamt:   212   mg/dl   < 200').name).toBe('Cholesterin gesamt')
	})

	it('reads past marks a text layer prints before a name (an icon font, a bullet, a row number)', () => {
		const troponin = one('n 1 nn Troponin I (High Sensitivity)   52.480   ng/mL   < 0.04   CRITICAL HIGH')
		expect([troponin.code, troponin.name, troponin.value, troponin.unit]).toEqual(['troponin_i', 'Troponin I (High Sensitivity)', 52.48, 'ng/mL'])
		expect(one('3   Kreatinin      1.02   mg/dL   0.7 - 1.2').name).toBe('Kreatinin')
		expect(one('• Hémoglobine      14.1   g/dL   13 - 17').name).toBe('Hémoglobine')
		// OCR's marks are not skipped this way
		expect(parseLabLine('S) 4 i)     Total cholesterol 240 mg/dL', { ...OCR, columnGaps: true })).toEqual([])
	})
})

describe('rows of Chinese reports', () => {
	const rows = (text: string, options = OCR) =>
		extractLabValues(text, options).map((p) => [p.code, p.name, p.value, p.unit, p.referenceRangeMin, p.referenceRangeMax])

	it('reads letter-spaced names, qualifiers in full-width brackets and ranges with a doubled dash', () => {
		const text = [
			'葡 萄 糖     5.6      mmol/L     3.9--6.1',
			'肌酐（酶法）   88     umol/L     57-111',
			'比  重       1.015            1.003--1.030',
			'白细胞（镜检）   2          0-5/HPF',
		].join('\n')
		expect(rows(text)).toEqual([
			['glucose', '葡 萄 糖', 5.6, 'mmol/L', 3.9, 6.1],
			['creatinine', '肌酐 (酶法)', 88, 'umol/L', 57, 111],
			['urine_specific_gravity', '比 重', 1.015, null, 1.003, 1.03],
			['urine_wbc', '白细胞 (镜检)', 2, null, 0, 5],
		])
	})

	it('takes no unit from a reference cell of words or of a single count per field', () => {
		const text = ['上皮细胞    1       少量/HPF', '管型（镜检）    0        0/LPF'].join('\n')
		expect(rows(text)).toEqual([
			['urine_epithelial_cells', '上皮细胞', 1, null, null, null],
			['urine_casts', '管型 (镜检)', 0, null, null, null],
		])
	})

	it("reads no value from a dipstick row whose only number is the performing laboratory's code", () => {
		const text = ['NITRITE            NEGATIVE     NEGATIVE           02', 'Eosinophils        04           %       1 - 6'].join('\n')
		expect(rows(text, TEXT)).toEqual([['eosinophils_pct', 'Eosinophils', 4, '%', 1, 6]])
	})
})

describe('names printed with abbreviated words or cut off at the column edge', () => {
	const rows = (text: string, options: LabParseOptions) =>
		extractLabValues(text, options).map((p) => [p.code, p.name, p.value, p.unit, p.referenceRangeMin, p.referenceRangeMax])

	it.each([
		['Mean Corp. Vol.      88.1     fL      80 - 100', 'mcv', 88.1, 'fL'],
		['Mean Corp. Hgb Conc.    33.0    g/dL    32 - 36', 'mchc', 33, 'g/dL'],
		['Red Cell Distr. Width    44    fL    39 - 46', 'rdw_sd', 44, 'fL'],
		['Red Cell Distr. Width    13.1    %    11.5 - 14.5', 'rdw', 13.1, '%'],
		['Hemoglobina Corp. Media     30.2    pg    27 - 32', 'mch', 30.2, 'pg'],
		['Mittl. korp. Hämoglobin   29.4   pg   27 - 33', 'mch', 29.4, 'pg'],
		['Ort. Eritrosit Hacmi     91.0    fL    80 - 100', 'mcv', 91, 'fL'],
	])('reads %j by its words and its unit', (line, code, value, unit) => {
		expect(rows(line, TEXT)).toEqual([[code, expect.any(String), value, unit, expect.any(Number), expect.any(Number)]])
	})

	it('tells the analytes a name cut short may be by the unit, on an OCR page with decimal commas', () => {
		const text = [
			'Ortalama Eritrosit       L 24,3       pg      25 - 35',
			'Ort.Eritrosit Hemoglobin Kon    L25,7     g/dl    31 - 38',
			'Eritrosit Dağ. Gen. Yüzdesi     H 17,2     %     11 - 16',
		].join('\n')
		expect(rows(text, { ...OCR, decimalComma: true, columnGaps: true })).toEqual([
			['mch', 'Ortalama Eritrosit', 24.3, 'pg', 25, 35],
			['mchc', 'Ort.Eritrosit Hemoglobin Kon', 25.7, 'g/dL', 31, 38],
			['rdw', 'Eritrosit Dağ. Gen. Yüzdesi', 17.2, '%', 11, 16],
		])
	})

	it('guesses nothing when two analytes remain for the unit, or no unit is printed', () => {
		// anti-TPO and anti-thyroglobulin are both in IU/mL
		expect(rows('Anti Thyro     12.0     IU/mL     < 34', TEXT)).toEqual([])
		expect(rows('Mean Corpuscular      88.1      80 - 100', TEXT)).toEqual([])
	})

	it('keeps the exact name where the cell goes on past a number', () => {
		expect(rows('eGFR (CKD-EPI 2021)       94      >=60      mL/min/1.73m2', TEXT)).toEqual([['egfr', expect.any(String), 94, 'mL/min/1.73m2', 60, null]])
	})
})

describe('scanned table rows', () => {
	const SCAN: LabParseOptions = { ...OCR, columnGaps: true }

	it.each([
		['{#}Mean Platelet Volume     10.2     fL     7.4-10.4', 'mpv', 10.2],
		['( * ) Ferritin      84      ng/mL      30 - 400', 'ferritin', 84],
		['[#} RDW      13.1     %     11.5-14.5', 'rdw', 13.1],
		['† Hemoglobina     14.1     g/dL     12.0 - 16.0', 'hemoglobin', 14.1],
		['@  Platelet Count     245     x10^3/uL     150 - 410', 'platelets', 245],
	])('reads a name after a footnote or accreditation mark: %s', (line, code, value) => {
		const row = one(line, SCAN)
		expect(row).toMatchObject({ code, value })
		expect(row.name).not.toMatch(/[#*†@{}[\]]/)
	})

	it('ends a bracket the name cell wrapped before closing at the value column', () => {
		expect(one('Red Cell Distribution Width (RDW-     15.2 H     %     11.5 - 14.5', SCAN)).toMatchObject({
			code: 'rdw',
			value: 15.2,
			unit: '%',
			referenceRangeMax: 14.5,
			status: 'high',
		})
		expect(one('Mean Platelet Volume (M.P.V.-:   8.8    fL    7.0-11.0', SCAN)).toMatchObject({ code: 'mpv', value: 8.8, referenceRangeMin: 7 })
	})

	it('reads an absolute count printed per microlitre, its range glued to the unit or not', () => {
		const rows = extractLabValues(
			[
				'Neutrophils (abs)        4210.5 [H]     /uL     1500-4000 /uL',
				'Lymphocytes, absolute    1830           cells/uL    1000-4800/uL',
				'Eosinophils (abs)        52.8           JuL         20-500/uL',
			].join('\n'),
			SCAN,
		)
		expect(rows.map((p) => [p.code, p.value, p.unit, p.referenceRangeMin, p.referenceRangeMax, p.status])).toEqual([
			['neutrophils_abs', 4210.5, '/uL', 1500, 4000, 'high'],
			['lymphocytes_abs', 1830, 'cells/uL', 1000, 4800, 'normal'],
			['eosinophils_abs', 52.8, '/uL', 20, 500, 'normal'],
		])
	})

	it('still reads a count in thousands per microlitre by its own span', () => {
		expect(one('Neutrophils (abs)    4.2    10^3/uL    1.5 - 7.5', SCAN)).toMatchObject({ code: 'neutrophils_abs', value: 4.2, referenceRangeMax: 7.5 })
	})
})

describe('a value repaired on a page read twice', () => {
	const SCAN: LabParseOptions = { ...OCR, columnGaps: true, decimalComma: true }

	it('marks a repaired value as repaired, and a value read as printed not', () => {
		// a decimal comma read as a digit: '1,4' as '154', the point restored by the range
		expect(one('Eosinófilos     154     %     1,0 - 6,0', SCAN)).toMatchObject({ value: 15.4, isValueRepaired: true })
		expect(one('Eosinófilos     1,4     %     1,0 - 6,0', SCAN)).not.toHaveProperty('isValueRepaired')
		expect(one('Monocytes     S.5     %     2 - 10', { ...OCR, columnGaps: true })).toMatchObject({ value: 5.5, isValueRepaired: true })
		expect(one('Glucose     107     mg/dL     70-99', TEXT)).not.toHaveProperty('isValueRepaired')
	})

	it('carries the other reading of a repaired value that reads otherwise there', () => {
		const kept = extractLabValues('Eozynofile     157     %     1,0 - 6,0\nMonocyty     9,1     %     2,0 - 10,0', SCAN)
		const marked = withOtherReading(kept, 'Eozynofile   1,7   %   1,0 - 6,0\nMonocyty   9,4   %   2,0 - 10,0', SCAN)
		expect(marked.map((p) => [p.code, p.value, p.otherReadingValueText])).toEqual([
			['eosinophils_pct', 15.7, '1.7'],
			// read as printed in the reading kept: the other reading's digits are carried too (plausibility.ts judges them)
			['monocytes_pct', 9.1, '9.4'],
		])
	})

	it('takes a decimal point the other reading lost for no digit in doubt', () => {
		const kept = extractLabValues('Hemoglobin     3.5     g/dL     11.5 - 16.5\nLymphocytes     5.9     %     20 - 40', SCAN)
		const marked = withOtherReading(kept, 'Hemoglobin   35   g/dL   11.5 - 16.5\nLymphocytes   68   %   20 - 40', SCAN)
		expect(marked.map((p) => [p.code, p.value, p.otherReadingValueText])).toEqual([
			['hemoglobin', 3.5, undefined],
			['lymphocytes_pct', 5.9, '68'],
		])
	})

	it('leaves a repaired value the other reading confirms, or does not read, as it is', () => {
		const kept = extractLabValues('Basophils     O.4     %     0 - 2\nEosinophils     1S     %     1 - 6', { ...OCR, columnGaps: true })
		expect(kept.map((p) => [p.value, p.isValueRepaired])).toEqual([
			[0.4, true],
			[15, true],
		])
		const marked = withOtherReading(kept, 'Basophils   0.4   %   0 - 2', { ...OCR, columnGaps: true })
		expect(marked.every((p) => p.otherReadingValueText === undefined)).toBe(true)
	})
})

describe('a zero read as a round mark', () => {
	it('reads a lone round mark in the value column as zero, a repaired value', () => {
		const SCAN: LabParseOptions = { ...OCR, columnGaps: true }
		expect(one('BAS%     。     0-2     %', SCAN)).toMatchObject({ code: 'basophils_pct', value: 0, referenceRangeMax: 2, isValueRepaired: true })
		expect(one('Basophile     〇     %     0 - 1', SCAN)).toMatchObject({ code: 'basophils_pct', value: 0, status: 'normal' })
		// not in a text layer, and not as part of a word
		expect(parseLabLine('Basophils     。     %     0 - 1', TEXT)).toEqual([])
	})
})

describe('a differential row with the share and the count side by side', () => {
	const SCAN: LabParseOptions = { ...OCR, columnGaps: true }
	const pairs = (text: string, options: LabParseOptions) =>
		extractLabValues(text, options).map((p) => [p.code, p.value, p.unit, p.referenceRangeMin, p.referenceRangeMax, p.status])

	it('reads both pairs, the two ranges after them in the same order', () => {
		expect(pairs('Neutrophils      71.0 %      5.9 10^3/uL      40 - 75      1.8 - 7.7', TEXT)).toEqual([
			['neutrophils_pct', 71, '%', 40, 75, 'normal'],
			['neutrophils_abs', 5.9, '10^3/uL', 1.8, 7.7, 'normal'],
		])
	})

	it('reads each pair with its own range, in another unit and language, from OCR', () => {
		expect(pairs('Linfocitos     12,4   %   20,0 - 45,0     0,95   x10^9/L   1,00 - 4,80', { ...SCAN, decimalComma: true })).toEqual([
			['lymphocytes_pct', 12.4, '%', 20, 45, 'low'],
			['lymphocytes_abs', 0.95, 'x10^9/L', 1, 4.8, 'low'],
		])
	})

	it('reads the count first and the share second', () => {
		expect(pairs('EOS     0.31  K/uL     4.6 %     0.0-0.5     0-6', SCAN)).toEqual([
			['eosinophils_abs', 0.31, 'K/uL', 0, 0.5, 'normal'],
			['eosinophils_pct', 4.6, '%', 0, 6, 'normal'],
		])
	})

	it('gives the second pair no range when only one range follows both', () => {
		expect(pairs('Monocytes     9 %     0.6 10^3/uL     2 - 10', TEXT)).toEqual([
			['monocytes_pct', 9, '%', 2, 10, 'normal'],
			['monocytes_abs', 0.6, '10^3/uL', null, null, null],
		])
	})

	it('takes no second value that is not in one of the twin analyte units, a range bound, or a repaired number', () => {
		expect(pairs('Neutrophils     60  %     40 - 70  %', TEXT)).toEqual([['neutrophils_pct', 60, '%', 40, 70, 'normal']])
		expect(pairs('Basophils     0.5  %     0 - 2     12  mg/dL', TEXT)).toEqual([['basophils_pct', 0.5, '%', 0, 2, 'normal']])
		expect(pairs('Basophils     0.5  %     O.O2  10^3/uL     0 - 2', SCAN)).toEqual([['basophils_pct', 0.5, '%', 0, 2, 'normal']])
		// an analyte without a share and count pair
		expect(pairs('Hemoglobin     13.5  g/dL     8.4  mmol/L     12 - 16', TEXT)).toEqual([['hemoglobin', 13.5, 'g/dL', 12, 16, 'normal']])
	})

	it('reads a white or red cell count per high-power field or per millilitre as the urine sediment’s, beside the blood count', () => {
		const text = 'URINE MICROSCOPY\nWBC     2     /HPF\nCBC\nWBC     5.8     Thousand/uL     3.8-10.8'
		expect(extractLabValues(text, TEXT).map((p) => [p.code, p.value, p.unit])).toEqual([
			['urine_wbc', 2, '/HPF'],
			['wbc', 5.8, 'Thousand/uL'],
		])
	})
})

describe('a name whose cell ends unfinished', () => {
	it('takes the line under it as the rest of the printed name', () => {
		const text = [
			'HEPATITIS B SURFACE ANTIGEN; HBsAg,                                            22.00                            IU/mL                  <0.05',
			'QUANTITATIVE',
			'(CMIA)',
		].join('\n')
		const [row] = extractLabValues(text, TEXT)
		expect(row).toMatchObject({ name: 'HEPATITIS B SURFACE ANTIGEN; HBsAg, QUANTITATIVE', value: 22, unit: 'IU/mL' })
		// a finished name keeps its own: the line under it is another row's or a note
		const [plain] = extractLabValues('Hemoglobin              14.0     g/dL        13 - 17\nCOMMENTS', TEXT)
		expect(plain?.name).toBe('Hemoglobin')
	})
})

describe('rows under names the vocabulary lacks, from OCR', () => {
	const LAID_OUT = { ...OCR, columnGaps: true }
	it('are kept when they read whole: words, a known unit, digits as printed, a value near its range', () => {
		const { unmapped } = extractLabResults('TOTAL NEUTROPHILS, %     40.1     Percent     40 - 74', LAID_OUT)
		expect(unmapped).toMatchObject([{ name: 'TOTAL NEUTROPHILS, %', value: 40.1, unit: 'Percent', referenceRangeMin: 40, referenceRangeMax: 74 }])
		expect(extractLabResults('Kappa Light Chains     10.5     mg/L     3.3 - 19.4', LAID_OUT).unmapped).toMatchObject([
			{ name: 'Kappa Light Chains', value: 10.5 },
		])
	})
	it.each([
		['a name of noise', 'XqZrtvbk Wlmnp     40.1     %     40 - 74'],
		['a unit of one letter', 'Eritrosit Dagilim Genisligi     104.5     F     39 - 46'],
		['letters read as digits', 'Kappa Light Chains     1O.5     mg/L     3.3 - 19.4'],
		['a value far from its range', 'Kappa Light Chains     9105     mg/L     3.3 - 19.4'],
	])('are not kept with %s', (_, line) => {
		expect(extractLabResults(line, LAID_OUT).unmapped).toEqual([])
	})
	it('are not read from OCR text without columns', () => {
		expect(extractLabResults('Kappa Light Chains 10.5 mg/L 3.3 - 19.4', { ...OCR, columnGaps: false }).unmapped).toEqual([])
	})
})

describe('a UCUM code printed as the unit', () => {
	it.each([TEXT, { ...OCR, columnGaps: true }])('is read whole, brackets and all (%o)', (options) => {
		expect(extractLabValues('pH of Urine by Test strip     5.0     [pH]     5 - 8', options)).toMatchObject([{ code: 'urine_ph', value: 5, unit: '[pH]' }])
	})
})
