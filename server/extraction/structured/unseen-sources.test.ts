import { describe, expect, it } from 'vitest'
import { generateStructuredCorpus } from '#tests/support/structured-corpus/index.ts'
import { readStructuredRecord } from './read-structured.ts'

/** The generated corpus of unseen sources (scripts/structured-accuracy.ts measures it in full): every numeric result read exactly. */
describe('C-CDA and FHIR files from sources unlike the shared fixtures', () => {
	const files = generateStructuredCorpus({ perFamily: 2, seed: 5 })
	for (const family of [...new Set(files.map((file) => file.family))]) {
		it(`reads every numeric result of the ${family} files exactly and keeps the text-only entries as text`, () => {
			for (const file of files.filter((candidate) => candidate.family === family)) {
				const record = readStructuredRecord(file.bytes, file.format)
				const read = record.observations.map((o) => [
					o.category,
					o.loinc,
					o.value,
					o.unit,
					o.referenceRangeMin,
					o.referenceRangeMax,
					o.interpretation,
					o.effective && Date.parse(o.effective.includes('T') ? o.effective : `${o.effective}T00:00Z`),
				])
				const expected = file.results.map((r) => [
					r.category,
					r.loinc,
					r.value,
					r.unit,
					r.min,
					r.max,
					r.interpretation,
					Date.parse(r.effective.includes('T') ? r.effective : `${r.effective}T00:00Z`),
				])
				const byKey = (rows: unknown[][]) => rows.map((row) => JSON.stringify(row)).sort()
				expect(byKey(read), file.name).toEqual(byKey(expected))
				expect(record.textEntries.length, file.name).toBeGreaterThanOrEqual(file.textEntries)
			}
		})
	}
})
