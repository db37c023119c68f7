import { describe, expect, it } from 'vitest'
import { isWordLike, readsAsWords } from './word-likeness.ts'

describe('readsAsWords', () => {
	it.each([
		'Dr Lal PathLabs',
		'LabCorp',
		'McKinley Labs',
		'eNabız',
		'Hôpital Saint-Yves de Quimper',
		"Laboratorio d'Analisi Cliniche",
		'Szpital Miejski im. Jana Pawła',
		'Diagnostyka Sp. z o.o.',
		'Labor Deutschland MVZ',
		'Chughtai Lab',
		'Jhunjhunwala Pathology',
		'Bệnh viện Bạch Mai',
		'Kasımpaşa Devlet Hastanesi',
		'Születési Klinika',
		'北京协和医院检验科',
		'آزمایشگاه پاتوبیولوژی',
		'SYNLAB',
		'MyLAB',
		'CLiNICAS',
		'NHS',
	])('reads %j as words', (name) => {
		expect(readsAsWords(name)).toBe(true)
	})

	it.each([
		// case changing at random inside a word
		'LA CLINIQUE PrOVidEnCe',
		'LABORATORIES LSOTVgiCGrOMORE ASoftlogic',
		'LaBoRaToRy Central',
		'Hospital sAnTa mArIa',
		// a letter three times, six consonants in a row, no vowel at all
		'Laaab Diagnostics',
		'Centro Mdcntrl Diagnostico',
		'Hsptl Kln',
		'KLMNPRSTV',
	])('reads %j as noise', (name) => {
		expect(readsAsWords(name)).toBe(false)
	})

	it('judges each part of a word joined by a hyphen or an apostrophe, and leaves initials and short words alone', () => {
		expect(isWordLike('Saint-Yves')).toBe(true)
		expect(isWordLike('Saint-YvEsTrE')).toBe(false)
		expect(isWordLike('S.A.')).toBe(true)
		expect(isWordLike('Dr.')).toBe(true)
		expect(isWordLike('III')).toBe(true)
	})
})
