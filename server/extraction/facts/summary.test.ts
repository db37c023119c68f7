import { describe, expect, it } from 'vitest'
import { buildSummary, buildTags, buildTitle, panelNames, type DescribeInput } from './summary.ts'
import type { ExtractedParameter } from '../types.ts'

function parameter(code: string, status: ExtractedParameter['status'], name = code): ExtractedParameter {
	return {
		code,
		loinc: null,
		name,
		value: 1,
		valueText: '1',
		unit: null,
		ucumUnit: null,
		referenceRangeMin: null,
		referenceRangeMax: null,
		referenceRangeText: null,
		status,
		testDate: '2025-01-22',
	}
}

const base: DescribeInput = {
	kind: 'lab_report',
	text: '',
	provider: 'Bluewater Diagnostics',
	date: '2025-01-22',
	parameters: [],
	medications: [],
	fallbackTitle: 'upload',
	isScanned: false,
}

describe('buildTitle', () => {
	it('names the panels and the provider of a lab report', () => {
		const lipids = ['total_cholesterol', 'hdl', 'ldl', 'triglycerides'].map((code) => parameter(code, 'normal'))
		expect(buildTitle({ ...base, parameters: lipids })).toBe('Lipid Panel — Bluewater Diagnostics')
		expect(panelNames([...lipids, parameter('wbc', 'normal')])).toEqual(['Lipid Panel', 'Complete Blood Count'])
	})

	it('names a DICOM study by its description and modality, never the patient', () => {
		const title = buildTitle({
			...base,
			kind: 'imaging',
			provider: 'Elmridge Radiology Associates',
			text: 'Patient: KOWALCZYK^ODALYS',
			dicom: {
				modality: 'CR',
				studyDate: '2025-01-09',
				studyDescription: 'XR CHEST 2 VIEWS',
				bodyPart: 'CHEST',
				institution: 'Elmridge Radiology Associates',
				rows: 64,
				columns: 64,
			},
		})
		expect(title).toBe('XR Chest 2 Views (CR) — Elmridge Radiology Associates')
		expect(title.toLowerCase()).not.toContain('kowalczyk')
	})

	it('uses the printed exam of an imaging report and the file name for other documents', () => {
		expect(buildTitle({ ...base, kind: 'imaging', provider: null, text: 'Exam:      XR CHEST 2 VIEWS (PA AND LATERAL)      Accession: 1' })).toBe(
			'XR Chest 2 Views (PA and Lateral)',
		)
		expect(buildTitle({ ...base, kind: 'other' })).toBe('upload')
	})
})

describe('buildSummary', () => {
	it('counts results and names those out of range', () => {
		const summary = buildSummary({
			...base,
			parameters: [parameter('ldl', 'high'), parameter('hdl', 'low'), parameter('potassium', 'critical'), parameter('glucose', 'normal')],
		})
		expect(summary).toBe('4 results collected 2025-01-22; critical: Potassium; high: LDL Cholesterol; low: HDL Cholesterol.')
	})

	it('never quotes the text of an unrecognised document', () => {
		expect(buildSummary({ ...base, kind: 'other', date: null, text: 'Dear Jane Example,\nthanks for your visit.' })).toBe(
			'Document with 7 words of text; its type was not recognised.',
		)
	})

	it('quotes the impression of an imaging report', () => {
		expect(buildSummary({ ...base, kind: 'imaging', text: 'FINDINGS: ...\nIMPRESSION:\n  1. No acute cardiopulmonary process.\n\nSigned' })).toBe(
			'Impression: 1. No acute cardiopulmonary process.',
		)
	})
})

describe('buildTags', () => {
	it('tags kind, panels and abnormal results', () => {
		expect(buildTags({ ...base, parameters: [parameter('ldl', 'high'), parameter('wbc', 'normal')], isScanned: true })).toEqual([
			'lab report',
			'lipids',
			'hematology',
			'abnormal',
			'scanned',
		])
	})
})
