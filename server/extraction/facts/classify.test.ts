import { describe, expect, it } from 'vitest'
import { classifyDocument, resultRowCount } from './classify.ts'

describe('classifyDocument', () => {
	it('calls a page of result rows a lab report', () => {
		const text = 'Test   Result   Flag   Units   Reference Range\nGlucose  107  High  mg/dL  70-99\nDate Collected: 03/14/2025'
		expect(classifyDocument({ text, labValueCount: 12 }).kind).toBe('lab_report')
	})

	it('calls a list of lab results a lab report, even when one entry is an X-ray', () => {
		const text =
			'+ Add New Lab Result\nHemoglobin A1C   COMPLETED   Lipid Panel   COMPLETED\nBLOOD WORK\nResult:  NORMAL\nChest X-Ray   COMPLETED\nIMAGING\nFacility:  Riverside Imaging Center'
		expect(classifyDocument({ text, labValueCount: 0 }).kind).toBe('lab_report')
	})

	it('recognises a radiology report', () => {
		const text = 'ELMRIDGE RADIOLOGY ASSOCIATES\nRADIOLOGY REPORT\nExam: XR CHEST 2 VIEWS\nFINDINGS:\nLungs clear.\nIMPRESSION:\n1. No acute process.'
		expect(classifyDocument({ text, labValueCount: 0 }).kind).toBe('imaging')
	})

	it('recognises a visit note even when it quotes lab values', () => {
		const text =
			'Office Visit Note\nDate of Service: 04/02/2025\nChief Complaint\nFollow-up\nHistory of Present Illness\n...\nAssessment and Plan\nA1c 6.3% on 03/14/2025. LDL 125 mg/dL.'
		expect(classifyDocument({ text, labValueCount: 1 }).kind).toBe('clinical_notes')
	})

	it('recognises an immunization record', () => {
		const text = 'OFFICIAL IMMUNIZATION RECORD\nVaccine   Date Given   Dose   Manufacturer   Lot #\nTdap (Boostrix)  08/30/2022  Booster  GSK  AC2562Y1'
		expect(classifyDocument({ text, labValueCount: 0 }).kind).toBe('immunization')
	})

	it('calls a document without evidence other', () => {
		expect(classifyDocument({ text: 'Dear patient, your invoice is attached.', labValueCount: 0 }).kind).toBe('other')
		expect(classifyDocument({ text: '', labValueCount: 0 }).kind).toBe('other')
	})
})

describe('classifyDocument: serology', () => {
	it('calls a quantitative antigen or antibody result a lab report, not an immunization', () => {
		const antigen = 'COVID-19 TEST REPORT\nSARS-CoV-2 Nucleocapsid Antigen, quantitative   12.4 pg/mL   < 1.0\nDose of specimen: 1 swab\nCollected: 2024-03-02'
		expect(classifyDocument({ text: antigen, labValueCount: 0 }).kind).toBe('lab_report')
		const antibody = 'Hepatitis B vaccine response\nAnti-HBs   85 mIU/mL   > 10\nDate: 2024-03-02'
		expect(classifyDocument({ text: antibody, labValueCount: 0 }).kind).toBe('lab_report')
	})

	it('keeps a vaccination record that names antigens without a measured result an immunization', () => {
		const record =
			'IMMUNIZATION RECORD\nVaccine   Date Given   Dose   Lot #\nHepatitis B (recombinant antigen)  08/30/2022  2  AC2562Y1\nCOVID-19 mRNA  01/15/2023  Booster  FK1234'
		expect(classifyDocument({ text: record, labValueCount: 0 }).kind).toBe('immunization')
	})
})

describe('classifyDocument: Chinese reports', () => {
	it('calls a Chinese test slip with result rows a lab report', () => {
		const text = '临床检验报告单\n项目   结果   参考值\n血红蛋白   135   g/L   130-175\n报告日期: 2015/4/2'
		expect(classifyDocument({ text, labValueCount: 1 }).kind).toBe('lab_report')
	})

	it('does not call a page lab report for a Chinese label alone', () => {
		expect(classifyDocument({ text: '报告日期: 2015/4/2', labValueCount: 0 }).kind).toBe('other')
	})
})

