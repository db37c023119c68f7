import { editDistanceAtMost } from '#server/lab-vocabulary/edit-distance.ts'
import type { DocumentKind } from '../types.ts'

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
 * 3. never a date in the future or before 1900;
 * 4. day-first or month-first from the document's own evidence: another
 *    numeric date whose first or second number is over 12, dots as
 *    separators, else the laboratory's country (phone prefix, postcode,
 *    language of the labels); a date that stays ambiguous (4/6/2021 with no
 *    evidence) is not guessed: the document gets no date and is reported as
 *    ambiguous, for the patient to give;
 * 5. a two-digit year is the latest year ending in those digits that is not
 *    in the future.
 */

export type FoundDate = { iso: string; index: number; length: number; isAmbiguous?: boolean }

/** How the document writes numeric dates: day first (25/12/2024) or month first (12/25/2024). */
export type DateOrder = 'dmy' | 'mdy'

const MONTHS: Record<string, number> = {
	jan: 1,
	january: 1,
	feb: 2,
	february: 2,
	mar: 3,
	march: 3,
	apr: 4,
	april: 4,
	may: 5,
	jun: 6,
	june: 6,
	jul: 7,
	july: 7,
	aug: 8,
	august: 8,
	sep: 9,
	sept: 9,
	september: 9,
	oct: 10,
	october: 10,
	nov: 11,
	november: 11,
	dec: 12,
	december: 12,
}
const MONTH_NAME = '(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)'

const PATTERNS: Array<{ regex: RegExp; read: (m: RegExpExecArray) => [number, number, number] | null }> = [
	// 2025-02-03, 2025/02/03, 2025.02.03
	{ regex: /(?<![\d])(\d{4})([-/.])(\d{1,2})\2(\d{1,2})(?![\d])/g, read: (m) => [Number(m[1]), Number(m[3]), Number(m[4])] },
	// 2012年9月28日, 2012 年 09 月 28 日 (Chinese and Japanese)
	{ regex: /(?<![\d])(\d{4})\s*年\s*(\d{1,2})\s*月\s*(\d{1,2})(?![\d])\s*日?/g, read: (m) => [Number(m[1]), Number(m[2]), Number(m[3])] },
	// 08 Oct 2024, 19-May-2025, 8 October, 2024
	{
		regex: new RegExp(String.raw`(?<![\w])(\d{1,2})[\s\-./]*${MONTH_NAME}\.?[\s\-./,]*(\d{4})(?![\d])`, 'gi'),
		read: (m) => [Number(m[3]), MONTHS[m[2].toLowerCase()], Number(m[1])],
	},
	// January 22, 2025, Oct. 8 2024
	{
		// OCR may run the words together ('May6,2023')
		regex: new RegExp(String.raw`(?<![\w])${MONTH_NAME}\.?\s*(\d{1,2})(?:st|nd|rd|th)?,?\s*(\d{4})(?![\d])`, 'gi'),
		read: (m) => [Number(m[3]), MONTHS[m[1].toLowerCase()], Number(m[2])],
	},
]

