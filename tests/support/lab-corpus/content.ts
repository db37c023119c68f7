import { CORPUS_ANALYTES, namesFor, rangeFor, unitsFor, type CorpusAnalyte, type Style } from './analytes.ts'

/**
 * The content of one generated lab report, before any layout: laboratory,
 * patient block, dates, and result rows with their ground truth. Seeded, so
 * the same seed gives the same document. Test support only.
 */

export type Random = { next(): number; pick<T>(items: readonly T[]): T; int(min: number, max: number): number; chance(p: number): boolean }

export function seededRandom(seed: number): Random {
	let state = seed >>> 0
	const next = () => {
		state = (state + 0x6d2b79f5) >>> 0
		let t = state
		t = Math.imul(t ^ (t >>> 15), t | 1)
		t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296
	}
	return {
		next,
		pick: (items) => items[Math.floor(next() * items.length)],
		int: (min, max) => min + Math.floor(next() * (max - min + 1)),
		chance: (p) => next() < p,
	}
}

export type CorpusParameter = {
	code: string
	printedName: string
	value: number
	valueText: string
	unit: string | null
	min: number | null
	max: number | null
	rangeText: string | null
	status: 'normal' | 'low' | 'high'
	/** the printed flag, when the layout prints one */
	flag: string | null
}

export type Panel = { title: string; rows: CorpusParameter[] }

export type ReportContent = {
	style: Style
	language: 'en' | 'de' | 'fr' | 'es' | 'it' | 'pt' | 'tr'
	provider: string
	tagline: string
	address: string
	phone: string
	patientName: string
	birthDate: string
	collected: string
	reported: string
	panels: Panel[]
}

const LANGUAGE_OF: Record<Style, ReportContent['language']> = { us: 'en', uk: 'en', in: 'en', de: 'de', fr: 'fr', es: 'es', it: 'it', pt: 'pt', tr: 'tr' }

const PROVIDERS: Record<Style, Array<[string, string, string, string]>> = {
	us: [
		['Northfield Clinical Laboratories', 'Accurate results, faster care', '1200 Commerce Dr, Columbus, OH 43215', '(614) 555-0142'],
		['Riverside Diagnostic Services', 'A member of Riverside Health', '88 Harbor Blvd, Tampa, FL 33602', '(813) 555-0190'],
	],
	uk: [['Westbridge Pathology Services', 'NHS Foundation Trust laboratory', '14 Queen Street, Leeds LS1 2TW', '0113 496 0123']],
	in: [
		['Sunrise Diagnostic Centre', 'NABL accredited laboratory', 'Plot 21, MG Road, Pune 411001', '+91 20 4012 3456'],
		['Lifeline Pathology Lab', 'Quality you can trust', '5 Park Street, Kolkata 700016', '+91 33 4001 2345'],
	],
	de: [['Labor Dr. Weber MVZ', 'Laboratoriumsmedizin und Mikrobiologie', 'Hauptstraße 12, 10115 Berlin', '+49 30 1234567']],
	fr: [['Laboratoire Bioaccess Lyon', 'Biologie médicale de proximité', '12 rue de la République, 69002 Lyon', '+33 4 72 00 11 22']],
	es: [['Laboratorio Clínico San Rafael', 'Análisis clínicos', 'Calle Mayor 45, 28013 Madrid', '+34 91 123 45 67']],
	it: [['Laboratorio Analisi Santa Chiara', 'Medicina di laboratorio', 'Via Roma 10, 20121 Milano', '+39 02 1234 5678']],
	pt: [['Laboratório Vida Análises Clínicas', 'Qualidade em diagnóstico', 'Rua das Flores 250, São Paulo/SP', '+55 11 3456-7890']],
	tr: [['Anadolu Tip Laboratuvari', 'Tibbi biyokimya laboratuvari', 'Ataturk Cad. No 15, Ankara', '+90 312 123 45 67']],
}

