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

describe('dates printed with dots, spaces and month names in the supported languages', () => {
	it.each([
		['Tarih: 2024.02.13', '2024-02-13'],
		['Mintavétel: 2024.02.13. 08:15', '2024-02-13'],
		['Entnahme 13. Februar 2024', '2024-02-13'],
		['Befund vom 3. Mär. 2023', '2023-03-03'],
		['Prélevé le 1er mars 2024', '2024-03-01'],
		['Édité le 12 août 2023', '2023-08-12'],
		['Fecha: 13 de febrero de 2024', '2024-02-13'],
		['Data prelievo 7 giugno 2022', '2022-06-07'],
		['Data da coleta: 5 de outubro de 2021', '2021-10-05'],
		['Coleta 3-ago-2020', '2020-08-03'],
		['Numune Alma Tarihi: 13 Şubat 2024', '2024-02-13'],
		['ONAY TARİHİ 2 KASIM 2021', '2021-11-02'],
		['Data pobrania: 13 lutego 2024', '2024-02-13'],
		['Wydano 30 października 2023 r.', '2023-10-30'],
		['Mintavétel ideje: 2024. február 13.', '2024-02-13'],
		['Kelt: 2023. szept. 4.', '2023-09-04'],
		['Ngày lấy mẫu: ngày 13 tháng 02 năm 2024', '2024-02-13'],
		['Afnamedatum 12 mei 2022', '2022-05-12'],
		['Eingang: 14 März 2024', '2024-03-14'],
	])('reads %j', (text, iso) => {
		expect(parseDate(text)).toBe(iso)
	})

	it('reads a date printed with spaces only with two-digit day and month, not inside a run of numbers', () => {
		expect(findDates('05 09 2020', 'dmy').map((date) => date.iso)).toEqual(['2020-09-05'])
		expect(findDates('05 09 2020', 'mdy').map((date) => date.iso)).toEqual(['2020-05-09'])
		expect(findDocumentDate('Fecha de toma 05 09 2020 10:22', 'lab_report')).toBe('2020-09-05')
		expect(findDates('Tel 0212 12 05 09 2020')).toEqual([])
		expect(findDates('5 9 2020')).toEqual([])
		expect(findDates('05 09 2020 7 8')).toEqual([])
	})

	it('reads no date from a word that is no month', () => {
		expect(findDates('12 tablets 2020')).toEqual([])
		expect(findDates('3 out of 2024 samples')).toEqual([])
	})
})

describe('a birth date is never the document date', () => {
	// the birth date 1979-03-12 printed under the label, the collection on 2024-06-05: no collection label the
	// kind reads, so only the birth label can keep the older date out
	it.each([
		'DOB: 12/03/1979',
		'D.O.B.: 12/03/1979',
		'D.O.B 12/03/1979',
		'Date of birth: 12/03/1979',
		'Birth Date 12/03/1979',
		'Geburtsdatum: 12.03.1979',
		'Geb.-Datum: 12.03.1979',
		'geb. 12.03.1979',
		'Né(e) le : 12/03/1979',
		'Née le 12/03/1979',
		'Date de naissance : 12/03/1979',
		'DDN: 12/03/1979',
		'Fecha de nacimiento: 12/03/1979',
		'F. Nac.: 12/03/1979',
		'Fecha Nac. 12/03/1979',
		'Data di nascita: 12/03/1979',
		'Nato il 12/03/1979',
		'Data de nascimento: 12/03/1979',
		'Dt. Nasc.: 12/03/1979',
		'Nasc.: 12/03/1979',
		'Doğum tarihi: 12.03.1979',
		'DOĞUM TARİHİ : 12.03.1979',
		'D.Tarihi: 12.03.1979',
		'Data urodzenia: 12.03.1979',
		'Data ur. 12.03.1979',
		'Születési dátum: 1979.03.12.',
		'Szül. idő: 1979. március 12.',
		'Ngày sinh: 12/03/1979',
		'Geboortedatum: 12-03-1979',
		'出生日期：1979-03-12',
		'Date of Birth / Age: 12/03/1979 (45 Y)',
	])('%j', (birth) => {
		const text = ['LABORATORY REPORT', `Patient: A. Person    ${birth}`, 'Glucose  92 mg/dL   70-99', 'Printed 2024-06-05 14:02'].join('\n')
		expect(findDocumentDate(text, 'lab_report')).toBe('2024-06-05')
	})

	it('keeps a date out whose column header is a birth label, in any supported language', () => {
		const text = ['Hasta Adı      Doğum Tarihi      Numune Tarihi', 'A. Kişi        12.03.1979        05.06.2024'].join('\n')
		expect(findDocumentDate(text, 'other')).toBe('2024-06-05')
		const labcorp = [
			'Age (Y/M/D)   Date of Birth   Sex',
			'45 Y          03/12/1979      F',
			'Date and Time Collected    Date Entered',
			'06/05/2024 08:10    06/18/2024',
		].join('\n')
		expect(findDocumentDate(labcorp, 'lab_report')).toBe('2024-06-05')
	})

	it("takes the collection date under its own column when another column's label holds the word 'date'", () => {
		const text = ['Date and Time Collected        Date Entered          Date and Time Reported', '07/14/16 00:00    07/15/16     07/16/16 09:00'].join('\n')
		expect(findDocumentDate(text, 'lab_report')).toBe('2016-07-14')
		const second = ['Date Reported        Date and Time Collected', '07/16/16 09:00       07/14/16 00:00'].join('\n')
		expect(findDocumentDate(second, 'lab_report')).toBe('2016-07-14')
	})

	it('never takes a date decades older than every other date of the page, labelled or not', () => {
		// a birth date whose label OCR lost ('Ⅾ0B'), or a label in a language not listed
		expect(findDocumentDate('Ⅾ0B 17.04.1958\nBefund 12.02.2024\nFreigabe 13.02.2024', 'lab_report')).toBe('2024-02-12')
		expect(findDocumentDate('Date: 17/04/1958\nGlucose 92 mg/dL\nReported: 12/02/2024', 'lab_report')).toBe('2024-02-12')
		// a page with one date keeps it, however old: a report from 1999 is a report from 1999
		expect(findDocumentDate('Collected: 12/20/1999\nGlucose 92 mg/dL', 'lab_report')).toBe('1999-12-20')
		// dates a few years apart on a cumulative report are all the test's: the earliest is kept
		expect(findDocumentDate('Results of 2019-03-02, 2021-05-04, 2024-07-06', 'lab_report')).toBe('2019-03-02')
	})

	it("reads day first from an Indian page's phone number written with dashes and its city before the postcode", () => {
		expect(findDocumentDateWithEvidence('Customer care Tel No. +91-11-39885050\nCollected : 4/6/2021 11:18:00AM', 'lab_report').iso).toBe('2021-06-04')
		expect(findDocumentDateWithEvidence('SECTOR - 18, ROHINI\nDELHI 110085\nCollected : 4/6/2021', 'lab_report').iso).toBe('2021-06-04')
	})
})

