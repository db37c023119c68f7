import { describe, expect, it } from 'vitest'
import { doseOf } from './ccda-import.ts'
import { parseSafeXml } from './safe-xml.ts'

const element = (xml: string) => parseSafeXml(xml)

describe('a C-CDA medication dose', () => {
	it('keeps a dose with its unit', () => {
		expect(doseOf(element('<doseQuantity value="50" unit="ug"/>'), undefined, 'Levothyroxine')).toBe('50 ug')
	})

	it('names the form the file gives to a count without a unit', () => {
		expect(doseOf(element('<doseQuantity value="2"/>'), element('<administrationUnitCode code="PUFF" displayName="Puff"/>'), 'Albuterol inhaler')).toBe(
			'2 puffs',
		)
		expect(doseOf(element('<doseQuantity value="1" unit="1"/>'), undefined, 'Lisinopril 10 MG Oral Tablet')).toBe('1 tablet')
		expect(doseOf(element('<doseQuantity value="2"/>'), undefined, 'atenolol 25 MG Oral Tablet')).toBe('2 tablets')
	})

	it('says the unit is not given rather than showing a bare number', () => {
		expect(doseOf(element('<doseQuantity value="1"/>'), undefined, 'Aspirin')).toBe('1 (unit not given)')
		expect(doseOf(element('<doseQuantity value="1" unit="{dose}"/>'), undefined, 'Aspirin')).toBe('1 (unit not given)')
		expect(doseOf(undefined, undefined, 'Aspirin')).toBeNull()
	})
})