/** 03/14/2025, 3-14-2025, 14.03.2025 (dots: day first), 03/14/25 */
const NUMERIC_DATE = /(?<![\d/.-])(\d{1,2})([/.-])(\d{1,2})\2(\d{4}|\d{2})(?![\d])/g

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
	/\+(?:44|91|33|49|34|39|55|90|61|64|27|971|92|880|94|234|254|351|41|43|31|32|48|30|353)[\s\d(]|\b(?:india|united kingdom|england|scotland|wales|australia|new zealand|nhs|nabl|germany|deutschland|france|españa|spain|italia|italy|brasil|brazil|portugal|türkiye|turkey|polska|poland)\b|\b[A-Z]{1,2}\d[A-Z\d]? \d[A-Z]{2}\b|\b\d{6}\b(?=[^\n]*\b(?:india|pune|mumbai|delhi|kolkata|chennai|bangalore|bengaluru|hyderabad)\b)/i
/** Month-first evidence: a US phone number or a US state with its ZIP code. */
const MONTH_FIRST_COUNTRY = /\(\d{3}\)\s?\d{3}-\d{4}|\b[A-Z]{2} \d{5}(?:-\d{4})?\b|\bunited states\b|\busa\b/
/** Labels in the languages that write dates day first. */
const DAY_FIRST_WORDS =
	/\b(?:datum|geburtsdatum|befund|date de|prélèvement|prelevement|fecha|data d[aei]|prelievo|coleta|tarih|tarihi|sonuç|sonuc|untersuchung|ergebnis|résultat|resultado|risultato|recepción|finalización|wynik|badanie|data pobrania|data urodzenia)\b/i

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
	NUMERIC_DATE.lastIndex = 0
	for (let m = NUMERIC_DATE.exec(text); m; m = NUMERIC_DATE.exec(text)) {
		const { parts, isAmbiguous } = readNumericDate(m, order)
		push(m, parts, isAmbiguous)
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

const BIRTH_LABEL =
	/\b(?:dob|d\.o\.b\.?|date of birth|birth ?date|born|geburtsdatum|geb\.|date de naissance|né(?:e)? le|fecha de nacimiento|fecha nacimiento|fecha nac\.?|data urodzenia|data di nascita|data de nascimento|nascimento|doğum tarihi|dogum tarihi|age\/dob)\b/i
const DATE_HEADER = /\b(?:date|dob|d\.o\.b)\b/gi

function escapeRegex(text: string): string {
	return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

/** A date that follows the label on the same line ('Collected: 2025-02-03'). */
function dateAfterLabel(line: string, label: string, order: DateOrder): FoundDate | null {
	const regex = new RegExp(String.raw`(?<![a-z])${escapeRegex(label)}(?![a-z])[^:\n\d]{0,12}\s*[:#.\-]?\s*`, 'gi')
	for (let m = regex.exec(line); m; m = regex.exec(line)) {
		const rest = line.slice(m.index + m[0].length, m.index + m[0].length + 40)
		const date = findDates(rest, order)[0]
		if (date && date.index <= 3 && isPossibleDocumentDate(date.iso)) return date
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
	const before = header.slice(0, position).match(DATE_HEADER)?.length ?? 0
	for (let next = lineIndex + 1; next < Math.min(lines.length, lineIndex + 4); next++) {
		const dates = findDates(lines[next], order)
		if (dates.length === 0) continue
		const date = dates[before]
		// a birth date on the line below is the patient's, under no column of the report's dates
		if (date && BIRTH_LABEL.test(lines[next].slice(Math.max(0, date.index - 25), date.index))) return null
		return date && isPossibleDocumentDate(date.iso) ? date : null
	}
	return null
}

/** The dates of the text that are not birth dates (nor impossible). */
export function findNonBirthDates(lines: string[], order: DateOrder = 'mdy'): FoundDate[] {
	const dates: FoundDate[] = []
	for (let i = 0; i < lines.length; i++) {
		const line = lines[i]
		for (const date of findDates(line, order)) {
			const lead = line.slice(Math.max(0, date.index - 25), date.index)
			if (BIRTH_LABEL.test(lead) || !isPossibleDocumentDate(date.iso)) continue
			dates.push(date)
		}
	}
	return dates
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
	for (const label of LABELS[kind]) {
		for (let i = 0; i < lines.length; i++) {
			const lower = lines[i].toLowerCase()
			if (BIRTH_LABEL.test(lower) && label === 'date') continue
			if (!new RegExp(String.raw`(?<![a-z])${escapeRegex(label)}(?![a-z])`).test(lower)) continue
			const inline = dateAfterLabel(lines[i], label, order)
			if (inline) return answer(inline)
			const below = dateUnderHeader(lines, i, label, order)
			if (below) return answer(below)
		}
	}
	const dates = findNonBirthDates(lines, order)
	if (dates.length === 0 || isListOfRecords(lines, order)) return { iso: null, choices: [] }
	return answer([...dates].sort((a, b) => a.iso.localeCompare(b.iso))[0])
}

/** The document's date as YYYY-MM-DD, or null (see findDocumentDateWithEvidence). */
export function findDocumentDate(text: string, kind: DocumentKind): string | null {
	return findDocumentDateWithEvidence(text, kind).iso
}
