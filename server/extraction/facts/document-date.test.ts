import { describe, expect, it } from 'vitest'
import { findDates, findDocumentDate, findDocumentDateWithEvidence, parseDate, parseDicomDate, withDateLabelsRepaired } from './document-date.ts'

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

	it('reads a spaced date whose both slashes OCR misread, only with its four-digit year', () => {
		expect(findDates('Test   02) 11) 2023   06| 14) 2024   Units').map((date) => date.iso)).toEqual(['2023-02-11', '2024-06-14'])
		// unspaced, or with a two-digit year: a count or a list, not a date
		expect(findDates('1)2)2023  4) 5) 23').map((date) => date.iso)).toEqual([])
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

	it('reads a month name run into its day by OCR, and never takes the birth date under a field label whose value it could not read', () => {
		expect(findDocumentDate('Patient: A. Test    Collected:May6,2023', 'lab_report')).toBe('2023-05-06')
		const unreadable = ['Patient: A. Test    Collected: 0S/O6', 'Date of Birth: Jun 7, 1942    Reported: May 7, 2023'].join('\n')
		expect(findDocumentDate(unreadable, 'lab_report')).toBe('2023-05-07')
		// a column header's date under it is still read, a birth date there is not
		expect(findDocumentDate(['Collected        Reported', 'DOB 06/07/1942'].join('\n'), 'lab_report')).toBeNull()
	})

	it('reads a label OCR misread by a letter, a mark or a space, and leaves short or unknown labels alone', () => {
		const header = (collected: string) => [`Patient: A. Test      ${collected}  11/16/2024`, 'Date of Birth: 07/14/1967      Reported:  11/17/2024'].join('\n')
		expect(findDocumentDate(header('Collected:'), 'lab_report')).toBe('2024-11-16')
		for (const misread of ['Col fected:', 'Col{ected:', 'Co!lected:', 'Coll ected:']) expect(findDocumentDate(header(misread), 'lab_report')).toBe('2024-11-16')
		expect(withDateLabelsRepaired('Sample Col lected: 12/01/2024')).toBe('sample collected: 12/01/2024')
		expect(withDateLabelsRepaired('Patient Name: Jane Roe')).toBe('Patient Name: Jane Roe')
		expect(withDateLabelsRepaired('Collection: blood')).toBe('Collection: blood')
		// two edits from any label: not repaired
		expect(withDateLabelsRepaired('Corrected: 11/20/2024')).toBe('Corrected: 11/20/2024')
		// a run-on line of letters (a text layer without spaces) is read once, not split every way
		expect(withDateLabelsRepaired(`${'a'.repeat(100_000)} Col fected: 11/16/2024`)).toBe(`${'a'.repeat(100_000)} collected: 11/16/2024`)
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

describe('findDocumentDateWithEvidence: day first or month first from the document itself', () => {
	it('reads day first when another date of the document has a day over 12', () => {
		expect(findDocumentDateWithEvidence('Collected: 04/06/2025\nReported: 15/06/2025', 'lab_report')).toEqual({ iso: '2025-06-04', choices: [] })
		expect(findDocumentDateWithEvidence('Collected: 04/06/2025\nReported: 06/15/2025', 'lab_report')).toEqual({ iso: '2025-04-06', choices: [] })
	})

	it("reads day first or month first from the laboratory's country: phone number, address", () => {
		expect(findDocumentDateWithEvidence('Diagnostyka, tel. +48 12 295 01 00\nData pobrania: 04/06/2025', 'lab_report')).toEqual({
			iso: '2025-06-04',
			choices: [],
		})
		expect(findDocumentDateWithEvidence('Labcorp, 531 South Spring Street, Burlington, NC 27215\nCollected: 04/06/2025', 'lab_report')).toEqual({
			iso: '2025-04-06',
			choices: [],
		})
		expect(findDocumentDateWithEvidence('City Hospital, Lahore, Pakistan +92 42 1234567\nDate: 04/06/2025', 'lab_report').iso).toBe('2025-06-04')
	})

	it("reads day first from the labels' language, and skips a birth date labelled in Spanish", () => {
		expect(findDocumentDateWithEvidence('Fecha nacimiento: 01/01/1980 Sexo: M\nRecepción: 04/06/25 Finalización: 05/06/25', 'lab_report')).toEqual({
			iso: '2025-06-04',
			choices: [],
		})
	})

	it('leaves a date that stays ambiguous unset, to be asked, instead of guessing', () => {
		expect(findDocumentDateWithEvidence('Collected: 04/06/2025\nGlucose 92 mg/dL', 'lab_report', '2026-01-01')).toEqual({
			iso: null,
			choices: ['2025-04-06', '2025-06-04'],
		})
		// one reading still to come: the other
		expect(findDocumentDateWithEvidence('Collected: 11/03/2026\nGlucose 92 mg/dL', 'lab_report', '2026-04-01')).toEqual({ iso: '2026-03-11', choices: [] })
		// the same day either way is no ambiguity
		expect(findDocumentDateWithEvidence('Collected: 04/04/2025', 'lab_report')).toEqual({ iso: '2025-04-04', choices: [] })
	})
})

describe('findDocumentDate on Chinese reports', () => {
	it('reads dates written with 年 月 日 and with slashes', () => {
		expect(parseDate('送检日期：2019年3月5日')).toBe('2019-03-05')
		expect(parseDate('报告时间 2021 年 11 月 02 日 09:14')).toBe('2021-11-02')
		expect(parseDate('2018/7/9 10:20')).toBe('2018-07-09')
	})

	it('prefers the sampling or submission date to the report date, by its label', () => {
		const text = ['姓名: ***   性别: 女   年龄: 52岁', '采样时间: 2020-06-14 07:45      报告日期: 2020-06-15 16:02'].join('\n')
		expect(findDocumentDate(text, 'lab_report')).toBe('2020-06-14')
		const report = ['项目   结果   参考值', '报告日期：2016/10/8 11:30   审核者: ***'].join('\n')
		expect(findDocumentDate(report, 'lab_report')).toBe('2016-10-08')
	})
})
