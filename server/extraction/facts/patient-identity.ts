/**
 * The patient a PDF or image names: a labelled name ('Patient:', 'Name:',
 * 'Patient Name', 'Nombre', 'Paciente', 'Ad Soyad', ...) and a labelled date of
 * birth ('DOB', 'Date of Birth', 'Fecha nacimiento', ...), as printed in the
 * text layer or read by OCR. A name printed without a label (a bare header
 * line) is not guessed: no name means no question to the patient
 * (server/documents/shared/subject-match.ts).
 */

export type PrintedPatient = { name: string | null; birthDate: string | null }

/** Labels of the patient's name, lower case without accents, longest first within each language. */
const NAME_LABELS = [
	"patient's name",
	'patient name',
	'name of patient',
	'patient',
	'name',
	'full name',
	'nombre y apellidos',
	'nombre del paciente',
	'nombre',
	'paciente',
	'apellidos y nombre',
	'nome do paciente',
	'nome',
	'nom du patient',
	'nom et prenom',
	'nom',
	'patientenname',
	'name des patienten',
	'patientin',
	'nome paziente',
	'imie i nazwisko',
	'nazwisko i imie',
	'pacjent',
	'hasta adi soyadi',
	'hasta adi',
	'adi soyadi',
	'ad soyad',
	'hasta',
]

const BIRTH_LABELS = [
	'date of birth',
	'birth date',
	'birthdate',
	'dob',
	'd.o.b.',
	'd.o.b',
	'fecha de nacimiento',
	'fecha nacimiento',
	'f. nacimiento',
	'data de nascimento',
	'date de naissance',
	'geburtsdatum',
	'data di nascita',
	'data urodzenia',
	'dogum tarihi',
]

/** Labels that often follow the name on the same line ('SAMPLE PATIENT Date of Birth: ...'). */
const FOLLOWING_LABELS = [
	...BIRTH_LABELS,
	'age',
	'sex',
	'gender',
	'mrn',
	'patient id',
	'id',
	'report date',
	'collected',
	'received',
	'reported',
	'lab no',
	'specimen',
	'edad',
	'sexo',
	'idade',
	'sexo',
	'alter',
	'geschlecht',
	'wiek',
	'plec',
	'yas',
	'cinsiyet',
	'protokol',
	'tc',
]

function foldForLabels(text: string) {
	return text
		.replace(/[ıİ]/g, 'i')
		.normalize('NFKD')
		.replace(/[\u0300-\u036f]/g, '')
		.toLowerCase()
}

