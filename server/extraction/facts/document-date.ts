import { editDistanceAtMost } from '#server/lab-vocabulary/edit-distance.ts'
import type { DocumentKind } from '../types.ts'
import { birthLabelsIn, endsWithBirthLabel } from './patient-identity.ts'

/**
 * Dates as reports print them, and the document date. The rules:
 * 1. a labelled date wins, by the kind's labels in order (lab reports:
 *    collection, then screening / service / sample dates, then the report
 *    date; imaging: exam date; visit notes: date of service; immunization
 *    records: date issued), in English and in the languages of the
 *    vocabulary (Chinese: 采样时间 / 送检日期 before 报告日期, dates
 *    written 2012年9月28日 too); a date under a column header counts as labelled;
 * 2. else the earliest date that is not a birth date, unless the page lists
 *    several records, one field label ('Completed:', 'Ordered:') printed with
 *    different dates: such a page has no single date (null);
 * 3. never a date in the future or before 1900, never a birth date: one
 *    printed after or under a birth label in a supported language
 *    (patient-identity.ts BIRTH_LABELS: 'DOB', 'Nasc.', 'Né(e) le', 'Doğum
 *    tarihi', 'Ngày sinh', ...), nor a date decades older than every other
 *    date of the page (a birth date whose label was not read), labelled or not;
 * 4. day-first or month-first from the document's own evidence: another
 *    numeric date whose first or second number is over 12, dots as
 *    separators, else the laboratory's country (phone prefix, postcode,
 *    language of the labels); a date that stays ambiguous (4/6/2021 with no
 *    evidence) is not guessed: the document gets no date and is reported as
 *    ambiguous, for the patient to give;
 * 5. a two-digit year is the latest year ending in those digits that is not
 *    in the future.
 * Dates are read as printed: numeric with slashes, dashes or dots (year first
 * too: '2024.02.13'), with spaces ('05 09 2020'), with month names and their
 * abbreviations in the supported languages ('13. Februar 2024', '1er mars
 * 2024', '13 de febrero de 2024', '13 Şubat 2024', '13 lutego 2024',
 * '2024. február 13.'), Chinese '2012年9月28日' and Vietnamese 'ngày 13 tháng
 * 02 năm 2024'.
 */

export type FoundDate = { iso: string; index: number; length: number; isAmbiguous?: boolean }

/** How the document writes numeric dates: day first (25/12/2024) or month first (12/25/2024). */
export type DateOrder = 'dmy' | 'mdy'

/**
 * Month names and their abbreviations in the supported languages, folded as foldMonth does (small
 * letters, no accents, Turkish ı as i, Polish ł as l): English, German, Dutch, French, Spanish,
 * Italian, Portuguese, Turkish, Polish (the genitive a date is written in too: '13 lutego 2024') and
 * Hungarian.
 */
