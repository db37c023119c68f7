import { editDistanceAtMost } from '#server/lab-vocabulary/edit-distance.ts'
import type { Box } from '../pages/word-boxes.ts'
import type { DocumentKind } from '../types.ts'

/**
 * The organisation that issued a document (lab, hospital, clinic, imaging
 * centre, registry): a labelled name ('Performing laboratory: ...') first,
 * else the letterhead, the first lines' name-like text with an
 * organisation word in it (in the supported languages) or ending in a
 * company's legal form ('… GmbH', '… Sp. z o.o.', '… S.A.'); else, in a
 * text PDF, the top third's lines set larger than the body
 * (letterheadOfBoxes); else the footer. All-capitals names are given in
 * title case.
 * Not a provider: a page that lists several records, each labelled with a
 * different organisation ('Facility: City Lab' on one card, 'Facility:
 * Riverside Imaging' on the next), has no single issuer; a department or
 * section heading ('Department of Pathology', 'Servicio de Análisis
 * Clínicos'); a line of generic words only ('Pathological Laboratory',
 * 'Medical Laboratory'), which describes a laboratory without naming one;
 * a field's label or value ('Referred by: City Hospital', or a value
 * whose label was blacked out, ': Northgate Hospital'); a tagline's
 * organisation ('A member of Riverside Health', 'Powered by …').
 * The kept OCR reading may have lost word breaks another reading of the
 * same page has ('NorthgateGeneral Hospital' beside 'Northgate General
 * Hospital'): when the letters agree and the break falls where the name
 * turns from a small letter to a capital, the spelling with the break is
 * kept (providerOfReadings); a break is never guessed.
 */

const ORGANISATION_WORD =
	/(?<![\p{L}])(?:laborator(?:y|ies)|labs?|diagnostics?|pathology|medical (?:center|centre|group|clinic)|hospital|clinics?|health(?:care)?|radiology|imaging|associates|physicians|practice|infirmary|surgery|registry|department of health|cent(?:er|re)|institute|partners|labor|laboratoire|laboratoires|laboratorio|laboratório|laboratorium|laboratoria|laboratuvar[iı]?|mvz|praxis|klinik(?:um|a)?|clinique|clínica|clinica|hôpital|hopital|ospedale|hospitais?|hastanesi|krankenhaus|szpital|przychodnia|centro|zentrum|biologie|análises|analisi|análisis|diagnóstico|diagnostico|diagnostyka|poliambulatorio|ambulatorio|policlinico|policlínica|policlinica|poliklinik|ambulatorium|inc|ltd|llc|gmbh|pvt)(?![\p{L}])/iu

/**
 * A company's legal form ending a name: the form makes the words before it a registered name, with or
 * without an organisation word ('Diagnostyka Sp. z o.o.', 'Alpenlabor GmbH'). Short forms count
 * written with their periods only ('S.A.', 'B.V.'): 'AB', 'AG' or 'SA' alone end other lines too (a
 * blood group, 'HBs AG'). OCR's digit zero for the letter o is read back in the Polish form.
 */
const LEGAL_FORM_ANY_CASE =
	/,?\s+(?:sp\.?\s?z\s?[o0]\.\s?[o0]\.?|gmbh|ltda?\.?|inc\.?|llc|plc|s\.\s?r\.\s?[lo]\.|s\.\s?p\.\s?a\.|pvt\.?\s+ltd\.?|sarl|e\.\s?v\.)$/i
const LEGAL_FORM_CAPITALS = /,?\s+(?:S\.\s?A\.|S\.\s?L\.|B\.V\.|N\.V\.|A\/S|S\.A\.S\.)$/

function legalFormOf(text: string): RegExpExecArray | null {
	return LEGAL_FORM_ANY_CASE.exec(text) ?? LEGAL_FORM_CAPITALS.exec(text)
}

/** 'Alpenlabor GmbH' -> 'Alpenlabor', 'Theranos, Inc.' -> 'Theranos': the name a legal form follows. */
export function nameWithoutLegalForm(name: string): string {
	const form = legalFormOf(name.trim())
	return form ? name.trim().slice(0, form.index) : name.trim()
}

/**
 * Words that describe a laboratory or hospital without naming one: a line made only of these and of
 * organisation words ('Pathological Laboratory', 'Medyczne Laboratorium Diagnostyka', 'Clinical
 * Laboratory Services') is a description or a department, not a provider.
 */
