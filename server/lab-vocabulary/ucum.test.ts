import { describe, expect, it, vi } from 'vitest'
import { findAnalyteByCode, loincFor, lookupAnalyteName } from './analytes.ts'
import { toAnalyteUnit } from './analyte-units.ts'
import { convertValue, isMolarUnit, isSameUnit, splitUnitQualifier, toUcum, unitQualifierLength } from './ucum.ts'

describe('printed units as UCUM', () => {
	it.each([
		['mg / dl', 'mg/dL'],
		['U / L', 'U/L'],
		['IU / L', '[IU]/L'],
		['gm / dl', 'g/dL'],
		['mill/cumm', '10*6/uL'],
		['cumm', '/uL'],
		['Thous/cu.mm', '10*3/uL'],
		['Mil/cu.mm', '10*6/uL'],
		['Percent', '%'],
		['cells/mcL', '/uL'],
		['mmol/ L', 'mmol/L'],
		['x10⁹/L', '10*9/L'],
		['K/uL', '10*3/uL'],
		['µmol/L', 'umol/L'],
		['mEq/L', 'meq/L'],
		['Milyon/µL', '10*6/uL'],
		['Lakhs/cmm', '10*5/uL'],
		['ml/min/1.73m^2', 'mL/min/{1.73_m2}'],
		['x10^3/uL', '10*3/uL'],
	])('%s is %s', (printed, code) => {
		expect(toUcum(printed)).toBe(code)
	})

	it('gives null for what is not a unit', () => {
		expect(toUcum('K/□L')).toBeNull()
		expect(toUcum('Final')).toBeNull()
		expect(toUcum(null)).toBeNull()
	})

	it('compares spellings by their UCUM code', () => {
		expect(isSameUnit('K/uL', 'x10^3/µL')).toBe(true)
		expect(isSameUnit('mg/dL', 'mmol/L')).toBe(false)
		expect(isMolarUnit('mmol/L')).toBe(true)
		expect(isMolarUnit('mmol/mol')).toBe(false)
	})
})

describe('conversions where trends join', () => {
	it('converts conventional and SI units with the molar mass, by UCUM', () => {
		expect(toAnalyteUnit(findAnalyteByCode('glucose')!, 5.5, 'mmol/L')).toBeCloseTo(99.1, 1)
		expect(toAnalyteUnit(findAnalyteByCode('creatinine')!, 88.4, 'µmol/L')).toBeCloseTo(1.0, 2)
		expect(toAnalyteUnit(findAnalyteByCode('total_cholesterol')!, 5.2, 'mmol/L')).toBeCloseTo(201, 0)
		expect(toAnalyteUnit(findAnalyteByCode('bun')!, 5, 'mmol/L')).toBeCloseTo(14.0, 1)
		expect(toAnalyteUnit(findAnalyteByCode('hemoglobin')!, 135, 'g/L')).toBeCloseTo(13.5, 5)
		expect(convertValue(1, 'mg/dL', 'mg/L')).toBe(10)
	})

	it('relates HbA1c mmol/mol and % by the IFCC master equation', () => {
		expect(toAnalyteUnit(findAnalyteByCode('hba1c')!, 48, 'mmol/mol')).toBeCloseTo(6.54, 1)
	})

	it('gives null for units that do not convert', () => {
		expect(toAnalyteUnit(findAnalyteByCode('glucose')!, 5, 'U/L')).toBeNull()
	})
})

describe('vocabulary', () => {
	it('maps the names of real reports to canonical codes, never inventing one', () => {
		const cases: Array<[string, string]> = [
			['Mean Corpuscular Hgb Conc', 'mchc'],
			['Urea Nitrogen (BUN)', 'bun'],
			['25-Hydroxy Vitamin D', 'vitamin_d'],
			['S.G.O.T.', 'ast'],
			['S.G.P.T.', 'alt'],
			['G.G.T.P', 'ggt'],
			['A / G Ratio', 'ag_ratio'],
			['Packed Cell Volume (PCV)', 'hematocrit'],
			['TOTAL LEUKOCYTE COUNT', 'wbc'],
			['MEAN CELL HAEMOGLOBIN CON', 'mchc'],
			['Specific gravity of Urine by Test strip', 'urine_specific_gravity'],
			['HGB-Hemoglobin', 'hemoglobin'],
			['RBC-Alyuvarlar', 'rbc'],
			['Hämoglobin', 'hemoglobin'],
			['Leucócitos', 'wbc'],
			['Polynucléaires neutrophiles', 'neutrophils_pct'],
		]
		for (const [name, code] of cases) expect(lookupAnalyteName(name), name).toMatchObject({ analyte: { code } })
		expect(lookupAnalyteName('Zonulin')).toBeNull()
	})

	it('gives the LOINC code for the printed name and the kind of unit', () => {
		const glucose = findAnalyteByCode('glucose')!
		expect(loincFor(glucose, 'Glucose', false)).toBe('2345-7')
		expect(loincFor(glucose, 'Fasting Glucose', true)).toBe('14771-0')
		expect(loincFor(glucose, 'Glucose (fasting)', false)).toBe('1558-6')
		expect(loincFor(findAnalyteByCode('creatinine')!, 'Creatinine', true)).toBe('14682-9')
		expect(loincFor(findAnalyteByCode('co2')!, 'Bicarbonate', false)).toBe('1963-8')
	})
})

