import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { CRITICAL_VALUES } from './shared/critical-values.ts'
import { ANALYTE_CODES, ANALYTES, findAnalyteByCode, lookupAnalyteName, lookupAnalyteNameApproximately, lookupAnalyteNameLoosely, normaliseAnalyteName } from './analytes.ts'
import { expectedParameters, fixturesDir, loadManifest } from '#tests/support/fixture-manifest.ts'

const manifest = loadManifest(fixturesDir(path.resolve(import.meta.dirname, '../..')))

describe('analyte catalogue', () => {
	it('has unique lower snake case codes', () => {
		expect(new Set(ANALYTE_CODES).size).toBe(ANALYTE_CODES.length)
		for (const code of ANALYTE_CODES) expect(code).toMatch(/^[a-z][a-z0-9]*(?:_[a-z0-9]+)*$/)
	})

	it('holds every code the fixture manifest uses', () => {
		const codes = new Set(manifest.files.flatMap((file) => expectedParameters(file).map((parameter) => parameter.code)))
		for (const code of codes) expect(findAnalyteByCode(code), code).toBeDefined()
	})

	it('has the manifest critical thresholds', () => {
		for (const [code, threshold] of Object.entries(manifest.critical_thresholds)) {
			expect(findAnalyteByCode(code), code).toBeDefined()
			expect(CRITICAL_VALUES[code], code).toMatchObject({ low: threshold.low, high: threshold.high })
		}
	})

	it('gives every analyte a default unit or none, and a display name', () => {
		for (const analyte of ANALYTES) expect(analyte.name.length).toBeGreaterThan(1)
	})
})

describe('name lookup', () => {
	it('folds case, punctuation and British spelling', () => {
		expect(normaliseAnalyteName('Haemoglobin A1c')).toBe('hemoglobin a1c')
		expect(lookupAnalyteName('HEMOGLOBIN A1C')).toMatchObject({ analyte: { code: 'hba1c' } })
		expect(lookupAnalyteName('Haematocrit')).toMatchObject({ analyte: { code: 'hematocrit' } })
		expect(lookupAnalyteName('Cholesterol, Total')).toMatchObject({ analyte: { code: 'total_cholesterol' } })
		expect(lookupAnalyteName('Urea Nitrogen (BUN)')).toMatchObject({ analyte: { code: 'bun' } })
		expect(lookupAnalyteName('Blood Pressure')).toEqual({ kind: 'blood_pressure' })
		expect(lookupAnalyteName('Favourite colour')).toBeNull()
	})

	it('forgives a letter or two in long OCR names, but not in short ones', () => {
		expect(lookupAnalyteNameApproximately('Cabo Dioxide')).toMatchObject({ analyte: { code: 'co2' } })
		expect(lookupAnalyteNameApproximately('Trigiycerides')).toMatchObject({ analyte: { code: 'triglycerides' } })
		expect(lookupAnalyteNameApproximately('ASX')).toBeNull()
		expect(lookupAnalyteNameApproximately('Lipid Panel')).toBeNull()
	})

	it('matches loosely within a quarter of the letters, the nearest alias only, the same answer every time', () => {
		for (let round = 0; round < 2; round++) {
			expect(lookupAnalyteNameLoosely('Eahon Dioxide')).toMatchObject({ analyte: { code: 'co2' } })
			// three edits in 'Hemoglobin' (10 letters, limit 3), nothing nearer
			expect(lookupAnalyteNameLoosely('Hemaglobim A')).toMatchObject({ analyte: { code: 'hemoglobin' } })
			expect(lookupAnalyteNameLoosely('Hemo')).toBeNull()
			expect(lookupAnalyteNameLoosely('Favourite colour')).toBeNull()
		}
		expect(Object.isFrozen(lookupAnalyteNameLoosely('Eahon Dioxide'))).toBe(true)
	})
})