const GENERIC_WORD =
	/^(?:clinical|clinic(?:al|o|a|as|os)?|clínic[oa]s?|klinisch(?:e|es)?|kliniczn[aey]|pathological|pathology|patológic[oa]s?|patologi[ac]|medical|medicine|médic[oa]s?|medic[oa]s?|medizinisch(?:e|es)?|medyczn[aey]|diagnostic|diagnostics|diagnostica|diagn[óo]stic[oa]s?|diagnostyczn[aey]|diagnostyka|diagnostik|computeri[sz]ed|fully|automated|biochemical|biochemistry|biochemia|bioqu[ií]mica|haematology|hematology|hematolog[ií]a|microbiology|analysis|analyses|análises|análisis|analisi|analizy|general|reference|regional|private|public|services?|servicio|serviço|unit|department|laborator(?:y|ies)|labs?|labor|laboratoire|laboratoires|laboratorio|laboratório|laboratorium|laboratoria|hospital|hôpital|krankenhaus|szpital|cent(?:er|re)|centro|zentrum|health|healthcare|imaging|imagem|imagen|imagerie|immagini|bildgebung|radiology|institute|biolog(?:ie|ia|y)|biol[óo]gic[oa]s?|m[ée]dical(?:e|es)?|m[ée]dicaux)$/i

/** A department's or section's heading: not the organisation that issued the report. */
const SECTION_HEADING =
	/^(?:(?:department|dept\.?|division|section|unit|servicio|secci[oó]n|departamento|serviço|setor|abteilung|bereich|service|dipartimento|reparto|unità)\s+(?:of|de|do|da|des|du|für|fur|di|della|del)\s(?!health\b)|(?:zak[lł]ad|pracownia|oddzia[lł])\s)/i

/** The value stops at a comma, a separator or a column gap (two spaces or more). */
const LABELLED =
	/\b(?:laboratory|lab|laboratorio|laboratório|laboratoire|labor|laboratorium|performing (?:laboratory|lab|site)|testing (?:laboratory|site)|laboratory name|lab name|facility|institution|issued by|imaging (?:center|centre|facility)|sample coll(?:ected|ection|\.)? at|collected at|processed at|origen|procedencia|centro de extracci[oó]n|einsender|provenance)\s*:\s*((?:[^,\n|·;\s]|[^\S\n](?!\s))+)/gi

/** Field labels that hold an organisation word but are not a name ('Lab No', 'Lab Incharge'). */
const FIELD_LABEL =
	/\b(?:no|number|id|incharge|in-charge|in charge|information|info|technician|technologist|director|code|address|phone|reference range|report|results?|patient|date|specimen|program|department of laboratory|name|signature|signed|authori[sz]ed|informe|befund|laudo|referto|rapport|sprawozdanie|wyniki?)\b/i

const SMALL_WORDS = new Set(['of', 'and', 'for', 'the', 'at', 'in', 'on', '&'])

/** A word a name may hold in small letters: 'of', 'and', 'de', 'da', 'für' ('Laboratório Santa Luzia de Análises'). */
function isParticle(word: string): boolean {
	return (
		SMALL_WORDS.has(word.toLowerCase()) || /^(?:de|del|do|da|dos|das|des|du|di|della|la|le|für|zur|zum|von|van|por|para|per|pour|en|y|e|et|und|i)$/i.test(word)
	)
}

/**
 * A line set as part of a name: every word capitalised but the particles ('SANTA LUZIA', 'Clinical
 * Laboratories', 'de la Croix'); a sentence ('Caring for your health') is a tagline, never joined to a name.
 */
function isNameLike(text: string): boolean {
	const words = text
		.split(/\s+/)
		.map((word) => word.replace(/^[^\p{L}\p{N}]+|[^\p{L}\p{N}]+$/gu, ''))
		.filter((word) => word !== '')
	return words.length > 0 && words.every((word) => isParticle(word) || !/^\p{Ll}/u.test(word))
}