describe('the same unit however it is printed (Compare Records)', () => {
	it.each([
		['10^3/uL', 'x10^3/uL'],
		['10^3/uL', '10*3/uL'],
		['x10^3/uL', 'K/uL'],
		['10^3/µL', 'Thous/cu.mm'],
		['mg/dl', 'mg/dL'],
		['mmHg', 'mm[Hg]'],
		['x10E6/uL', 'M/uL'],
	])('%s is %s', (a, b) => {
		expect(isSameUnit(a, b)).toBe(true)
	})

	it.each([
		['10^3/uL', '10^6/uL'],
		['mg/dL', 'mmol/L'],
		['g/dL', 'g/L'],
		['%', '10^3/uL'],
		[null, null],
	])('%s is not %s', (a, b) => {
		expect(isSameUnit(a, b)).toBe(false)
	})

	it('converts units that differ by a factor', () => {
		expect(convertValue(250, '10*9/L', '10*3/uL')).toBeCloseTo(250, 6)
		expect(convertValue(13.5, 'g/dL', 'g/L')).toBeCloseTo(135, 6)
	})
})

describe('count spellings and unit qualifiers', () => {
	it.each([
		['/cu.mm', '/uL'],
		['cells/mm³', '/uL'],
		['10^3/mm3', '10*3/uL'],
		['million/mcL', '10*6/uL'],
		['Millionen/µl', '10*6/uL'],
		['miles/mm3', '10*3/uL'],
		['thousands/µL', '10*3/uL'],
		['Mio/ul', '10*6/uL'],
		['mln/µl', '10*6/uL'],
		['lakh/cumm', '10*5/uL'],
		['cells/mL', '/mL'],
		['mcmol/L', 'umol/L'],
		['mcIU/mL', 'u[IU]/mL'],
	])('%s is %s', (printed, code) => {
		expect(toUcum(printed)).toBe(code)
	})

	it("leaves 'mil' as each country prints it (thousand per mm3 in Portuguese, million per cu.mm in Indian English)", () => {
		expect(toUcum('mil/mm3')).toBe('10*3/uL')
		expect(toUcum('Mil/cu.mm')).toBe('10*6/uL')
		expect(toUcum('mil/µL')).toBeNull()
	})

	it('does not read a count per picolitre into a misread micro sign', () => {
		expect(toUcum('tys/pl')).toBeNull()
	})

	it('keeps a qualifier as a UCUM annotation, so the dimension is the unit it qualifies', () => {
		expect(toUcum('µg/mL FEU')).toBe('ug/mL{FEU}')
		expect(toUcum('ng/ml  DDU')).toBe('ng/mL{DDU}')
		expect(toUcum('% of total Hb')).toBe('%{of_total_Hb}')
		expect(toUcum('mg/L as CaCO3')).toBe('mg/L{as_CaCO3}')
		expect(toUcum('mmol/mol (IFCC)')).toBe('mmol/mol{IFCC}')
		expect(toUcum('mg/g creat')).toBe('mg/g{creat}')
		expect(splitUnitQualifier('ug/mL FEU')).toEqual({ base: 'ug/mL', qualifier: 'FEU' })
		expect(splitUnitQualifier('mg / dl')).toEqual({ base: 'mg / dl', qualifier: null })
		expect(toUcum('mg/dL fasting')).toBeNull()
	})

	it('converts through a qualifier, but never between two different ones (FEU and DDU are about a factor two apart)', () => {
		expect(convertValue(0.5, 'ug/mL{FEU}', 'ng/mL')).toBeCloseTo(500, 6)
		expect(convertValue(0.5, 'ug/mL{FEU}', 'ng/mL{FEU}')).toBeCloseTo(500, 6)
		expect(convertValue(0.5, 'ug/mL{FEU}', 'ng/mL{DDU}')).toBeNull()
		expect(toAnalyteUnit(findAnalyteByCode('hba1c')!, 48, 'mmol/mol (IFCC)')).toBeCloseTo(6.54, 1)
	})

	it('finds the qualifier words printed after a unit in its cell', () => {
		expect(unitQualifierLength(['FEU'])).toBe(1)
		expect(unitQualifierLength(['(DDU)', '<', '0.5'])).toBe(1)
		expect(unitQualifierLength(['of', 'total', 'Hgb', '4.0-5.6'])).toBe(3)
		expect(unitQualifierLength(['of', 'total', 'High'])).toBe(2)
		expect(unitQualifierLength(['of'])).toBe(0)
		expect(unitQualifierLength(['H', '4.0-5.6'])).toBe(0)
		expect(unitQualifierLength(['Final'])).toBe(0)
	})
})

describe('the UCUM library on units it cannot parse', () => {
	it('prints nothing of the unit string (it is a fragment of the document)', () => {
		const log = vi.spyOn(console, 'log').mockImplementation(() => {})
		try {
			for (const printed of ['-7.7()', '/(uL', 'mg/(dL', 'x10^(3/uL']) toUcum(printed)
			expect(log).not.toHaveBeenCalled()
		} finally {
			log.mockRestore()
		}
	})
})