const MONTH_WORDS: Array<[number, string[]]> = [
	[
		1,
		[
			'jan',
			'january',
			'januar',
			'janner',
			'januari',
			'janv',
			'janvier',
			'ene',
			'enero',
			'gen',
			'gennaio',
			'janeiro',
			'ocak',
			'oca',
			'sty',
			'styczen',
			'stycznia',
		],
	],
	[
		2,
		['feb', 'february', 'februar', 'februari', 'febr', 'fev', 'fevr', 'fevrier', 'febrero', 'febbraio', 'fevereiro', 'subat', 'sub', 'lut', 'luty', 'lutego'],
	],
	[3, ['mar', 'march', 'marz', 'mrz', 'maart', 'mrt', 'mars', 'marzo', 'marco', 'mart', 'marzec', 'marca', 'marc', 'marcius']],
	[4, ['apr', 'april', 'avr', 'avril', 'abr', 'abril', 'aprile', 'nisan', 'nis', 'kwi', 'kwiecien', 'kwietnia', 'aprilis']],
	[5, ['may', 'mai', 'mei', 'mayo', 'mag', 'maggio', 'maio', 'mayis', 'maj', 'maja', 'majus']],
	[6, ['jun', 'june', 'juni', 'juin', 'junio', 'giu', 'giugno', 'junho', 'haziran', 'haz', 'cze', 'czerwiec', 'czerwca', 'junius']],
	[7, ['jul', 'july', 'juli', 'juil', 'juillet', 'julio', 'lug', 'luglio', 'julho', 'temmuz', 'tem', 'lip', 'lipiec', 'lipca', 'julius']],
	[8, ['aug', 'august', 'augustus', 'aout', 'ago', 'agosto', 'agustos', 'agu', 'sie', 'sierpien', 'sierpnia', 'augusztus']],
	[
		9,
		[
			'sep',
			'sept',
			'september',
			'septembre',
			'septiembre',
			'set',
			'settembre',
			'setembro',
			'eylul',
			'eyl',
			'wrz',
			'wrzesien',
			'wrzesnia',
			'szept',
			'szeptember',
		],
	],
	[10, ['oct', 'october', 'okt', 'oktober', 'octobre', 'octubre', 'ott', 'ottobre', 'out', 'outubro', 'ekim', 'eki', 'paz', 'pazdziernik', 'pazdziernika']],
	[11, ['nov', 'november', 'novembre', 'noviembre', 'novembro', 'kasim', 'kas', 'lis', 'listopad', 'listopada']],
	[12, ['dec', 'december', 'decembre', 'dez', 'dezember', 'dic', 'diciembre', 'dicembre', 'dezembro', 'aralik', 'ara', 'gru', 'grudzien', 'grudnia']],
]
const MONTHS = new Map(MONTH_WORDS.flatMap(([month, words]) => words.map((word) => [word, month] as const)))

/** A word as the month table keeps it: small letters without accents ('Şubat' -> 'subat', 'Août' -> 'aout', 'KASIM' -> 'kasim'). */
function foldMonth(word: string): string {
	return word.replace(/[ıİ]/g, 'i').replace(/[łŁ]/g, 'l').normalize('NFKD').replace(/\p{M}/gu, '').toLowerCase()
}

/** The month a word names (a name or its abbreviation, in a supported language), or undefined. */
function monthOf(word: string): number | undefined {
	return MONTHS.get(foldMonth(word))
}

/** A word that may name a month: letters only, three to fourteen of them. */
const MONTH_WORD = String.raw`(\p{L}{3,14})`
/** What stands between a date's parts: spaces, a dash, a dot, a slash, a comma, and Spanish and Portuguese 'de'. */
const SEPARATOR = String.raw`(?:[\s\-./,]*(?:(?<![\p{L}])de[l]?\s+)?)`

