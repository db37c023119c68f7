import type { DocumentKind } from './types.ts'

/**
 * The organisation that issued a document (lab, hospital, clinic, imaging
 * centre, registry): a labelled name ('Performing laboratory: ...') first,
 * else the letterhead, the first lines' name-like text with an
 * organisation word in it. All-capitals names are given in title case.
 * A page that lists several records, each labelled with a different
 * organisation ('Facility: City Lab' on one card, 'Facility: Riverside
 * Imaging' on the next), has no single issuer: no provider.
 */

const ORGANISATION_WORD =
	/(?<![\p{L}])(?:laborator(?:y|ies)|labs?|diagnostics?|pathology|medical (?:center|centre|group|clinic)|hospital|clinics?|health(?:care)?|radiology|imaging|associates|physicians|practice|infirmary|surgery|registry|department of health|cent(?:er|re)|institute|partners|labor|laboratoire|laboratorio|laboratório|laboratuvar[iı]?|mvz|praxis|klinik(?:um)?|clinique|clínica|clinica|hôpital|ospedale|hospitais?|hastanesi|biologie|análises|analisi|análisis|diagnóstico|diagnostico|inc|ltd|llc|gmbh|pvt)(?![\p{L}])/iu

/** The value stops at a comma, a separator or a column gap (two spaces or more). */
const LABELLED =
	/\b(?:performing (?:laboratory|lab|site)|testing (?:laboratory|site)|laboratory name|lab name|facility|institution|issued by|imaging (?:center|centre|facility)|sample coll(?:ected|ection|\.)? at|collected at|processed at|origen|procedencia|centro de extracci[oó]n|einsender|provenance)\s*:\s*((?:[^,\n|·;\s]|[^\S\n](?!\s))+)/gi

/** Field labels that hold an organisation word but are not a name ('Lab No', 'Lab Incharge'). */
const FIELD_LABEL =
	/\b(?:no|number|id|incharge|in-charge|in charge|information|info|technician|technologist|director|code|address|phone|reference range|report|results?|patient|date|specimen|program|department of laboratory|name|signature|signed|authori[sz]ed)\b/i

const SMALL_WORDS = new Set(['of', 'and', 'for', 'the', 'at', 'in', 'on', '&'])

/** 'ELMRIDGE RADIOLOGY ASSOCIATES' -> 'Elmridge Radiology Associates'; mixed case is kept. */
export function titleCaseName(name: string): string {
	if (/[a-z]/.test(name)) return name
	return name
		.toLowerCase()
		.split(/(\s+)/)
		.map((word, index) => {
			if (/^\s+$/.test(word)) return word
			if (index > 0 && SMALL_WORDS.has(word)) return word
			return word
				.replace(/^([^a-z]*)([a-z])/, (_, lead: string, letter: string) => lead + letter.toUpperCase())
				.replace(/([-'])([a-z])/g, (_, mark: string, letter: string) => mark + letter.toUpperCase())
		})
		.join('')
}

/** A company form whose abbreviation ends with a period that belongs to the name ('Theranos, Inc.'). */
const COMPANY_FORM_END = /\b(?:inc|ltd|ltda|co|corp|pvt|s\.a|s\.l|e\.v)\.$/i

/** Tidies a candidate: page markers, stray OCR marks, trailing punctuation (not a company form's period). */
function tidyCandidate(text: string): string {
	const tidied = text
		// a report's title after the name ('Metropolis Healthcare - Comprehensive Health Checkup')
		.replace(/\s+[-–]\s+[^-–]*\b(?:check-?up|report|profile|panel|package|results?)\b[^-–]*$/i, '')
		.replace(/\bpage\s+\d+\s+(?:of\s+\d+)?/gi, ' ')
		.replace(/[|:;*=~_•·»«"'`]+/g, ' ')
		.replace(/\s+/g, ' ')
		.replace(/^[\s.,-]+|[\s,-]+$/g, '')
	return COMPANY_FORM_END.test(tidied) ? tidied : tidied.replace(/[\s.,-]+$/, '')
}

function isOrganisationName(text: string): boolean {
	if (!ORGANISATION_WORD.test(text)) return false
	if (/\d/.test(text) || text.includes('@')) return false
	const words = text.split(' ')
	if (words.length < 2 || words.length > 8) return false
	if (FIELD_LABEL.test(text)) return false
	return /^\p{Lu}/u.test(text)
}

export function findProvider(text: string, _kind: DocumentKind): string | null {
	const labelled = new Set<string>()
	for (const match of text.matchAll(LABELLED)) {
		const candidate = tidyCandidate(match[1])
		if (isOrganisationName(candidate)) labelled.add(titleCaseName(candidate))
	}
	if (labelled.size > 1) return null
	if (labelled.size === 1) return [...labelled][0]
	const lines = text.split('\n').filter((line) => line.trim() !== '')
	for (const line of lines.slice(0, 8)) {
		for (const column of line.split(/\s{2,}|\s[|·•]\s/)) {
			const candidate = tidyCandidate(column)
			if (isOrganisationName(candidate)) return titleCaseName(candidate)
		}
	}
	for (const line of lines.slice(-6)) {
		for (const column of line.split(/\s{2,}|\s[|·•]\s|,\s/)) {
			const candidate = tidyCandidate(column)
			if (isOrganisationName(candidate)) return titleCaseName(candidate)
		}
	}
	return null
}