describe('findDocumentDate on pages of the supported languages: the test date, never the birth date', () => {
	it.each([
		['pt', 'Paciente: Maria Souza   Nasc.: 12/03/1979\nHemácias......: 4,35 milhões/mm3\nData da coleta: 05/06/2024', '2024-06-05'],
		['fr', 'Patiente : M. Dupont   Né(e) le : 12/03/1979\nPrélevé le 5 juin 2024 à 08h10\nHémoglobine 13,2 g/dL', '2024-06-05'],
		['es', 'Paciente: Ana Ruiz   Fecha de nacimiento: 12/03/1979\nFecha de toma: 05/06/2024\nGlucosa 92 mg/dL', '2024-06-05'],
		['tr', 'Hasta: A. Kaya   Doğum Tarihi: 12.03.1979\nNumune Alma Tarihi: 05.06.2024 08:10\nHemoglobin 13,8 g/dL', '2024-06-05'],
		['vi', 'Họ tên: Nguyễn Văn A   Ngày sinh: 12/03/1979\nNgày lấy mẫu: 05/06/2024\nGlucose 5,1 mmol/L', '2024-06-05'],
		['hu', 'Név: Kovács Anna   Születési dátum: 1979.03.12.\nMintavétel: 2024.06.05. 08:10\nGlükóz 5,1 mmol/L', '2024-06-05'],
		['pl', 'Pacjent: Jan Nowak   Data urodzenia: 12.03.1979\nData pobrania: 5 czerwca 2024\nGlukoza 92 mg/dl', '2024-06-05'],
		['de', 'Patient: Max Muster   Geb.-Datum: 12.03.1979\nEingang: 5. Juni 2024\nGlucose 92 mg/dl', '2024-06-05'],
		['it', 'Paziente: Rossi Mario   Nato il 12/03/1979\nData prelievo: 05/06/2024\nGlicemia 92 mg/dL', '2024-06-05'],
		['en, label lost by OCR', 'Name: J. Doe   D0B 03/12/1979\nGlucose 92 mg/dL\nReported 06/18/2024 14:02', '2024-06-18'],
	])('%s', (_, text, iso) => {
		expect(findDocumentDate(text, 'lab_report')).toBe(iso)
	})
})

describe('collection labels of the supported languages', () => {
	it.each([
		['Örnek İstek Tar. : 09.07.2018 23:10\nÖrnek Alma Tar. : 10.07.2018 03:50\nOnay Tarihi : 11.07.2018', '2018-07-10'],
		['Lelet kelte: 2024.06.07.\nMintavétel ideje: 2024.06.05. 08:10', '2024-06-05'],
		['Ngày trả kết quả: 07/06/2024\nNgày lấy mẫu: 05/06/2024', '2024-06-05'],
		['Uitslagdatum: 07-06-2024\nAfnamedatum: 05-06-2024', '2024-06-05'],
	])('%j', (text, iso) => {
		expect(findDocumentDate(text, 'lab_report')).toBe(iso)
	})
})