const PATTERNS: Array<{ regex: RegExp; read: (m: RegExpExecArray) => [number, number, number] | null }> = [
	// 2025-02-03, 2025/02/03, 2025.02.03 (and Hungarian 2025.02.03.)
	{ regex: /(?<![\d])(\d{4})([-/.])(\d{1,2})\2(\d{1,2})(?![\d])/g, read: (m) => [Number(m[1]), Number(m[3]), Number(m[4])] },
	// 2012年9月28日, 2012 年 09 月 28 日 (Chinese and Japanese)
	{ regex: /(?<![\d])(\d{4})\s*年\s*(\d{1,2})\s*月\s*(\d{1,2})(?![\d])\s*日?/g, read: (m) => [Number(m[1]), Number(m[2]), Number(m[3])] },
	// ngày 13 tháng 02 năm 2024, 13 tháng 2, 2024 (Vietnamese)
	{ regex: /(?<![\d])(\d{1,2})\s*th[áa]ng\s*(\d{1,2})\s*(?:n[ăa]m|,)?\s*(\d{4})(?![\d])/giu, read: (m) => [Number(m[3]), Number(m[2]), Number(m[1])] },
	// 08 Oct 2024, 19-May-2025, 8 October, 2024, 13. Februar 2024, 1er mars 2024, 13 de febrero de 2024, 13 Şubat 2024, 13 lutego 2024
	{
		regex: new RegExp(String.raw`(?<![\p{L}\d])(\d{1,2})(?:st|nd|rd|th|er|º|°|\.)?${SEPARATOR}${MONTH_WORD}\.?${SEPARATOR}(\d{4})(?![\d])`, 'giu'),
		read: (m) => {
			const month = monthOf(m[2])
			return month ? [Number(m[3]), month, Number(m[1])] : null
		},
	},
	// January 22, 2025, Oct. 8 2024, May6,2023 (OCR may run the words together)
	{
		regex: new RegExp(String.raw`(?<![\p{L}])${MONTH_WORD}\.?\s*(\d{1,2})(?:st|nd|rd|th)?,?\s*(\d{4})(?![\d])`, 'giu'),
		read: (m) => {
			const month = monthOf(m[1])
			return month ? [Number(m[3]), month, Number(m[2])] : null
		},
	},
	// 2024. február 13., 2024 Feb 13, 2024-Feb-13 (Hungarian writes the year first)
	{
		regex: new RegExp(String.raw`(?<![\d])(\d{4})[\s\-./,]*${MONTH_WORD}\.?[\s\-./]*(\d{1,2})(?![\d])\.?`, 'giu'),
		read: (m) => {
			const month = monthOf(m[2])
			return month ? [Number(m[1]), month, Number(m[3])] : null
		},
	},
]

/** 03/14/2025, 3-14-2025, 14.03.2025 (dots: day first), 03/14/25 */
const NUMERIC_DATE = /(?<![\d/.-])(\d{1,2})([/.-])(\d{1,2})\2(\d{4}|\d{2})(?![\d])/g
/**
 * '05 09 2020': a date printed with spaces, its day and month of two digits each and a four-digit
 * year, not inside a longer run of numbers (a row of values); a time may follow it.
 */
const SPACED_DATE = /(?<![\d.,]\s?)(?<![\d])(\d{2})( )(\d{2}) ((?:19|20)\d{2})(?![\d]|[.,]\d|\s\d{1,3}(?![\d:.h]))/g

/** A two-digit year: the latest year ending in those digits that is not in the future. */
export function fullYear(twoDigits: number, today = new Date()): number {
	const current = today.getUTCFullYear()
	const year = Math.floor(current / 100) * 100 + twoDigits
	return year > current ? year - 100 : year
}

function readNumericDate(m: RegExpExecArray, order: DateOrder): { parts: [number, number, number]; isAmbiguous: boolean } {
	const a = Number(m[1])
	const b = Number(m[3])
	const year = m[4].length === 2 ? fullYear(Number(m[4])) : Number(m[4])
	if (m[2] === '.' || a > 12) return { parts: [year, b, a], isAmbiguous: false }
	if (b > 12) return { parts: [year, a, b], isAmbiguous: false }
	const isAmbiguous = a !== b
	return order === 'dmy' ? { parts: [year, b, a], isAmbiguous } : { parts: [year, a, b], isAmbiguous }
}

