import { describe, expect, it } from 'vitest'
import { extractMedications, parseMedicationLine } from './medications.ts'

describe('parseMedicationLine', () => {
	it('reads name, dose and frequency', () => {
		expect(parseMedicationLine('Lisinopril 10 mg daily')).toEqual({
			name: 'Lisinopril',
			dose: '10 mg',
			frequency: 'daily',
			status: 'active',
			text: 'Lisinopril 10 mg daily',
		})
		expect(parseMedicationLine('   Metformin 500 mg twice daily')).toMatchObject({ name: 'Metformin', dose: '500 mg', frequency: 'twice daily' })
		expect(parseMedicationLine('Atorvastatin 20 mg at bedtime')).toMatchObject({ frequency: 'at bedtime' })
	})

	it('keeps a bracketed note out of the name', () => {
		expect(parseMedicationLine('Cholecalciferol (vitamin D3) 2000 IU daily')).toMatchObject({
			name: 'Cholecalciferol',
			dose: '2000 IU',
			frequency: 'daily',
			text: 'Cholecalciferol (vitamin D3) 2000 IU daily',
		})
	})

	it('reads bullets, glued units and missing frequencies', () => {
		expect(parseMedicationLine('- Levothyroxine 75mcg')).toMatchObject({ name: 'Levothyroxine', dose: '75 mcg', frequency: null })
		expect(parseMedicationLine('2. Albuterol HFA 90 mcg 2 puffs every 4 hours as needed')).toMatchObject({
			name: 'Albuterol HFA',
			dose: '90 mcg',
			frequency: '2 puffs every 4 hours as needed',
		})
	})

	it('reads the status as written', () => {
		expect(parseMedicationLine('Simvastatin 40 mg nightly - discontinued')).toMatchObject({ name: 'Simvastatin', frequency: 'nightly', status: 'discontinued' })
		expect(parseMedicationLine('Amlodipine 5 mg daily (stopped 03/2025)')).toMatchObject({ status: 'discontinued', frequency: 'daily' })
		expect(parseMedicationLine('Aspirin 81 mg daily', true)).toMatchObject({ status: 'discontinued' })
	})

	it('refuses lines that are not medications', () => {
		expect(parseMedicationLine('Penicillin (rash); Sulfa drugs (hives)')).toBeNull()
		expect(parseMedicationLine('Follow-up: 3 months')).toBeNull()
	})
})

describe('extractMedications', () => {
	it('reads the medication sections only, once per name', () => {
		const note = [
			'Vitals',
			'BP 141/90 mmHg | Pulse 83 bpm',
			'Current Medications',
			'   Lisinopril 10 mg daily',
			'   Metformin 500 mg twice daily',
			'Allergies',
			'Penicillin (rash)',
			'Discontinued Medications',
			'   Simvastatin 40 mg nightly',
			'Assessment and Plan',
			' 1. Continue lisinopril 10 mg daily.',
		].join('\n')
		expect(extractMedications(note).map((m) => [m.name, m.dose, m.frequency, m.status])).toEqual([
			['Lisinopril', '10 mg', 'daily', 'active'],
			['Metformin', '500 mg', 'twice daily', 'active'],
			['Simvastatin', '40 mg', 'nightly', 'discontinued'],
		])
	})

	it('reads an inline list after a heading with a colon', () => {
		expect(extractMedications('Medications: Aspirin 81 mg daily; Metoprolol 25 mg twice daily').map((m) => m.name)).toEqual(['Aspirin', 'Metoprolol'])
	})
})
