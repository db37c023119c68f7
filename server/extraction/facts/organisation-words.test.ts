import { describe, expect, it } from 'vitest'
import { withAccents } from './organisation-words.ts'

describe('withAccents', () => {
	it("gives a name's organisation words their accents in the document's language, in the case they were read", () => {
		expect(withAccents('LABORATORIO SANTA LUZIA ANALISES CLINICAS', 'por')).toBe('LABORATÓRIO SANTA LUZIA ANÁLISES CLÍNICAS')
		expect(withAccents('Centro Medico Diagnostico', 'spa')).toBe('Centro Médico Diagnóstico')
		expect(withAccents('Hopital de la Croix', 'fra')).toBe('Hôpital de la Croix')
		// a stray small letter among capitals is OCR's: the word stays in capitals
		expect(withAccents('ANALISES CLiNICAS', 'por')).toBe('ANÁLISES CLÍNICAS')
	})

	it('gives a word the spelling with marks the document itself writes elsewhere, first', () => {
		expect(withAccents('CENTRO MEDICO LOS ALAMOS', 'spa', 'Dirección: Av. Los Álamos 120\nGlucosa 92 mg/dL')).toBe('CENTRO MÉDICO LOS ÁLAMOS')
		expect(withAccents('Hospital Sao Lucas', null, 'Rua São Lucas, 45')).toBe('Hospital São Lucas')
		// a word read with its marks is kept as read
		expect(withAccents('Clínica Nuñez', 'spa', 'Nunez')).toBe('Clínica Nuñez')
	})

	it('leaves words that are spelled so in the language, other words and English names alone', () => {
		// Spanish and Italian 'laboratorio', Italian 'clinica' have no accent
		expect(withAccents('Laboratorio Clinico Norte', 'spa')).toBe('Laboratorio Clínico Norte')
		expect(withAccents('Laboratorio Analisi Clinica', 'ita')).toBe('Laboratorio Analisi Clinica')
		expect(withAccents('Clinica Medica', null)).toBe('Clinica Medica')
		// a proper name that happens to hold letters of a vocabulary word is not one
		expect(withAccents('Medicasa Saudel', 'por')).toBe('Medicasa Saudel')
	})
})