/** Day-first evidence beyond the dates: phone prefixes, postcodes and words of countries that write day first. */
const DAY_FIRST_COUNTRY =
	/\+(?:44|91|33|49|34|39|55|90|61|64|27|971|92|880|94|234|254|351|41|43|31|32|48|30|353|84|98|20|62|60|63|966)[\s\d(.-]|\b(?:india|united kingdom|england|scotland|wales|australia|new zealand|nhs|nabl|germany|deutschland|france|españa|spain|italia|italy|brasil|brazil|portugal|türkiye|turkey|polska|poland|vietnam|việt nam|pakistan|iran)\b|\b[A-Z]{1,2}\d[A-Z\d]? \d[A-Z]{2}\b|\b(?:india|pune|mumbai|delhi|kolkata|chennai|bangalore|bengaluru|hyderabad)\b[^\n\d]{0,20}\b\d{3}\s?\d{3}\b|\b\d{3}\s?\d{3}\b(?=[^\n]*\b(?:india|pune|mumbai|delhi|kolkata|chennai|bangalore|bengaluru|hyderabad)\b)/i
/** Month-first evidence: a US phone number or a US state with its ZIP code. */
const MONTH_FIRST_COUNTRY = /\(\d{3}\)\s?\d{3}-\d{4}|\b[A-Z]{2} \d{5}(?:-\d{4})?\b|\bunited states\b|\busa\b/
/** Labels in the languages that write dates day first. */
const DAY_FIRST_WORDS =
	/(?<![\p{L}])(?:datum|geburtsdatum|befund|date de|prélèvement|prelevement|fecha|data d[aei]|prelievo|coleta|tarih|tarihi|sonuç|sonuc|untersuchung|ergebnis|résultat|resultado|risultato|recepción|finalización|wynik|badanie|data pobrania|data urodzenia|ngày|xét nghiệm|kết quả|uitslag\p{L}*|afname\p{L}*|geboortedatum)(?![\p{L}])/iu

/** How the document writes numeric dates, from its own evidence; null when nothing tells. */
export function dateOrderOf(text: string): DateOrder | null {
	let dayFirst = 0
	let monthFirst = 0
	NUMERIC_DATE.lastIndex = 0
	for (let m = NUMERIC_DATE.exec(text); m; m = NUMERIC_DATE.exec(text)) {
		if (m[2] === '.') continue
		if (Number(m[1]) > 12 && Number(m[3]) <= 12) dayFirst++
		else if (Number(m[3]) > 12 && Number(m[1]) <= 12) monthFirst++
	}
	if (dayFirst !== monthFirst) return dayFirst > monthFirst ? 'dmy' : 'mdy'
	if (DAY_FIRST_COUNTRY.test(text) || DAY_FIRST_WORDS.test(text)) return 'dmy'
	if (MONTH_FIRST_COUNTRY.test(text)) return 'mdy'
	return null
}

function isValidDate(year: number, month: number, day: number): boolean {
	if (!Number.isInteger(year) || year < 1900 || year > 2100) return false
	if (!month || month < 1 || month > 12 || day < 1) return false
	const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate()
	return day <= daysInMonth
}

function toIso(year: number, month: number, day: number): string {
	return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`
}

/**
 * A numeric date OCR printed with spaces after its slashes ('05/ 23/ 2025'), or with a slash
 * misread before a four-digit year ('09/ 24) 2024', '05) 22) 2025'), closed up; the spaces moved
 * behind it so that every other offset in the text stays where it was.
 */
function closeSpacedDates(text: string): string {
	return text.replace(
		/(?<![\d/])(\d{1,2})([/)|\]])( ?)(\d{1,2})([/)|\]])( ?)(\d{4}|\d{2})(?!\d)/g,
		(whole: string, month: string, slash1: string, space: string, day: string, slash: string, space2: string, year: string) => {
			if (!space && !space2 && slash1 === '/' && slash === '/') return whole
			// a slash OCR read as ')', '|' or ']' ('05) 22) 2025'): only in a date with its four-digit year
			if ((slash1 !== '/' || slash !== '/') && year.length !== 4) return whole
			// the first separator misread too: only where the date is spaced as printed dates are ('05) 22) 2025')
			if (slash1 !== '/' && !space) return whole
			const compact = `${month}/${day}/${year}`
			return compact + ' '.repeat(whole.length - compact.length)
		},
	)
}

/** Every date printed in the text, in reading order; numeric dates read in the given order (default month first). */
export function findDates(input: string, order: DateOrder = 'mdy'): FoundDate[] {
	const text = closeSpacedDates(input)
	const found: FoundDate[] = []
	const push = (m: RegExpExecArray, parts: [number, number, number] | null, isAmbiguous = false) => {
		if (!parts || !isValidDate(...parts)) return
		const overlaps = found.some((d) => m.index < d.index + d.length && d.index < m.index + m[0].length)
		if (!overlaps) found.push({ iso: toIso(...parts), index: m.index, length: m[0].length, ...(isAmbiguous ? { isAmbiguous } : {}) })
	}
	for (const { regex, read } of PATTERNS) {
		regex.lastIndex = 0
		for (let m = regex.exec(text); m; m = regex.exec(text)) push(m, read(m))
	}
	for (const regex of [NUMERIC_DATE, SPACED_DATE]) {
		regex.lastIndex = 0
		for (let m = regex.exec(text); m; m = regex.exec(text)) {
			const { parts, isAmbiguous } = readNumericDate(m, order)
			push(m, parts, isAmbiguous)
		}
	}
	return found.sort((a, b) => a.index - b.index)
}

/** The first date in a text as YYYY-MM-DD, or null. */
export function parseDate(text: string): string | null {
	return findDates(text)[0]?.iso ?? null
}

/** DICOM DA values: 'YYYYMMDD' (also tolerates 'YYYY.MM.DD'). */
export function parseDicomDate(value: string | null | undefined): string | null {
	const digits = (value ?? '').replace(/[^0-9]/g, '')
	if (digits.length !== 8) return null
	const year = Number(digits.slice(0, 4))
	const month = Number(digits.slice(4, 6))
	const day = Number(digits.slice(6, 8))
	return isValidDate(year, month, day) ? toIso(year, month, day) : null
}

/** Collection dates in the vocabulary's languages. */
const COLLECTION_LABELS = [
	'entnahmedatum',
	'entnahme',
	'abnahmedatum',
	'abnahme',
	'probenentnahme',
	'date de prélèvement',
	'date du prélèvement',
	'prélevé le',
	'prélèvement',
	'fecha de toma',
	'fecha de extracción',
	'fecha de recolección',
	'fecha de muestra',
	'data prelievo',
	'data del prelievo',
	'data di prelievo',
	'data da coleta',
	'data de coleta',
	'data coleta',
	'numune alma tarihi',
	'numune tarihi',
	'numune kabul tarihi',
	'örnek alma tarihi',
	'örnek alma tar',
	'ornek alma tar',
	'mintavétel ideje',
	'mintavétel dátuma',
	'mintavétel',
	'levétel ideje',
	'ngày lấy mẫu',
	'thời gian lấy mẫu',
	'ngày nhận mẫu',
	'afnamedatum',
	'afname',
	'تاریخ نمونه گیری',
	'تاریخ نمونه‌گیری',
	'fecha de recepción',
	'recepción',
	'data pobrania',
	'pobrano',
	'sample coll',
	'sample collected',
	'sample collection',
	'sample drawn',
	'registered on',
	'采样时间',
	'采样日期',
	'采集时间',
	'采集日期',
	'采血时间',
	'采血日期',
	'送检日期',
	'送检时间',
	'检验日期',
	'收样时间',
	'接收时间',
]
/** Report dates, the fallback label of a lab report. */
const REPORT_LABELS = [
	'date reported',
	'report date',
	'reported on',
	'reported',
	'date of report',
	'befunddatum',
	'befund vom',
	'date du compte rendu',
	'édité le',
	'fecha de informe',
	'fecha del informe',
	'data referto',
	'data do laudo',
	'data da emissão',
	'rapor tarihi',
	'finalización',
	'data wydania',
	'onay tarihi',
	'sonuç tarihi',
	'lelet kelte',
	'ngày trả kết quả',
	'uitslagdatum',
	'تاریخ جواب',
	'报告日期',
	'报告时间',
	'date',
]

const LABELS: Record<DocumentKind, string[]> = {
	lab_report: [
		'date collected',
		'collection date',
		'date of collection',
		'specimen collected',
		'collected on',
		'collected',
		'collection',
		...COLLECTION_LABELS,
		'screening date',
		'date drawn',
		'drawn',
		'specimen date',
		'sample date',
		'date of service',
		...REPORT_LABELS,
	],
	imaging: ['exam date', 'date of exam', 'examination date', 'study date', 'date of study', 'date of service', 'exam performed', 'performed'],
	clinical_notes: ['date of service', 'service date', 'visit date', 'date of visit', 'encounter date', 'dos'],
	immunization: ['date issued', 'issue date', 'issued on', 'issued', 'date printed', 'printed on', 'as of'],
	other: ['date of service', 'collection date', 'date collected', 'exam date', 'date issued', 'date'],
}

/** A column header of dates, in the supported languages ('Date', 'Datum', 'Fecha', 'Tarih', 'DOB', '日期'). */
const DATE_HEADER = /(?<![\p{L}])(?:date|datum|fecha|data|tarihi?|d[áa]tum|ng[àa]y|dob|d\.o\.b)(?![\p{L}])|日期|时间/giu

/** The text before a date on its line, from the end of the date before it: where its label is. */
function leadOf(line: string, date: FoundDate, dates: FoundDate[]): string {
	const previous = dates.filter((other) => other.index + other.length <= date.index).at(-1)
	const start = Math.max(previous ? previous.index + previous.length : 0, date.index - 45)
	return line.slice(start, date.index)
}

/** Whether a date of the line is printed after a birth-date label (in any supported language). */
function isAfterBirthLabel(line: string, date: FoundDate, dates: FoundDate[]): boolean {
	return endsWithBirthLabel(leadOf(line, date, dates))
}

function escapeRegex(text: string): string {
	return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

/** A date that follows the label on the same line ('Collected: 2025-02-03'), not a birth date ('Date of birth: …' for the label 'date'). */
function dateAfterLabel(line: string, label: string, order: DateOrder): FoundDate | null {
	const regex = new RegExp(String.raw`(?<![a-z])${escapeRegex(label)}(?![a-z])[^:\n\d]{0,12}\s*[:#.\-]?\s*`, 'gi')
	for (let m = regex.exec(line); m; m = regex.exec(line)) {
		const start = m.index + m[0].length
		const date = findDates(line.slice(start, start + 40), order)[0]
		if (!date || date.index > 3 || !isPossibleDocumentDate(date.iso)) continue
		if (endsWithBirthLabel(line.slice(Math.max(0, m.index - 20), start + date.index))) continue
		return date
	}
	return null
}

/** No document is dated in the future or before 1900. */
export function isPossibleDocumentDate(iso: string, today = new Date()): boolean {
	return iso >= '1900-01-01' && iso <= today.toISOString().slice(0, 10)
}

/**
 * A date under a column header ('SCREENING DATE' over a row of values): the
 * n-th date of the next line that has dates, n being the number of date
 * columns before it in the header.
 */
function dateUnderHeader(lines: string[], lineIndex: number, label: string, order: DateOrder): FoundDate | null {
	const header = lines[lineIndex]
	const position = header.toLowerCase().indexOf(label)
	if (position < 0) return null
	// a field's label ('Collected:' with a value OCR left unreadable) heads no column
	if (/^\s*:/.test(header.slice(position + label.length))) return null
	// the date columns before this one: in the header before the label's column (a column's own words,
	// 'Date and Time Collected', are one column), a column starting after a gap of two spaces or more
	const columnStart = header.slice(0, position).search(/\s{2,}(?:(?!\s{2,})[^])*$/)
	const before = columnStart < 0 ? 0 : (header.slice(0, columnStart).match(DATE_HEADER)?.length ?? 0)
	for (let next = lineIndex + 1; next < Math.min(lines.length, lineIndex + 4); next++) {
		const dates = findDates(lines[next], order)
		if (dates.length === 0) continue
		const date = dates[before]
		// a birth date on the line below is the patient's, under no column of the report's dates
		if (date && isAfterBirthLabel(lines[next], date, dates)) return null
		return date && isPossibleDocumentDate(date.iso) ? date : null
	}
	return null
}

/**
 * The dates printed under a birth-date column header ('Age   Date of Birth   Sex' over '45   01/23/1980   M'):
 * on the first of the next three lines with dates, the date that starts nearest the label (within
 * twenty characters), keyed by line and position.
 */
function datesUnderBirthHeaders(lines: string[], order: DateOrder): Set<string> {
	const under = new Set<string>()
	for (let i = 0; i < lines.length; i++) {
		const header = lines[i]
		if (findDates(header, order).length > 0) continue
		for (const { index } of birthLabelsIn(header)) {
			for (let next = i + 1; next < Math.min(lines.length, i + 4); next++) {
				const dates = findDates(lines[next], order)
				if (dates.length === 0) continue
				const nearest = [...dates].sort((a, b) => Math.abs(a.index - index) - Math.abs(b.index - index))[0]
				if (Math.abs(nearest.index - index) <= 20) under.add(`${next}:${nearest.index}`)
				break
			}
		}
	}
	return under
}

/** The dates of the text that are not birth dates (after a birth label, or under one) nor impossible. */
export function findNonBirthDates(lines: string[], order: DateOrder = 'mdy'): FoundDate[] {
	const dates: FoundDate[] = []
	const underBirthHeaders = datesUnderBirthHeaders(lines, order)
	for (let i = 0; i < lines.length; i++) {
		const line = lines[i]
		const found = findDates(line, order)
		for (const date of found) {
			if (isAfterBirthLabel(line, date, found) || underBirthHeaders.has(`${i}:${date.index}`) || !isPossibleDocumentDate(date.iso)) continue
			dates.push(date)
		}
	}
	return dates
}

/** Years between two dates, roughly. */
function yearsBetween(earlier: string, later: string): number {
	return (Date.parse(later) - Date.parse(earlier)) / (365.25 * 24 * 3600 * 1000)
}

/**
 * A gap this long between a date and every later date of the page: the date is no date of the test
 * (a birth date whose label is not read, a founding year), decades before the report.
 */
const DECADES_OLDER_YEARS = 15

/** Whether a date is decades older than every other date of the page (and there are others). */
function isDecadesOlder(iso: string, dates: FoundDate[]): boolean {
	const later = dates.filter((date) => date.iso > iso)
	return later.length > 0 && later.every((date) => yearsBetween(iso, date.iso) >= DECADES_OLDER_YEARS)
}

/** A field label and its date ('Completed:   Aug 12, 2024'). */
const FIELD_DATE = /(?<![\p{L}])(\p{L}[\p{L} ]{2,24}?)\s*:\s*(?=\S)/gu

/** Whether one field label is printed with different dates: a list of records, each with its own date. */
function isListOfRecords(lines: string[], order: DateOrder): boolean {
	const datesByLabel = new Map<string, Set<string>>()
	for (const line of lines) {
		for (const m of line.matchAll(FIELD_DATE)) {
			const date = findDates(line.slice(m.index + m[0].length, m.index + m[0].length + 20), order)[0]
			if (date?.index !== 0) continue
			const label = m[1].trim().toLowerCase()
			const dates = datesByLabel.get(label) ?? new Set<string>()
			dates.add(date.iso)
			datesByLabel.set(label, dates)
		}
	}
	return [...datesByLabel.values()].some((dates) => dates.size > 1)
}

/** choices: the two readings of a date whose day and month could be either way round (iso is then null) */
export type DocumentDate = { iso: string | null; choices: string[] }

/** The date with its day and month swapped ('2025-04-06' -> '2025-06-04'). */
function swappedDayAndMonth(iso: string): string {
	const [year, month, day] = iso.split('-')
	return `${year}-${day}-${month}`
}

/** The date labels of every kind, written without spaces, each with its spelling: those of eight letters or more. */
const LONG_LABELS = new Map(
	Object.values(LABELS)
		.flat()
		.map((label) => [label.replace(/\s+/g, ''), label] as const)
		.filter(([key]) => key.length >= 8 && /^[a-zà-ÿ.]+$/.test(key)),
)

/**
 * Up to three words right before a colon, each starting at a word's start; a label's letters may be
 * read as marks ('Col{ected', 'Co!lected'). Words are split only at a space and start only after a
 * non-letter, so a long run of letters is read once (a pattern that could split a word anywhere
 * took 5 s on a 400-letter run).
 */
const LABEL_BEFORE_COLON = /(?<![\p{L}{}[\]|!])\p{L}[\p{L}{}[\]|!]*(?: \p{L}[\p{L}{}[\]|!]*){0,2}(?=\s*:)/gu

/**
 * A line whose field labels OCR misread by one letter, mark or space ('Col fected:', 'Col{ected:',
 * 'Rep orted:') with the labels spelled as known. Only a label of eight letters or more, right
 * before a colon and within one edit of a known one (spaces aside), is changed: a shorter word is
 * too easily another.
 */
export function withDateLabelsRepaired(line: string): string {
	return line.replace(LABEL_BEFORE_COLON, (words: string) => {
		const parts = words.split(' ')
		for (let count = Math.min(3, parts.length); count >= 1; count--) {
			const candidate = parts.slice(-count).join(' ')
			const key = candidate.toLowerCase().replace(/\s+/g, '')
			if (key.length < 7) continue
			const label = LONG_LABELS.get(key) ?? [...LONG_LABELS].find(([known]) => editDistanceAtMost(key, known, 1) <= 1)?.[1]
			if (label === undefined) continue
			if (candidate.toLowerCase() === label) return words
			return [...parts.slice(0, -count), label].join(' ')
		}
		return words
	})
}

/** The document's date by the rules above, and whether its day and month could be the other way round. */
export function findDocumentDateWithEvidence(text: string, kind: DocumentKind, today = new Date().toISOString().slice(0, 10)): DocumentDate {
	const lines = text.split('\n').map(withDateLabelsRepaired)
	const evidence = dateOrderOf(text)
	const order = evidence ?? 'mdy'
	// a day and month that could be either way round, with nothing in the document to tell: not guessed,
	// unless one of the two readings is still to come (a report is not dated in the future)
	const answer = (date: FoundDate): DocumentDate => {
		if (evidence !== null || date.isAmbiguous !== true) return { iso: date.iso, choices: [] }
		const readings = [date.iso, swappedDayAndMonth(date.iso)].filter((iso) => iso <= today).sort()
		return readings.length === 1 ? { iso: readings[0], choices: [] } : { iso: null, choices: readings }
	}
	const dates = findNonBirthDates(lines, order)
	const lowerLines = lines.map((line) => line.toLowerCase())
	for (const label of LABELS[kind]) {
		const labelled = new RegExp(String.raw`(?<![a-z])${escapeRegex(label)}(?![a-z])`)
		for (let i = 0; i < lines.length; i++) {
			if (!lowerLines[i].includes(label) || !labelled.test(lowerLines[i])) continue
			const date = dateAfterLabel(lines[i], label, order) ?? dateUnderHeader(lines, i, label, order)
			// a labelled date decades older than the page's other dates is a birth date whose label was not read
			if (date && !isDecadesOlder(date.iso, dates)) return answer(date)
		}
	}
	const current = dates.filter((date) => !isDecadesOlder(date.iso, dates))
	if (current.length === 0 || isListOfRecords(lines, order)) return { iso: null, choices: [] }
	return answer([...current].sort((a, b) => a.iso.localeCompare(b.iso))[0])
}

/** The document's date as YYYY-MM-DD, or null (see findDocumentDateWithEvidence). */
export function findDocumentDate(text: string, kind: DocumentKind): string | null {
	return findDocumentDateWithEvidence(text, kind).iso
}
