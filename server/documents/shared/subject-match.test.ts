import { describe, expect, it } from 'vitest'
import { SUBJECT_TEXTS } from './messages.ts'
import { isCountedSubject, isSameName, matchSubject, nextSubjectMatch, printedPatientForQuestion, printedPatientOfDetails } from './subject-match.ts'

describe('isSameName', () => {
	it('takes the same name in another order, case, punctuation or accents', () => {
		expect(isSameName('Doe, John', 'John Doe')).toBe(true)
		expect(isSameName('DOE, JOHN', 'john doe')).toBe(true)
		expect(isSameName('eve BETTERHALF', 'Betterhalf Eve')).toBe(true)
		expect(isSameName('José Müller', 'Jose Muller')).toBe(true)
		expect(isSameName('Ayşe Yıldız', 'Ayse Yildiz')).toBe(true)
	})

	it('takes middle names and initials printed on one side only', () => {
		expect(isSameName('Szymanski, Ignatius A', 'Ignatius Szymanski')).toBe(true)
		expect(isSameName('Odalys J. Kowalczyk', 'Odalys Kowalczyk')).toBe(true)
		expect(isSameName('John Michael Doe', 'John Doe')).toBe(true)
		expect(isSameName('J. Doe', 'John Doe')).toBe(true)
		expect(isSameName('Pedro Henrique Oliveira', 'Pedro Oliveira')).toBe(true)
	})

	it('forgives one OCR slip in a long word', () => {
		expect(isSameName('KOWALCZYK, 0DALYS', 'Odalys Kowalczyk')).toBe(true)
		expect(isSameName('Kowalczvk Odalys', 'Odalys Kowalczyk')).toBe(true)
	})

	it('tells another person apart', () => {
		expect(isSameName('John Doe', 'Avery Test')).toBe(false)
		expect(isSameName('Jane Doe', 'John Doe')).toBe(false)
		expect(isSameName('J. Doe', 'Mary Doe')).toBe(false)
		expect(isSameName('John Smith', 'John Doe')).toBe(false)
		expect(isSameName('QUINTRELL, YESENIA C', 'Rhea Records')).toBe(false)
		expect(isSameName('Ann Lee', 'Anne Lee')).toBe(false)
	})
})

describe('matchSubject', () => {
	const profile = { name: 'Avery Test', dateOfBirth: '1980-01-01' }

	it('asks nothing when no patient is printed', () => {
		expect(matchSubject({ name: null, birthDate: null }, profile)).toBe('unknown')
		expect(matchSubject({ name: '  ', birthDate: '1980-01-01' }, profile)).toBe('unknown')
	})

	it("matches the profile's name, with its date of birth where both have one", () => {
		expect(matchSubject({ name: 'TEST, AVERY', birthDate: '1980-01-01' }, profile)).toBe('matched')
		expect(matchSubject({ name: 'Avery Test', birthDate: null }, profile)).toBe('matched')
		expect(matchSubject({ name: 'Avery Test', birthDate: '1980-01-01' }, { name: 'Avery Test', dateOfBirth: null })).toBe('matched')
		// an ambiguous printed date (01/02/1980) matches either reading
		expect(matchSubject({ name: 'Avery Test', birthDate: '1980-02-01|1980-01-02' }, { name: 'Avery Test', dateOfBirth: '1980-01-02' })).toBe('matched')
	})

	it('asks when the name or the date of birth differ, or the profile has no name', () => {
		expect(matchSubject({ name: 'John Doe', birthDate: null }, profile)).toBe('mismatch')
		expect(matchSubject({ name: 'Avery Test', birthDate: '1975-05-01' }, profile)).toBe('mismatch')
		expect(matchSubject({ name: null, birthDate: '1975-05-01' }, profile)).toBe('mismatch')
		expect(matchSubject({ name: 'Avery Test', birthDate: null }, { name: '', dateOfBirth: null })).toBe('mismatch')
	})

	it('matches on what both sides have: another name asks whatever the date of birth, and a profile without one', () => {
		const noBirthDate = { name: 'Avery Test', dateOfBirth: null }
		expect(matchSubject({ name: 'SZYMANSKI, IGNATIUS A', birthDate: '1956-08-28' }, noBirthDate)).toBe('mismatch')
		expect(matchSubject({ name: 'SZYMANSKI, IGNATIUS A', birthDate: '1980-01-01' }, profile)).toBe('mismatch')
		expect(matchSubject({ name: 'Test, Avery', birthDate: '1956-08-28' }, noBirthDate)).toBe('matched')
		// nothing in common to compare: no question
		expect(matchSubject({ name: null, birthDate: '1956-08-28' }, noBirthDate)).toBe('unknown')
	})
})

describe('who the question says the record is for', () => {
	it('gives the name as a reader says it and the year of birth', () => {
		expect(printedPatientForQuestion({ name: 'SZYMANSKI, IGNATIUS A', birthDate: '1956-08-28' })).toEqual({ name: 'IGNATIUS A. SZYMANSKI', bornIn: '1956' })
		expect(printedPatientForQuestion({ name: 'Odalys J. Kowalczyk', birthDate: null })).toEqual({ name: 'Odalys J. Kowalczyk', bornIn: null })
		expect(printedPatientForQuestion({ name: null, birthDate: '1980-02-01|1980-01-02' })).toEqual({ name: null, bornIn: '1980' })
		expect(printedPatientForQuestion(null)).toEqual({ name: null, bornIn: null })
	})

	it('words the question with who the record is for', () => {
		expect(SUBJECT_TEXTS.question({ name: 'IGNATIUS A. SZYMANSKI', bornIn: '1956' }, { noun: 'report' })).toMatch(
			/^This report is for IGNATIUS A\. SZYMANSKI, born 1956, /,
		)
		expect(SUBJECT_TEXTS.question({ name: null, bornIn: '1956' })).toMatch(/^This record is for someone born 1956, /)
	})
})

describe('the answer and what counts', () => {
	it("keeps the patient's answer when the record is read again", () => {
		expect(nextSubjectMatch('confirmed_self', 'mismatch')).toBe('confirmed_self')
		expect(nextSubjectMatch('someone_else', 'matched')).toBe('someone_else')
		expect(nextSubjectMatch('unknown', 'mismatch')).toBe('mismatch')
	})

	it("counts the patient's own records only", () => {
		expect(['matched', 'unknown', 'confirmed_self'].every((state) => isCountedSubject(state as never))).toBe(true)
		expect(isCountedSubject('mismatch')).toBe(false)
		expect(isCountedSubject('someone_else')).toBe(false)
	})

	it('reads the printed patient from a C-CDA summary or from the text reading', () => {
		expect(printedPatientOfDetails({ structured: { patient: { name: 'Isabella Jones', birthDate: '1975-05-01' } } })).toEqual({
			name: 'Isabella Jones',
			birthDate: '1975-05-01',
		})
		expect(printedPatientOfDetails({ printedPatient: { name: 'John Doe', birthDate: null } })).toEqual({ name: 'John Doe', birthDate: null })
		expect(printedPatientOfDetails(null)).toBeNull()
	})
})
