import type { DocumentKind } from './types.ts'

/**
 * Dates as reports print them, and the document date by the manifest's rule:
 * specimen collection for lab reports and scans, exam date for imaging, date
 * of service for visit notes, date issued for immunization records.
 */

export type FoundDate = { iso: string; index: number; length: number }

const MONTHS: Record<string, number> = {
	jan: 1, january: 1, feb: 2, february: 2, mar: 3, march: 3, apr: 4, april: 4, may: 5, jun: 6, june: 6,
	jul: 7, july: 7, aug: 8, august: 8, sep: 9, sept: 9, september: 9, oct: 10, october: 10, nov: 11, november: 11,
	dec: 12, december: 12,
}
const MONTH_NAME = '(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sept?(?:ember)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)'

const PATTERNS: Array<{ regex: RegExp; read: (m: RegExpExecArray) => [number, number, number] | null }> = [
	// 2025-02-03, 2025/02/03, 2025.02.03
	{ regex: /(?<![\d])(\d{4})([-/.])(\d{1,2})\2(\d{1,2})(?![\d])/g, read: (m) => [Number(m[1]), Number(m[3]), Number(m[4])] },
	// 08 Oct 2024, 19-May-2025, 8 October, 2024
	{ regex: new RegExp(String.raw`(?<![\w])(\d{1,2})[\s\-./]*${MONTH_NAME}\.?[\s\-./,]*(\d{4})(?![\d])`, 'gi'), read: (m) => [Number(m[3]), MONTHS[m[2].toLowerCase()], Number(m[1])] },
	// January 22, 2025, Oct. 8 2024
	{ regex: new RegExp(String.raw`(?<![\w])${MONTH_NAME}\.?\s+(\d{1,2})(?:st|nd|rd|th)?,?\s+(\d{4})(?![\d])`, 'gi'), read: (m) => [Number(m[3]), MONTHS[m[1].toLowerCase()], Number(m[2])] },
	// 03/14/2025, 3-14-2025, 14.03.2025 (dots: day first), 03/14/25
	{
		regex: /(?<![\d/.-])(\d{1,2})([/.-])(\d{1,2})\2(\d{4}|\d{2})(?![\d])/g,
		read: (m) => {
			const a = Number(m[1])
			const b = Number(m[3])
			const year = m[4].length === 2 ? 2000 + Number(m[4]) : Number(m[4])
			if (m[2] === '.' || a > 12) return [year, b, a]
			return [year, a, b]
		},
	},
]

function isValidDate(year: number, month: number, day: number): boolean {
	if (!Number.isInteger(year) || year < 1900 || year > 2100) return false
	if (!month || month < 1 || month > 12 || day < 1) return false
	const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate()
	return day <= daysInMonth
}

function toIso(year: number, month: number, day: number): string {
	return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`
}

/** Every date printed in the text, in reading order. */
export function findDates(text: string): FoundDate[] {
	const found: FoundDate[] = []
	for (const { regex, read } of PATTERNS) {
		regex.lastIndex = 0
		for (let m = regex.exec(text); m; m = regex.exec(text)) {
			const parts = read(m)
			if (!parts || !isValidDate(...parts)) continue
			const overlaps = found.some((d) => m!.index < d.index + d.length && d.index < m!.index + m![0].length)
			if (!overlaps) found.push({ iso: toIso(...parts), index: m.index, length: m[0].length })
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

const LABELS: Record<DocumentKind, string[]> = {
	lab_report: ['date collected', 'collection date', 'date of collection', 'specimen collected', 'collected on', 'collected', 'collection', 'screening date', 'date drawn', 'drawn', 'specimen date', 'sample date', 'date of service'],
	imaging: ['exam date', 'date of exam', 'examination date', 'study date', 'date of study', 'date of service', 'exam performed', 'performed'],
	clinical_notes: ['date of service', 'service date', 'visit date', 'date of visit', 'encounter date', 'dos'],
	immunization: ['date issued', 'issue date', 'issued on', 'issued', 'date printed', 'printed on', 'as of'],
	other: ['date of service', 'collection date', 'date collected', 'exam date', 'date issued', 'date'],
}

const BIRTH_LABEL = /\b(?:dob|d\.o\.b\.?|date of birth|birth ?date|born)\b/i
const DATE_HEADER = /\b(?:date|dob|d\.o\.b)\b/gi

function escapeRegex(text: string): string {
	return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

/** A date that follows the label on the same line ('Collected: 2025-02-03'). */
function dateAfterLabel(line: string, label: string): string | null {
	const regex = new RegExp(String.raw`(?<![a-z])${escapeRegex(label)}(?![a-z])\s*[:#.\-]?\s*`, 'gi')
	for (let m = regex.exec(line); m; m = regex.exec(line)) {
		const rest = line.slice(m.index + m[0].length, m.index + m[0].length + 40)
		const date = findDates(rest)[0]
		if (date && date.index <= 3) return date.iso
	}
	return null
}

/**
 * A date under a column header ('SCREENING DATE' over a row of values): the
 * n-th date of the next line that has dates, n being the number of date
 * columns before it in the header.
 */
function dateUnderHeader(lines: string[], lineIndex: number, label: string): string | null {
	const header = lines[lineIndex]
	const position = header.toLowerCase().indexOf(label)
	if (position < 0) return null
	const before = header.slice(0, position).match(DATE_HEADER)?.length ?? 0
	for (let next = lineIndex + 1; next < Math.min(lines.length, lineIndex + 4); next++) {
		const dates = findDates(lines[next])
		if (dates.length === 0) continue
		return dates[before]?.iso ?? null
	}
	return null
}

/** The dates of the text that are not birth dates. */
export function findNonBirthDates(lines: string[]): string[] {
	const dates: string[] = []
	for (let i = 0; i < lines.length; i++) {
		const line = lines[i]
		for (const date of findDates(line)) {
			const lead = line.slice(Math.max(0, date.index - 25), date.index)
			if (BIRTH_LABEL.test(lead)) continue
			dates.push(date.iso)
		}
	}
	return dates
}

/** The document's date by its kind's rule; falls back to the earliest date that is not a birth date. */
export function findDocumentDate(text: string, kind: DocumentKind): string | null {
	const lines = text.split('\n')
	for (const label of LABELS[kind]) {
		for (let i = 0; i < lines.length; i++) {
			const lower = lines[i].toLowerCase()
			if (!new RegExp(String.raw`(?<![a-z])${escapeRegex(label)}(?![a-z])`).test(lower)) continue
			const inline = dateAfterLabel(lines[i], label)
			if (inline) return inline
			const below = dateUnderHeader(lines, i, label)
			if (below) return below
		}
	}
	const dates = findNonBirthDates(lines)
	if (dates.length === 0) return null
	return [...dates].sort()[0]
}
