import { describe, expect, it } from 'vitest'
import { findDates, findDocumentDate, parseDate, parseDicomDate } from './document-date.ts'

describe('parseDate', () => {
	it.each([
		['03/14/2025', '2025-03-14'],
		['3/4/2025', '2025-03-04'],
		['2025-02-03', '2025-02-03'],
		['08 Oct 2024', '2024-10-08'],
		['8 October 2024', '2024-10-08'],
		['January 22, 2025', '2025-01-22'],
		['Oct. 8, 2024', '2024-10-08'],
		['19-May-2025', '2025-05-19'],
		['14.03.2025', '2025-03-14'],
		['25/12/2024', '2024-12-25'],
		['03/14/25', '2025-03-14'],
		['Collected: 2025-02-03 06:15', '2025-02-03'],
	])('reads %s', (text, iso) => {
		expect(parseDate(text)).toBe(iso)
	})

	it.each(['February 30, 2025', '13/13/2025', 'February 27, 20925', 'no date here', '726-378-6985-0'])('refuses %j', (text) => {
		expect(parseDate(text)).toBeNull()
	})

	it('finds every date in order', () => {
		expect(findDates('DOB: 03/17/1968 seen 2025-04-02').map((date) => date.iso)).toEqual(['1968-03-17', '2025-04-02'])
	})

	it('reads numeric dates OCR printed with spaces after the slashes, at their own place in the text', () => {
		const text = 'Test  09/ 24/ 2024  01/22/ 2025  05/ 22) 2025  Units  10/ 40'
		expect(findDates(text).map(({ iso, index }) => [iso, text.slice(index, index + 2)])).toEqual([
			['2024-09-24', '09'],
			['2025-01-22', '01'],
			['2025-05-22', '05'],
		])
	})
})

describe('parseDicomDate', () => {
	it('reads DA values', () => {
		expect(parseDicomDate('20250109')).toBe('2025-01-09')
		expect(parseDicomDate('2025.01.09')).toBe('2025-01-09')
		expect(parseDicomDate('')).toBeNull()
		expect(parseDicomDate(undefined)).toBeNull()
	})
})

describe('findDocumentDate', () => {
	it('takes the collection date of a lab report, not the report or birth date', () => {
		const text = ['DOB: 03/17/1968', 'Date Collected:     03/14/2025 0842 Local', 'Date Reported:      03/16/2025 0602 Local'].join('\n')
		expect(findDocumentDate(text, 'lab_report')).toBe('2025-03-14')
	})

	it('reads a date under a column header', () => {
		const text = ['PARTICIPANT   DATE OF BIRTH   SCREENING DATE   FASTING', 'A. Person     17 Mar 1968     08 Oct 2024      Yes'].join('\n')
		expect(findDocumentDate(text, 'lab_report')).toBe('2024-10-08')
	})

	it('takes the exam date of imaging, the date of service of a visit and the issue date of an immunization record', () => {
		expect(findDocumentDate('DOB: 03/17/1968\nExam Date: 01/09/2025 10:14\nSigned: 01/10/2025', 'imaging')).toBe('2025-01-09')
		expect(findDocumentDate('Date of Service: 04/02/2025   Provider: X\nLDL 125 on 03/14/2025', 'clinical_notes')).toBe('2025-04-02')
		expect(findDocumentDate('Zoster 11/20/2019\nDate Issued:        02/11/2025', 'immunization')).toBe('2025-02-11')
	})

	it('falls back to the earliest date that is not a birth date', () => {
		expect(findDocumentDate('DOB 01/01/1950\nresults of 2025-03-02, reviewed 2025-03-05', 'lab_report')).toBe('2025-03-02')
		expect(findDocumentDate('nothing dated', 'other')).toBeNull()
	})

	it('gives no date to a page listing records, one field label printed with different dates', () => {
		const cards = 'Ordered:   Aug 10, 2024      Ordered:   Aug 01, 2024\nCompleted:   Aug 12, 2024    Completed:   Aug 03, 2024\nCompleted:  Jun 20, 2024'
		expect(findDocumentDate(cards, 'lab_report')).toBeNull()
		expect(findDocumentDate('Ordered: Aug 10, 2024\nCompleted: Aug 12, 2024\nCompleted: Aug 12, 2024', 'lab_report')).toBe('2024-08-10')
	})
})