const PATIENTS = ['Alex Sample', 'Jordan Testcase', 'Sam Placeholder', 'Robin Example', 'Casey Fictional']

const PANEL_TITLES: Record<ReportContent['language'], Record<CorpusAnalyte['panel'], string>> = {
	en: {
		cbc: 'COMPLETE BLOOD COUNT',
		chem: 'BASIC METABOLIC PANEL',
		lipid: 'LIPID PANEL',
		liver: 'LIVER FUNCTION TESTS',
		thyroid: 'THYROID',
		other: 'OTHER TESTS',
	},
	de: { cbc: 'Blutbild', chem: 'Klinische Chemie', lipid: 'Fettstoffwechsel', liver: 'Leberwerte', thyroid: 'Schilddrüse', other: 'Weitere Untersuchungen' },
	fr: { cbc: 'Hématologie', chem: 'Biochimie', lipid: 'Bilan lipidique', liver: 'Bilan hépatique', thyroid: 'Thyroïde', other: 'Autres analyses' },
	es: { cbc: 'Hemograma', chem: 'Bioquímica', lipid: 'Perfil lipídico', liver: 'Perfil hepático', thyroid: 'Tiroides', other: 'Otras pruebas' },
	it: { cbc: 'Emocromo', chem: 'Chimica clinica', lipid: 'Profilo lipidico', liver: 'Funzionalità epatica', thyroid: 'Tiroide', other: 'Altri esami' },
	pt: { cbc: 'Hemograma', chem: 'Bioquímica', lipid: 'Perfil lipídico', liver: 'Função hepática', thyroid: 'Tireoide', other: 'Outros exames' },
	tr: { cbc: 'Hemogram', chem: 'Biyokimya', lipid: 'Lipid Profili', liver: 'Karaciger Testleri', thyroid: 'Tiroid', other: 'Diger Testler' },
}

export type Labels = {
	test: string
	result: string
	flag: string
	unit: string
	range: string
	collected: string
	reported: string
	birth: string
	patient: string
	high: string
	low: string
}

export const LABELS: Record<ReportContent['language'], Labels> = {
	en: {
		test: 'Test',
		result: 'Result',
		flag: 'Flag',
		unit: 'Units',
		range: 'Reference Range',
		collected: 'Collected',
		reported: 'Reported',
		birth: 'Date of Birth',
		patient: 'Patient',
		high: 'H',
		low: 'L',
	},
	de: {
		test: 'Untersuchung',
		result: 'Ergebnis',
		flag: 'Kennz.',
		unit: 'Einheit',
		range: 'Referenzbereich',
		collected: 'Entnahmedatum',
		reported: 'Befunddatum',
		birth: 'Geburtsdatum',
		patient: 'Patient',
		high: '+',
		low: '-',
	},
	fr: {
		test: 'Analyse',
		result: 'Résultat',
		flag: 'Ind.',
		unit: 'Unité',
		range: 'Valeurs de référence',
		collected: 'Date de prélèvement',
		reported: 'Date du compte rendu',
		birth: 'Date de naissance',
		patient: 'Patient',
		high: 'H',
		low: 'B',
	},
	es: {
		test: 'Prueba',
		result: 'Resultado',
		flag: 'Ind.',
		unit: 'Unidades',
		range: 'Valores de referencia',
		collected: 'Fecha de toma',
		reported: 'Fecha de informe',
		birth: 'Fecha de nacimiento',
		patient: 'Paciente',
		high: 'A',
		low: 'B',
	},
	it: {
		test: 'Esame',
		result: 'Risultato',
		flag: 'Ind.',
		unit: 'Unità',
		range: 'Valori di riferimento',
		collected: 'Data prelievo',
		reported: 'Data referto',
		birth: 'Data di nascita',
		patient: 'Paziente',
		high: 'H',
		low: 'L',
	},
	pt: {
		test: 'Exame',
		result: 'Resultado',
		flag: 'Ind.',
		unit: 'Unidade',
		range: 'Valores de referência',
		collected: 'Data da coleta',
		reported: 'Data do laudo',
		birth: 'Data de nascimento',
		patient: 'Paciente',
		high: 'A',
		low: 'B',
	},
	tr: {
		test: 'Tetkik',
		result: 'Sonuc',
		flag: 'Isaret',
		unit: 'Birim',
		range: 'Referans Araligi',
		collected: 'Numune Alma Tarihi',
		reported: 'Rapor Tarihi',
		birth: 'Dogum Tarihi',
		patient: 'Hasta',
		high: 'Y',
		low: 'D',
	},
}

