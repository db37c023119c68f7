import { describe, expect, it } from 'vitest'
import {
	UTF8_BOM,
	summarizeRows,
	toExportRow,
	trendsCsv,
	trendsCsvFilename,
	trendsCsvHref,
	trendsSummaryHref,
	type ExportSourceRow,
	type TrendsExportRow,
} from './trends-export.ts'

function stored(overrides: Partial<ExportSourceRow> = {}): ExportSourceRow {
	return {
		code: 'glucose',
		name: 'Glucose',
		value: 107,
		valueText: '107',
		unit: 'mg/dL',
		referenceRangeMin: 70,
		referenceRangeMax: 99,
		referenceRangeText: null,
		status: 'high',
		testDate: '2025-03-14',
		documentId: null,
		...overrides,
	}
}

function row(overrides: Partial<TrendsExportRow> = {}): TrendsExportRow {
	return { ...toExportRow(stored(), new Map()), ...overrides }
}

describe('trends export rows', () => {
	it('formats the value and unit with the one measurement format, the range, the status and the source', () => {
		const titles = new Map([['doc-1', 'Lab report March']])
		expect(toExportRow(stored({ documentId: 'doc-1' }), titles)).toEqual({
			date: '2025-03-14',
			code: 'glucose',
			parameter: 'Glucose',
			value: '107',
			unit: 'mg/dL',
			referenceRange: '70-99',
			status: 'High',
			source: 'Lab report March',
			isOutsideRange: true,
		})
		const fhir = toExportRow(
			stored({
				code: 'systolic_bp',
				name: 'Systolic',
				valueText: '188.55088885812418',
				unit: 'mm[Hg]',
				referenceRangeMin: null,
				referenceRangeMax: null,
				status: null,
			}),
			titles,
		)
		expect(fhir).toMatchObject({ value: '189', unit: 'mmHg', referenceRange: '—', status: 'Not graded', source: 'Manual entry' })
	})
})

describe('trendsCsv', () => {
	it('starts with a UTF-8 byte-order mark and the header, one CRLF line per value', () => {
		const csv = trendsCsv([row({ unit: 'µmol/L' })])
		expect(csv.startsWith(UTF8_BOM)).toBe(true)
		const lines = csv.slice(1).split('\r\n')
		expect(lines[0]).toBe('date,parameter,value,unit,reference range,status,source')
		expect(lines[1]).toBe('2025-03-14,Glucose,107,µmol/L,70-99,High,Manual entry')
		expect(lines[2]).toBe('')
	})

	it('quotes commas, quotes and line breaks', () => {
		const csv = trendsCsv([row({ source: 'Smith, "Annual" labs\nPage 2' })])
		expect(csv.split('\r\n')[1]).toBe('2025-03-14,Glucose,107,mg/dL,70-99,High,"Smith, ""Annual"" labs\nPage 2"')
	})

	it('prefixes cells a spreadsheet would run as a formula with a quote', () => {
		const csv = trendsCsv([row({ source: '=HYPERLINK("http://evil.test","x")', parameter: '+SUM(A1)', referenceRange: '-2+3', unit: '@cmd' })])
		const line = csv.split('\r\n')[1]!
		expect(line).toBe(`2025-03-14,'+SUM(A1),107,'@cmd,'-2+3,High,"'=HYPERLINK(""http://evil.test"",""x"")"`)
	})

	it('names the file with the date', () => {
		expect(trendsCsvFilename('2025-06-30')).toBe('carebook-health-trends-2025-06-30.csv')
	})
})

describe('summarizeRows', () => {
	it('gives each parameter its latest value and the earlier ones, newest first', () => {
		const [group] = summarizeRows([
			row({ date: '2025-01-02', value: '95' }),
			row({ date: '2025-03-14', value: '107' }),
			row({ code: 'total_cholesterol', parameter: 'Total cholesterol', date: '2025-02-01', value: '230' }),
			row({ date: '2025-02-10', value: '101' }),
		])
		const summary = group!.parameters
		expect(summary.map((parameter) => parameter.name)).toEqual(['Glucose', 'Total cholesterol'])
		expect(summary[0]!.latest.value).toBe('107')
		expect(summary[0]!.previous.map((previous) => previous.value)).toEqual(['101', '95'])
		expect(summary[1]!.previous).toEqual([])
	})

	it('orders the parameters by clinical group, those outside their range first in each group, not alphabetically', () => {
		const groups = { albumin: 'chemistry', potassium: 'chemistry', sodium: 'chemistry', hdl: 'lipids', ldl: 'lipids', systolic_bp: 'vitals' } as const
		const summary = summarizeRows(
			[
				row({ code: 'albumin', parameter: 'Albumin', isOutsideRange: false }),
				row({ code: 'sodium', parameter: 'Sodium', isOutsideRange: true }),
				row({ code: 'potassium', parameter: 'Potassium', isOutsideRange: false }),
				row({ code: 'hdl', parameter: 'HDL cholesterol', isOutsideRange: false }),
				row({ code: 'ldl', parameter: 'LDL cholesterol', isOutsideRange: true }),
				row({ code: 'systolic_bp', parameter: 'Systolic blood pressure', isOutsideRange: false }),
				row({ code: 'unknown_marker', parameter: 'A marker', isOutsideRange: true }),
			],
			(code) => groups[code as keyof typeof groups] ?? 'other',
		)
		expect(summary.map((group) => [group.name, group.parameters.map((parameter) => parameter.name)])).toEqual([
			['Vital signs and body measurements', ['Systolic blood pressure']],
			['Lipids', ['LDL cholesterol', 'HDL cholesterol']],
			['Chemistry and kidney function', ['Sodium', 'Albumin', 'Potassium']],
			['Other values', ['A marker']],
		])
	})
})

describe('export links', () => {
	it('carry the range and the chosen metric', () => {
		expect(trendsCsvHref({ range: '1y', metric: 'glucose' })).toBe('/trends/export.csv?range=1y&metric=glucose')
		expect(trendsSummaryHref({ range: 'all', metric: null })).toBe('/trends/summary?range=all')
	})
})