function escapeRegExp(text: string) {
	return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

const labelPattern = (labels: string[]) =>
	labels
		.map(escapeRegExp)
		.map((label) => label.replace(/ /g, '\\s+'))
		.join('|')

// A label at the start of a line or after a wide gap (a column), then ':' (never a word inside a
// sentence, nor 'Physician Name:'), then the value up to the next wide gap.
const NAME_FIELD = new RegExp(`(?:^|\\s{2,}|\\t|\\|)\\s*(?:${labelPattern(NAME_LABELS)})\\s*[:：]\\s*(.*)$`)
const BIRTH_FIELD = new RegExp(`(?:^|\\s|\\t|\\|)(?:${labelPattern(BIRTH_LABELS)})\\s*[:：]?\\s*(.{6,40})`)
const FOLLOWING_LABEL = new RegExp(`\\s+(?:${labelPattern(FOLLOWING_LABELS)})\\s*[:：.#].*$`)

/** Words that are not a name (placeholder cells, a header read as a value). */
const NOT_A_NAME = /^(?:n\/?a|none|unknown|not provided|-+|information|details|report)$/i

function cleanName(raw: string, folded: string): string | null {
	// The value ends at a wide gap (the next column) or at the next label on the line.
	let end = raw.search(/\s{2,}|\t|\|/)
	if (end < 0) end = raw.length
	let value = raw.slice(0, end)
	const following = folded.slice(0, end).match(FOLLOWING_LABEL)
	if (following?.index !== undefined) value = value.slice(0, following.index)
	value = value.replace(/[,;:.\s]+$/, '').trim()
	if (!value || NOT_A_NAME.test(value)) return null
	// A name is letters: a value with digits is an id ('PT-002') or a date.
	if (/\d/.test(value) || !/\p{L}{2}/u.test(value)) return null
	const words = value.split(/\s+/)
	if (words.length > 6) return null
	return value
}

const MONTHS: Record<string, number> = {
	jan: 1,
	feb: 2,
	mar: 3,
	apr: 4,
	may: 5,
	jun: 6,
	jul: 7,
	aug: 8,
	sep: 9,
	oct: 10,
	nov: 11,
	dec: 12,
	ene: 1,
	abr: 4,
	ago: 8,
	dic: 12,
	fev: 2,
	mai: 5,
	set: 9,
	out: 10,
	dez: 12,
	mrz: 3,
	okt: 10,
}

function isoDate(year: number, month: number, day: number): string | null {
	if (month < 1 || month > 12 || day < 1 || day > 31 || year < 1880 || year > 2100) return null
	const date = new Date(Date.UTC(year, month - 1, day))
	if (date.getUTCMonth() !== month - 1) return null
	return date.toISOString().slice(0, 10)
}

function fullYear(year: string) {
	const value = Number(year)
	if (year.length === 4) return value
	// A two-digit birth year: 30 and later is the 1900s.
	return value >= 30 ? 1900 + value : 2000 + value
}

/**
 * The ISO dates a printed birth date can be: one, or two joined by '|' when
 * day and month could be either way round ('03/04/1980'). Null when it is not
 * a date.
 */
export function readBirthDate(text: string): string | null {
	const value = foldForLabels(text).trim()
	let match = value.match(/^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})\b/)
	if (match) return isoDate(Number(match[1]), Number(match[2]), Number(match[3]))
	match = value.match(/^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4}|\d{2})\b/)
	if (match) {
		const year = fullYear(match[3])
		const [a, b] = [Number(match[1]), Number(match[2])]
		const candidates = [...new Set([isoDate(year, a, b), isoDate(year, b, a)].filter((date): date is string => !!date))]
		return candidates.length ? candidates.join('|') : null
	}
	match = value.match(/^(\d{1,2})[-\s.]*([a-z]{3})[a-z]*\.?[-\s.,]*(\d{4})\b/)
	if (match && MONTHS[match[2]]) return isoDate(Number(match[3]), MONTHS[match[2]], Number(match[1]))
	match = value.match(/^([a-z]{3})[a-z]*\.?\s+(\d{1,2}),?\s+(\d{4})\b/)
	if (match && MONTHS[match[1]]) return isoDate(Number(match[3]), MONTHS[match[1]], Number(match[2]))
	return null
}

/** The labelled patient name and date of birth in a document's text; the first of each wins. */
export function findPrintedPatient(text: string): PrintedPatient {
	let name: string | null = null
	let birthDate: string | null = null
	// The patient is named near the top; a cumulative report repeats it on every page.
	const lines = text.slice(0, 20_000).split(/\r?\n/)
	for (const line of lines) {
		const folded = foldForLabels(line)
		// Folding keeps the length for Latin text, so positions in it are positions in the line.
		const isAligned = folded.length === line.length
		if (!name && isAligned) {
			const field = folded.match(NAME_FIELD)
			if (field?.index !== undefined) {
				const valueStart = line.length - field[1].length
				name = cleanName(line.slice(valueStart), folded.slice(valueStart))
			}
		}
		if (!birthDate) {
			const field = folded.match(BIRTH_FIELD)
			if (field) birthDate = readBirthDate(field[1])
		}
		if (name && birthDate) break
	}
	return { name, birthDate }
}
