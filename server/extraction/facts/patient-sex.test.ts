import { describe, expect, it } from 'vitest'
import { readPatientSex } from './patient-sex.ts'

describe('readPatientSex', () => {
	it.each([
		['Name: John Doe   Sex: M   Age: 45', 'male'],
		['Age/Sex : 45 Y / F', 'female'],
		['Age / Gender : 45 Years / Female', 'female'],
		['Gender:        Male               Reported : 4/6/2021', 'male'],
		['Sexo: Feminino', 'female'],
		['Sexo: H', 'male'],
		['Sexe : Féminin', 'female'],
		['Geschlecht: weiblich', 'female'],
		['Sesso: Maschio', 'male'],
		['Cinsiyet: Kadın', 'female'],
		['Płeć: K', 'female'],
		['Nem: nő', 'female'],
		['Nem: F', 'male'],
		['Giới tính: Nữ', 'female'],
		['Geslacht: V', 'female'],
	])('%s', (text, sex) => {
		expect(readPatientSex(text)).toBe(sex)
	})

	it('reads no sex where none is printed beside a label, or both are', () => {
		expect(readPatientSex('Sex: M\nSex: F')).toBeNull()
		expect(readPatientSex('Sexual health clinic, 12 Gender Street')).toBeNull()
		expect(readPatientSex('Sex 34 Y')).toBeNull()
		expect(readPatientSex('Hemoglobin 13.5 g/dL M: 13.0-17.0 F: 12.0-15.5')).toBeNull()
	})
})
