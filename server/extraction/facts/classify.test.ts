import { describe, expect, it } from 'vitest'
import { classifyDocument } from './classify.ts'

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