describe('classifyDocument: the kind follows from result rows in any language', () => {
	it('calls a photographed Chinese blood count a lab report from its rows, with no row the vocabulary knows', () => {
		const text = [
			'血常规',
			'白细胞计数 WBC    6.52   10^9/L   3.5-9.5',
			'红细胞计数 RBC    4.61   10^12/L  4.3~5.8',
			'血红蛋白 HGB      138    g/L      130-175',
			'红细胞压积 HCT    41.2   %        40-50',
			'平均红细胞体积    89.4   fL       82-100',
			'血小板计数 PLT    245    10^9/L   125-350',
		].join('\n')
		expect(classifyDocument({ text, labValueCount: 0 }).kind).toBe('lab_report')
	})

	it('calls a prenatal screening report (triple test) a lab report', () => {
		const english = [
			'Second Trimester Maternal Serum Screening (Triple Test)',
			'Gestational age: 16 weeks 3 days',
			'AFP     38.2 ng/mL    0.92 MoM',
			'hCG     24500 mIU/mL  1.10 MoM',
			'uE3     1.21 ng/mL    0.98 MoM',
			'Risk of Trisomy 21: 1:4500 (screen negative)',
		].join('\n')
		expect(classifyDocument({ text: english, labValueCount: 0 }).kind).toBe('lab_report')
		const turkish = ['ÜÇLÜ TARAMA TESTİ SONUCU', 'AFP 41,0 ng/mL 1,02 MoM', 'Serbest Estriol 1,4 ng/mL 1,05 MoM', 'Trizomi 21 riski 1:8200'].join('\n')
		expect(classifyDocument({ text: turkish, labValueCount: 0 }).kind).toBe('lab_report')
	})

	it("calls a national portal's lab export (Turkish e-Nabız) a lab report", () => {
		const text = [
			'e-Nabız  Tahlillerim',
			'Tetkik Adı                 Sonuç     Birim      Referans Değeri',
			'Hemoglobin                 13,8      g/dL       12 - 16',
			'Lökosit                    7,21      10^3/µL    4,5 - 11',
			'Ferritin                   35        ng/mL      10 - 120',
			'Glukoz (Açlık)             92        mg/dL      70 - 100',
		].join('\n')
		expect(classifyDocument({ text, labValueCount: 0 }).kind).toBe('lab_report')
	})

	it('calls a phone photo of a lab report a lab report from the rows OCR read among noise', () => {
		const text = [
			'~~ LABORATÓRIO ~ .. ,',
			'Hemácias.......:   4,35 milhões/mm3   4,00 a 5,50',
			'Hemoglobina....:   13,1 g/dL          12,0 a 16,0',
			"'' ;; Leucócitos.....:   6.800 /mm3  4.000 a 10.000",
			'Plaquetas......:   254.000 /mm3       150.000 a 450.000',
		].join('\n')
		expect(classifyDocument({ text, labValueCount: 0 }).kind).toBe('lab_report')
	})

	it('calls a qualitative serology report a lab report by its results table, not an immunization record for the vaccine it mentions', () => {
		const text = [
			'Test Name                      Results        Units       Bio. Ref. Interval',
			'HEPATITIS B SURFACE ANTIGEN    Reactive                   Non Reactive',
			'False positive results may be observed after HBV vaccination for a transient period.',
		].join('\n')
		expect(classifyDocument({ text, labValueCount: 0 }).kind).toBe('lab_report')
		const spanish = [
			'Prueba                  Resultado       Valores de referencia',
			'Antígeno de superficie VHB   No reactivo   No reactivo',
			'Vacunación previa: sí',
		].join('\n')
		expect(classifyDocument({ text: spanish, labValueCount: 0 }).kind).toBe('lab_report')
	})

	it('keeps a discharge summary a clinical note, even with the studies and a few lab values it quotes', () => {
		const text = [
			'Community Hospital',
			'Discharge Summary',
			'Date of Discharge: 03/26/2009',
			'DISCHARGE DIAGNOSES:',
			'1. Acute cerebrovascular accident.',
			'PROCEDURES:',
			'1. On 3/26/2009, portable chest, single view. Impression: atherosclerotic change.',
			'2. Head CT without contrast. MRI/MRA of the neck. Findings: no bleed.',
			'HOSPITAL COURSE: fasting lipids showed cholesterol 165 mg/dL, LDL 107 mg/dL.',
		].join('\n')
		expect(classifyDocument({ text, labValueCount: 2 }).kind).toBe('clinical_notes')
		const german = ['Entlassungsbericht', 'Anamnese: Thoraxschmerz seit zwei Tagen.', 'Befund: CT Thorax ohne Befund.', 'Labor: Troponin 12 ng/L.'].join('\n')
		expect(classifyDocument({ text: german, labValueCount: 1 }).kind).toBe('clinical_notes')
		const spanish = ['Informe de alta', 'Motivo de ingreso: disnea.', 'Enfermedad actual: ...', 'Juicio clínico: neumonía.'].join('\n')
		expect(classifyDocument({ text: spanish, labValueCount: 0 }).kind).toBe('clinical_notes')
	})

	it('keeps an advance directive other: no results, no visit', () => {
		const text = [
			'Universal Advance Digital Directive',
			'My Healthcare Agent’s General Authority',
			'Here are my general thoughts on cardiopulmonary resuscitation (CPR):',
			'Decisions on Organ Donation and Autopsy',
			'Page 1 of 7 | Version 16 signed on 07/31/2014 5:22 PM CST',
		].join('\n')
		expect(classifyDocument({ text, labValueCount: 0 }).kind).toBe('other')
	})
})

describe('resultRowCount', () => {
	it('counts lines printed as result rows in any language and script, with ranges in any written form', () => {
		expect(resultRowCount('Leukozyten   6,4   /nl   4,0 bis 10,0')).toBe(1)
		expect(resultRowCount('红细胞  4.5  10^12/L  4.3~5.8')).toBe(1)
		expect(resultRowCount('Bilirubina total  0,8  mg/dL  (0,20-1,00)')).toBe(1)
		expect(resultRowCount('HBsAg  22.00  IU/mL  <0.05')).toBe(1)
	})

	it('does not count vital signs, phone numbers, addresses, dates or prose', () => {
		const text = [
			'BP 120/80 mmHg',
			'Weight 70 kg',
			'Temp 37.2 °C',
			'Tel 0212 555-1234',
			'Suite 200, 12-14 Main Street',
			'Collected: 03-14-2025 08:00',
			'He was given 325 mg of aspirin',
		].join('\n')
		expect(resultRowCount(text)).toBe(0)
	})
})
