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

	it('leaves words that are spelled so in the language, other words and English names alone', () => {
		// Spanish and Italian 'laboratorio', Italian 'clinica' have no accent
		expect(withAccents('Laboratorio Clinico Norte', 'spa')).toBe('Laboratorio Clínico Norte')
		expect(withAccents('Laboratorio Analisi Clinica', 'ita')).toBe('Laboratorio Analisi Clinica')
		expect(withAccents('Clinica Medica', null)).toBe('Clinica Medica')
		// a proper name that happens to hold letters of a vocabulary word is not one
		expect(withAccents('Medicasa Saudel', 'por')).toBe('Medicasa Saudel')
	})
})