/** 'ELMRIDGE RADIOLOGY ASSOCIATES' -> 'Elmridge Radiology Associates'; mixed case is kept. */
export function titleCaseName(name: string): string {
	if (/\p{Ll}/u.test(name)) return name
	return name
		.toLowerCase()
		.split(/(\s+)/)
		.map((word, index) => {
			if (/^\s+$/.test(word)) return word
			// 'of', 'and', 'de la', 'für' stay small inside a name ('Centre Hospitalier de la Vallée'); a letter alone is not a particle here
			if (index > 0 && word.length > 1 && isParticle(word)) return word
			return (
				word
					.replace(/^([^\p{L}]*)(\p{L})/u, (_, lead: string, letter: string) => lead + letter.toUpperCase())
					.replace(/([-'])(\p{L})/gu, (_, mark: string, letter: string) => mark + letter.toUpperCase())
					// an abbreviation of single letters stays in capitals ('S.A.', 'B.V.')
					.replace(/^(?:\p{L}\.){2,}$/u, (abbreviation) => abbreviation.toUpperCase())
					// a word of three to five letters without a vowel is an acronym ('MVZ', 'NHS'), but for a company form or a title
					.replace(/^\p{L}{3,5}$/u, (letters) => (/[aeiouyà-ÿ]/i.test(letters) || /^(?:ltd|pvt|mrs)$/i.test(letters) ? letters : letters.toUpperCase()))
			)
		})
		.join('')
}

/** A company form whose abbreviation ends with a period that belongs to the name ('Theranos, Inc.'). */
const COMPANY_FORM_END = /\b(?:inc|ltd|ltda|co|corp|pvt|s\.a|s\.l|e\.v)\.$/i

/** Tidies a candidate: page markers, stray OCR marks, trailing punctuation (not a company form's period). */
function tidyCandidate(text: string): string {
	const tidied = text
		// the Polish legal form as OCR reads it ('Sp. z 0.0')
		.replace(/\bsp\.?\s?z\s?[o0]\.\s?[o0]\b\.?/gi, 'Sp. z o.o.')
		// a logo's monogram before the name it abbreviates ('M  MERIDIAN …')
		.replace(/^\s*(\p{Lu})\s+(?=\1\p{L})/u, '')
		// a title's period run into the name after it ('DR.WEBER')
		.replace(/\b(dr|dra|prof|pr|st|mr|mrs|ms|sr|sra)\.(?=\p{L})/giu, '$1. ')
		// a report's title after the name ('Metropolis Healthcare - Comprehensive Health Checkup')
		.replace(/\s+[-–]\s+[^-–]*\b(?:check-?up|report|profile|panel|package|results?)\b[^-–]*$/i, '')
		.replace(/\bpage\s+\d+\s+(?:of\s+\d+)?/gi, ' ')
		.replace(/[|:;*=~_•·»«"'`]+/g, ' ')
		.replace(/\s+/g, ' ')
		.replace(/^[\s.,\p{Pd}]+|[\s,\p{Pd}]+$/gu, '')
	return COMPANY_FORM_END.test(tidied) || legalFormOf(tidied) !== null ? tidied : tidied.replace(/[\s.,\p{Pd}]+$/u, '')
}

/**
 * Only words that describe an organisation ('Pathological Laboratory'), no name among them. A word
 * of one or two letters not in capitals ('Or', OCR's reading of a logo's mark) names nothing.
 */
function isGenericOnly(text: string): boolean {
	const words = text
		.split(/[\s,&/-]+/)
		.map((word) => word.replace(/^[^\p{L}]+|[^\p{L}]+$/gu, ''))
		.filter((word) => word !== '' && !isParticle(word) && !(word.length <= 2 && word !== word.toUpperCase()))
	return words.every((word) => GENERIC_WORD.test(word))
}

function isOrganisationName(text: string): boolean {
	const legalForm = legalFormOf(text)
	if (!legalForm && !ORGANISATION_WORD.test(text)) return false
	if (/\d/.test(text) || text.includes('@')) return false
	const words = text.split(' ')
	if (words.length < 2 || words.length > 8) return false
	// a name cut short ('Centro Médico Los' of 'Centro Médico Los Álamos') ends in an article or particle
	if (isParticle(words[words.length - 1]) || /^(?:los|las|el|les|der|die|das|dem|den)$/i.test(words[words.length - 1])) return false
	if (FIELD_LABEL.test(text) || SECTION_HEADING.test(text) || startsWithTagline(text) || ADDRESSING_WORD.test(text)) return false
	// a legal form makes the words before it a registered name, generic or not
	const name = legalForm ? text.slice(0, legalForm.index) : text
	if (name.trim() === '' || (!legalForm && isGenericOnly(name))) return false
	return /^\p{Lu}/u.test(text)
}

/**
 * A tagline naming another organisation than the issuer: a parent group, an affiliation, the
 * software that printed the page ('A member of Riverside Health', OCR's 'Amember of …', 'Powered by LabSys Ltd').
 */
const TAGLINE_WORDS = String.raw`(?:(?:an?\s*)?(?:member|part|unit|division|subsidiary|partner|company|initiative)\s+of|(?:powered|printed|generated|developed|accredited|certified|approved|recogni[sz]ed|supported|sponsored)\s+by|in\s+(?:association|partnership|collaboration)\s+with|affiliated\s+(?:to|with))`
/** The words before a name that make it the tagline's object, at the end of what precedes it. */
// or an article, one word and 'of' opening the line ('A nenber of', OCR's 'member'): a name does not start so
const TAGLINE_LEAD = new RegExp(String.raw`(?:(?:^|\s)${TAGLINE_WORDS}|^an?\s+\p{L}+\s+of)\s*$`, 'iu')
/**
 * A word that speaks to the reader or for the organisation ('Caring for your health', 'Cuidando da
 * sua saúde', 'Votre santé, notre priorité'): a tagline's, never a name's.
 */
const ADDRESSING_WORD =
	/(?<![\p{L}])(?:your|our|you|we|sua|seu|suas|seus|nossa|nosso|nossos|nossas|su|sus|nuestra|nuestro|nuestros|nuestras|votre|vos|notre|nos|ihre|ihr|ihren|unsere|unser|tua|tuo|vostra|vostro|nostra|nostro)(?![\p{L}])/iu

/** A column that starts with a tagline's lead words ('A member of Riverside Health'). */
const TAGLINE_START = new RegExp(String.raw`^(?:${TAGLINE_WORDS}|an?\s+\p{L}+\s+of)\s`, 'iu')

/**
 * 'A member of' with its spaces lost and its word misread ('Anenberof', 'Anenber of', 'Awenber of'):
 * the article run into a word within two letters of 'member', then 'of'. Only that word: 'Academy
 * of', 'Alliance of' open names.
 */
const RUN_TOGETHER_MEMBER_OF = /^an?\s*(\p{L}{4,8}?)\s*of(?:\s|$)/iu

function isRunTogetherMemberOf(text: string): boolean {
	const word = RUN_TOGETHER_MEMBER_OF.exec(text.trim())?.[1]
	return word !== undefined && editDistanceAtMost(word.toLowerCase(), 'member', 2) <= 2
}

/** Words that open a tagline, at the end of what precedes a name. */
function endsInTaglineLead(text: string): boolean {
	return TAGLINE_LEAD.test(text) || isRunTogetherMemberOf(text)
}

/** A text that opens with a tagline's lead words. */
function startsWithTagline(text: string): boolean {
	return TAGLINE_START.test(text) || isRunTogetherMemberOf(text)
}

/** A column that is the value of another field: after a 'Label:' in it or before it, or with its label blacked out (': …'). */
function isFieldValue(column: string, previous: string | undefined): boolean {
	const trimmed = column.trim()
	if (/^[:：]/.test(trimmed)) return true
	if (/[^:：]\s*[:：]\s*\S/.test(trimmed)) return true
	return previous !== undefined && /[:：]\s*$/.test(previous)
}

function columnsOf(line: string, separators: RegExp): string[] {
	return line.split(separators)
}

/** Longer than a letterhead's line (a name, an address, a phone number side by side): a run-on text layer's, read for no name. */
const MAX_LETTERHEAD_LINE = 500

function nameInColumns(line: string, separators: RegExp): string | null {
	if (line.length > MAX_LETTERHEAD_LINE) return null
	const columns = columnsOf(line, separators)
	for (const [index, column] of columns.entries()) {
		if (isFieldValue(column, index > 0 ? columns[index - 1] : undefined)) continue
		// a label with its value in the next column ('Collection Centre:   Marlow Diagnostics')
		if (/[:：]\s*$/.test(column) && columns.slice(index + 1).some((next) => next.trim() !== '')) continue
		// the words before the name, in this column or the ones before it, make it a tagline's object
		const lead = /^(.*?)(\p{Lu}[^]*)$/u.exec(column.trim())
		if (endsInTaglineLead(`${columns.slice(0, index).join(' ')} ${lead ? lead[1] : ''}`.trimEnd())) continue
		const candidate = tidyCandidate(column)
		if (isOrganisationName(candidate)) return titleCaseName(candidate)
	}
	return null
}

/**
 * letterhead: the page's largest lines at its top (letterheadOfBoxes), read after the first lines and
 * before the last: a text PDF may draw its letterhead after the blocks under it. wholeNames: the
 * letterhead texts a name read may be a fragment of (wholeNameOf; a scan's OCR words give these
 * only: read as names of their own, a photo's words in lines misjoined gave nonsense).
 */
export function findProvider(text: string, _kind: DocumentKind, letterhead = '', wholeNames = letterhead): string | null {
	const labelled = new Set<string>()
	for (const match of text.matchAll(LABELLED)) {
		const candidate = tidyCandidate(match[1])
		if (isOrganisationName(candidate)) labelled.add(titleCaseName(candidate))
	}
	if (labelled.size > 1) return null
	if (labelled.size === 1) return [...labelled][0]
	const lines = text.split('\n').filter((line) => line.trim() !== '')
	const letterheadLines = letterhead.split('\n').filter((line) => line.trim() !== '')
	const wholeNameLines = wholeNames.split('\n').filter((line) => line.trim() !== '')
	for (const line of [...lines.slice(0, 8), ...letterheadLines]) {
		const name = nameInColumns(line, /\s{2,}|\s[|·•]\s/)
		if (name) return wholeNameOf(name, wholeNameLines)
	}
	for (const line of lines.slice(-6)) {
		const name = nameInColumns(line, /\s{2,}|\s[|·•]\s|,\s/)
		if (name) return name
	}
	return null
}

/**
 * The whole name a name read from one line is part of: a letterhead text (a lockup: 'Mercy Ridge'
 * over 'Community Hospital') that names an organisation and holds the name read, in its place
 * among whole words; else the name as read.
 */
function wholeNameOf(name: string, letterheadLines: string[]): string {
	const named = name.toLowerCase().split(/\s+/)
	for (const line of letterheadLines) {
		const candidate = tidyCandidate(line)
		const words = candidate.split(/\s+/)
		const at = words.findIndex((_, start) => named.every((word, offset) => words[start + offset]?.toLowerCase() === word))
		if (words.length <= named.length || at < 0 || !isOrganisationName(candidate)) continue
		// the words it adds name the organisation ('Mercy Ridge'), not describe it ('Clinical Pathology Services') nor name another
		const added = [...words.slice(0, at), ...words.slice(at + named.length)].join(' ')
		if (!isGenericOnly(added) && !isOrganisationName(added)) return titleCaseName(candidate)
	}
	return name
}

/** The name's letters with any spacing between them ('GNUSolidario' finds 'GNU Solidario'). */
function spacedPattern(name: string): RegExp {
	const letters = [...name.replace(/\s+/g, '')].map((character) => character.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
	return new RegExp(`(?<![\\p{L}\\p{N}])${letters.join('[^\\S\\n]?')}(?![\\p{L}\\p{N}])`, 'giu')
}

/** Where the name's words break, as counts of the letters before each break. */
function breakPoints(name: string): Set<number> {
	const points = new Set<number>()
	let letters = 0
	for (const part of name.trim().split(/\s+/).slice(0, -1)) points.add((letters += part.length))
	return points
}

/**
 * Another spelling of the same letters that only adds word breaks, each where the name turns from a
 * small letter to a capital ('GNuSolidario' -> 'GNU Solidario'): a break lost between two words.
 * A break inside a run of one case ('RIVERSIDE' read 'RI VERSIDE' from letter-spaced capitals) is
 * OCR splitting a word, not evidence.
 */
function isLostBreak(name: string, other: string): boolean {
	const kept = breakPoints(name)
	const added = breakPoints(other)
	if (added.size <= kept.size || [...kept].some((point) => !added.has(point))) return false
	const letters = [...name.replace(/\s+/g, '')]
	return [...added].filter((point) => !kept.has(point)).every((point) => /\p{Ll}/u.test(letters[point - 1] ?? '') && /\p{Lu}/u.test(letters[point] ?? ''))
}

/**
 * The provider of a page read more than once (the kept OCR reading first, the others after): the
 * first reading that names one decides; another reading (or the same text elsewhere) that holds the
 * same letters with a word break where the name turns from a small letter to a capital gives the
 * name its spelling: a break that OCR printed is evidence, and a word break is never guessed.
 */
export function providerOfReadings(readings: string[], kind: DocumentKind, letterhead = '', wholeNames = letterhead): string | null {
	let provider: string | null = null
	for (const [index, reading] of readings.entries()) {
		provider = findProvider(reading, kind, index === 0 ? letterhead : '', wholeNames)
		if (provider) break
	}
	if (!provider) return null
	for (const reading of readings) {
		for (const match of reading.matchAll(spacedPattern(provider))) {
			const spelled = titleCaseName(match[0].replace(/\s+/g, ' '))
			if (isLostBreak(provider, spelled)) return spelled
		}
	}
	return provider
}

type BoxLine = { boxes: Box[]; top: number; bottom: number; left: number; right: number; height: number }

function median(values: number[]): number {
	const sorted = [...values].sort((a, b) => a - b)
	return sorted.length ? sorted[Math.floor(sorted.length / 2)] : 0
}

/** Boxes in lines by vertical overlap (half the smaller box's height at least). */
function boxLines(boxes: Box[]): BoxLine[] {
	const lines: BoxLine[] = []
	for (const box of [...boxes].sort((a, b) => a.top - b.top || a.left - b.left)) {
		const height = box.bottom - box.top
		const line = lines.find(
			(candidate) => Math.min(candidate.bottom, box.bottom) - Math.max(candidate.top, box.top) >= 0.5 * Math.min(height, candidate.height),
		)
		if (line) {
			line.boxes.push(box)
			line.top = Math.min(line.top, box.top)
			line.bottom = Math.max(line.bottom, box.bottom)
			line.left = Math.min(line.left, box.left)
			line.right = Math.max(line.right, box.right)
			line.height = Math.max(line.height, height)
		} else lines.push({ boxes: [box], top: box.top, bottom: box.bottom, left: box.left, right: box.right, height })
	}
	return lines.sort((a, b) => a.top - b.top)
}

/** A line cut where a gap is wider than twice its letters' height (letter-spaced words keep wider gaps than a text's): the names and blocks set side by side on it. */
function lineSegments(line: BoxLine): BoxLine[] {
	const segments: BoxLine[] = []
	for (const box of [...line.boxes].sort((a, b) => a.left - b.left)) {
		const segment = segments.at(-1)
		if (segment && box.left - segment.right <= 2 * line.height) {
			segment.boxes.push(box)
			segment.right = Math.max(segment.right, box.right)
			segment.top = Math.min(segment.top, box.top)
			segment.bottom = Math.max(segment.bottom, box.bottom)
			segment.height = Math.max(segment.height, box.bottom - box.top)
		} else segments.push({ boxes: [box], top: box.top, bottom: box.bottom, left: box.left, right: box.right, height: box.bottom - box.top })
	}
	return segments
}

/**
 * A line's text: its boxes left to right, a gap wider than one letter height written as a column
 * gap. asName: a lockup's line, its words one space apart (letter-spaced words keep wide gaps) and
 * without the rules drawn beside them ('— ANÁLISES CLÍNICAS —', read as dashes).
 */
function lineText(line: BoxLine, asName = false): string {
	const boxes = [...line.boxes].filter((box) => !asName || !/^[\p{Pd}_=~]+$/u.test(box.text.trim())).sort((a, b) => a.left - b.left)
	const gap = (index: number) => (!asName && boxes[index].left - boxes[index - 1].right > line.height ? '   ' : ' ')
	return boxes.map((box, index) => (index === 0 ? '' : gap(index)) + box.text.trim()).join('')
}

/**
 * The letterhead of a page from its positioned text (a text PDF's items): the lines in the top
 * third of the page's text set larger than its body text (a quarter larger at least), the largest
 * first. Lines of one size stacked under each other within a line's height and over the same
 * span (a name set on two or three lines: 'HALVERSON' over 'REFERENCE LABORATORY') are also given
 * joined, before the lines one by one, when each line is set as a name's (isNameLike: a tagline's
 * sentence is not joined); a name stacked beside another block (a tagline set on
 * four lines to its right) is still one block. wholePage: the boxes are a letterhead band's
 * (letterhead-band.ts), every line of it may be the letterhead; anySize: the boxes are a
 * letterhead picture's words (a text PDF's logo), each line of any size may be.
 */
export function letterheadOfBoxes(boxes: Box[], options: { wholePage?: boolean; anySize?: boolean } = {}): string {
	if (boxes.length === 0) return ''
	const body = median(boxes.map((box) => box.bottom - box.top))
	const lines = boxLines(boxes).flatMap(lineSegments)
	const pageTop = Math.min(...lines.map((line) => line.top))
	const pageBottom = Math.max(...lines.map((line) => line.bottom))
	const top = options.wholePage ? pageBottom : pageTop + (pageBottom - pageTop) / 3
	const large = lines.filter((line) => line.top <= top && (options.anySize || line.height >= 1.25 * body))
	const blocks: BoxLine[][] = []
	for (const line of large) {
		// the block this line continues: its last line just above, over the same span, every line of it of one size
		const block = blocks.find((candidate) => {
			const last = candidate.at(-1) as BoxLine
			const heights = [line.height, ...candidate.map((stacked) => stacked.height)]
			return (
				line.top - last.bottom < Math.min(line.height, last.height) &&
				Math.max(...heights) <= 1.2 * Math.min(...heights) &&
				Math.min(line.right, last.right) > Math.max(line.left, last.left)
			)
		})
		if (block) block.push(line)
		else blocks.push([line])
	}
	const texts: string[] = []
	for (const block of [...blocks].sort((a, b) => Math.max(...b.map((line) => line.height)) - Math.max(...a.map((line) => line.height)))) {
		if (block.length > 1 && block.every((line) => isNameLike(lineText(line)))) texts.push(block.map((line) => lineText(line)).join(' '))
		// each large line that names nothing on its own, with the lines of any size set tight above and below it: a logo's lockup
		for (const line of block.filter((candidate) => isNamePart(lineText(candidate, true)) && !isOrganisationName(tidyCandidate(lineText(candidate))))) {
			const lockup = lockupOf(line, lines).map((stacked) => lineText(stacked, true))
			if (lockup.length > 1) texts.push(lockup.join(' '))
		}
		texts.push(...block.map((line) => lineText(line)))
	}
	return [...new Set(texts)].join('\n')
}

/** At most this many lines make one lockup. */
const MAX_LOCKUP_LINES = 4

/** Two lines one under the other: the gap between them smaller than the smaller's height, one's middle within the other's span. */
function isTightlyStacked(upper: BoxLine, lower: BoxLine): boolean {
	const gap = lower.top - upper.bottom
	if (gap < 0 || gap >= Math.min(upper.height, lower.height)) return false
	const middle = (line: BoxLine) => (line.left + line.right) / 2
	const within = (x: number, line: BoxLine) => x >= line.left && x <= line.right
	return within(middle(upper), lower) || within(middle(lower), upper)
}

/** A line that may be part of a name: set as one (isNameLike), and no heading, label or tagline of its own. */
function isNamePart(text: string): boolean {
	return isNameLike(text) && !FIELD_LABEL.test(text) && !SECTION_HEADING.test(text) && !startsWithTagline(text) && !ADDRESSING_WORD.test(text)
}

/**
 * A name set as a logo's lockup: words of different sizes stacked tight over one centre
 * ('LABORATÓRIO' small over 'BIOVIDA' large over 'ANÁLISES CLÍNICAS' letter-spaced), the large line
 * with the lines just above and below it, top to bottom: given, before the lines one by one, for a
 * large line that names nothing on its own ('Mercy Ridge' over 'Community Hospital': the smaller
 * line alone is a fragment of the name); a large line that does is the name ('Riverside Medical
 * Center' over 'Clinical Pathology Services').
 */
function lockupOf(line: BoxLine, lines: BoxLine[]): BoxLine[] {
	const lockup = [line]
	// a tagline's sentence, a heading or a label under the name ends the lockup: it is no part of the name
	const named = lines.filter((other) => isNamePart(lineText(other, true)))
	const nearest = (candidates: BoxLine[]) => candidates.sort((a, b) => Math.abs(a.top - line.top) - Math.abs(b.top - line.top))[0]
	while (lockup.length < MAX_LOCKUP_LINES) {
		const above = nearest(named.filter((other) => !lockup.includes(other) && isTightlyStacked(other, lockup[0])))
		const below = nearest(named.filter((other) => !lockup.includes(other) && isTightlyStacked(lockup.at(-1) as BoxLine, other)))
		if (!above && !below) break
		if (above) lockup.unshift(above)
		if (below && lockup.length < MAX_LOCKUP_LINES) lockup.push(below)
	}
	return lockup
}