function isoDate(random: Random, fromYear: number, toYear: number): string {
	const year = random.int(fromYear, toYear)
	const month = random.int(1, 12)
	const day = random.int(1, 28)
	return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`
}

function nextDay(iso: string): string {
	const date = new Date(`${iso}T12:00:00Z`)
	date.setUTCDate(date.getUTCDate() + 1)
	return date.toISOString().slice(0, 10)
}

/** The date as the style prints it. */
export function formatDate(iso: string, style: Style, variant = 0): string {
	const [y, m, d] = iso.split('-')
	const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']
	if (style === 'us') return variant % 3 === 2 ? `${months[Number(m) - 1]} ${Number(d)}, ${y}` : `${m}/${d}/${y}`
	if (style === 'in') return variant % 3 === 2 ? `${d}-${months[Number(m) - 1]}-${y}` : `${d}/${m}/${y}`
	if (style === 'de' || style === 'tr') return `${d}.${m}.${y}`
	return `${d}/${m}/${y}`
}

const COMMA_STYLES: ReadonlySet<Style> = new Set(['de', 'fr', 'es', 'it', 'pt', 'tr'])

/** A number as the style prints it (decimal comma, thousands separators when asked). */
export function formatNumber(value: number, decimals: number, style: Style, thousands = false): string {
	let text = value.toFixed(decimals)
	if (thousands && Math.abs(value) >= 1000) {
		const [whole, fraction] = text.split('.')
		text = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',') + (fraction ? `.${fraction}` : '')
	}
	return COMMA_STYLES.has(style) ? text.replace('.', ',') : text
}

function statusOf(value: number, min: number | null, max: number | null): CorpusParameter['status'] {
	if (max !== null && value > max) return 'high'
	if (min !== null && value < min) return 'low'
	return 'normal'
}

function valueFor(random: Random, min: number | null, max: number | null, decimals: number): number {
	const inside = random.chance(0.65)
	let value: number
	if (min !== null && max !== null) {
		const span = max - min
		value = inside
			? min + span * (0.1 + 0.8 * random.next())
			: random.chance(0.5)
				? max + span * (0.1 + 0.4 * random.next())
				: Math.max(min * (0.6 + 0.3 * random.next()), 0)
	} else if (max !== null) {
		value = inside ? max * (0.5 + 0.4 * random.next()) : max * (1.1 + 0.3 * random.next())
	} else {
		value = inside ? min! * (1.1 + 0.5 * random.next()) : min! * (0.6 + 0.3 * random.next())
	}
	const factor = 10 ** decimals
	const rounded = Math.round(value * factor) / factor
	// a value on a printed bound is fine (normal), but keep it off zero
	return rounded === 0 ? 1 / factor : rounded
}

export type RangeForm = 'dash' | 'spaced' | 'bracket' | 'two-decimals' | 'words' | 'with-unit' | 'leading-zeros'

/** The printed range, in one of the forms reports use. */
export function formatRange(
	min: number | null,
	max: number | null,
	decimals: number,
	style: Style,
	form: RangeForm,
	unit: string | null,
	thousands = false,
): string {
	const places = form === 'two-decimals' ? 2 : decimals
	const number = (value: number) => {
		if (form === 'leading-zeros' && Number.isInteger(value) && value < 10) return String(value).padStart(2, '0')
		return formatNumber(value, Number.isInteger(value) && form !== 'two-decimals' ? 0 : Math.max(places, decimalsOf(value)), style, thousands)
	}
	let text: string
	if (min !== null && max !== null)
		text = form === 'dash' ? `${number(min)}-${number(max)}` : form === 'bracket' ? `[${number(min)}-${number(max)}]` : `${number(min)} - ${number(max)}`
	else if (max !== null) text = form === 'words' ? `Up to ${number(max)}` : form === 'dash' ? `<${number(max)}` : `< ${number(max)}`
	else text = form === 'words' ? `${number(min!)} or more` : form === 'dash' ? `>${number(min!)}` : `> ${number(min!)}`
	if (form === 'words' && min !== null && max === null) text = `> ${number(min)}`
	return form === 'with-unit' && unit ? `${text} ${unit}` : text
}

function decimalsOf(value: number): number {
	const text = String(value)
	return text.includes('.') ? text.split('.')[1].length : 0
}

export type ContentOptions = {
	style: Style
	/** analytes to draw from, default all */
	codes?: string[]
	rows: number
	rangeForms?: RangeForm[]
	/** print cell counts per cubic millimetre with thousands separators */
	perCubicMm?: boolean
	flagWords?: boolean
}

/** A report's content for a style: a few panels of results with their truth. */
export function reportContent(random: Random, options: ContentOptions): ReportContent {
	const { style } = options
	const language = LANGUAGE_OF[style]
	const [provider, tagline, address, phone] = random.pick(PROVIDERS[style])
	const collected = isoDate(random, 2023, 2025)
	const pool = CORPUS_ANALYTES.filter((analyte) => (options.codes ? options.codes.includes(analyte.code) : true) && (language === 'en' || analyte.names[style]))
	const chosen = [...pool].sort(() => random.next() - 0.5).slice(0, options.rows)
	const panels = new Map<CorpusAnalyte['panel'], CorpusParameter[]>()
	for (const analyte of CORPUS_ANALYTES.filter((item) => chosen.includes(item))) {
		const printedName = random.pick(namesFor(analyte, style))
		let unit = random.pick(unitsFor(analyte, style))
		let [min, max] = rangeFor(analyte, style, unit)
		let decimals = analyte.decimals
		let isPerCubicMm = false
		if (options.perCubicMm && analyte.perCubicMm) {
			unit = random.pick(analyte.perCubicMm)
			min = min !== null ? min * 1000 : null
			max = max !== null ? max * 1000 : null
			decimals = 0
			isPerCubicMm = true
		}
		const value = valueFor(random, min, max, decimals)
		const status = statusOf(value, min, max)
		const form = random.pick(options.rangeForms ?? (['spaced', 'dash'] as RangeForm[]))
		const rangeText = formatRange(min, max, decimals, style, form, unit, isPerCubicMm)
		const labels = LABELS[language]
		const flag = status === 'normal' ? null : options.flagWords ? (status === 'high' ? 'High' : 'Low') : status === 'high' ? labels.high : labels.low
		const row: CorpusParameter = {
			code: analyte.code,
			printedName,
			value,
			valueText: formatNumber(value, decimals, style, isPerCubicMm),
			unit: unit === '' ? null : unit,
			min,
			max,
			rangeText,
			status,
			flag,
		}
		const list = panels.get(analyte.panel) ?? []
		list.push(row)
		panels.set(analyte.panel, list)
	}
	return {
		style,
		language,
		provider,
		tagline,
		address,
		phone,
		patientName: random.pick(PATIENTS),
		birthDate: isoDate(random, 1940, 2000),
		collected,
		reported: nextDay(collected),
		panels: [...panels].map(([panel, rows]) => ({ title: PANEL_TITLES[language][panel], rows })),
	}
}
