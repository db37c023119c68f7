import { execFile } from 'node:child_process'
import path from 'node:path'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'

const run = promisify(execFile)
const FIXTURES = path.resolve('../shared/fixtures/documents')

describe('npm run extract', () => {
	it('prints one JSON object per file with the documented fields, refusals included', async () => {
		const { stdout } = await run(
			'npx',
			['tsx', 'scripts/extract.ts', path.join(FIXTURES, 'lab/bluewater_final_report.pdf'), path.join(FIXTURES, 'bad/report.pdf')],
			{ timeout: 60_000 },
		)
		const [lab, bad] = stdout
			.trim()
			.split('\n')
			.map((line) => JSON.parse(line))
		expect(lab).toMatchObject({ accepted: true, kind: 'lab_report', date: '2025-01-22', provider: 'Bluewater Diagnostics' })
		expect(Object.keys(lab)).toEqual(expect.arrayContaining(['file', 'title', 'summary', 'tags', 'text', 'parameters', 'medications', 'timings']))
		expect(lab.parameters.length).toBe(15)
		expect(Object.keys(lab.parameters[0]).sort()).toEqual([
			'code',
			'loinc',
			'name',
			'referenceRangeMax',
			'referenceRangeMin',
			'status',
			'testDate',
			'unit',
			'value',
		])
		expect(Object.keys(lab.timings).sort()).toEqual(['extractMs', 'ocrMs', 'totalMs'])
		expect(bad).toMatchObject({ accepted: false, reason: 'type_mismatch' })
	}, 90_000)
})
