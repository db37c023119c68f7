import { editDistanceAtMost } from '#server/lab-vocabulary/edit-distance.ts'
import type { Box } from '../pages/word-boxes.ts'
import type { DocumentKind } from '../types.ts'
import { readsAsWords } from './word-likeness.ts'

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
 * Else, last, the name a web address spells with a word printed on the page
 * ('ACCESA' and 'www.accesalabs.com': 'Accesa Labs').
 * Not a provider either: a name that does not read as words (OCR noise: 'LA
 * CLINIQUE PrOVidEnCe', word-likeness.ts); no provider is better than noise.
 * The kept OCR reading may have lost word breaks another reading of the
 * same page has ('NorthgateGeneral Hospital' beside 'Northgate General
 * Hospital'): when the letters agree and the break falls where the name
 * turns from a small letter to a capital, the spelling with the break is
 * kept (providerOfReadings); a break is never guessed.
 */

const ORGANISATION_WORD =
	/(?<![\p{L}])(?:laborator(?:y|ies)|labs?|diagnostics?|pathology|medical (?:center|centre|group|clinic)|hospital|clinics?|health(?:care)?|radiology|imaging|associates|physicians|practice|infirmary|surgery|registry|department of health|cent(?:er|re)|institute|partners|labor|laboratoire|laboratoires|laboratorio|laboratório|laboratorium|laboratoria|laboratuvar[iı]?|mvz|praxis|klinik(?:um|a)?|clinique|clínica|clinica|hôpital|hopital|ospedale|hospitais?|hastanesi|krankenhaus|szpital|przychodnia|centro|zentrum|biologie|análises|analisi|análisis|diagnóstico|diagnostico|diagnostyka|poliambulatorio|ambulatorio|policlinico|policlínica|policlinica|poliklinik|ambulatorium|bệnh viện|phòng khám|trung tâm|kórház|laboratórium|rendelő(?:intézet)?|merkezi|polikliniği|laboratuvarları|ziekenhuis|inc|ltd|llc|gmbh|pvt)(?![\p{L}])/iu

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
	/^(?:clinical|clinic(?:al|o|a|as|os)?|clínic[oa]s?|klinisch(?:e|es)?|kliniczn[aey]|pathological|pathology|patológic[oa]s?|patologi[ac]|medical|medicine|médic[oa]s?|medic[oa]s?|medizinisch(?:e|es)?|medyczn[aey]|diagnostic|diagnostics|diagnostica|diagn[óo]stic[oa]s?|diagnostyczn[aey]|diagnostyka|diagnostik|computeri[sz]ed|fully|automated|biochemical|biochemistry|biochemia|bioqu[ií]mica|haematology|hematology|hematolog[ií]a|microbiology|analysis|analyses|análises|análisis|analisi|analizy|general|reference|regional|private|public|services?|servicio|serviço|unit|department|laborator(?:y|ies)|labs?|labor|laboratoire|laboratoires|laboratorio|laboratório|laboratorium|laboratoria|hospital|hôpital|krankenhaus|szpital|cent(?:er|re)|centro|zentrum|health|healthcare|imaging|imagem|imagen|imagerie|immagini|bildgebung|radiology|institute|biolog(?:ie|ia|y)|biol[óo]gic[oa]s?|m[ée]dical(?:e|es)?|m[ée]dicaux|bệnh|viện|phòng|khám|trung|tâm|xét|nghiệm|đa|khoa|y|tế|kórház|klinika|laboratórium|orvosi|egészségügyi|központ|diagnosztikai|hastane(?:si)?|tıp|tip|merkezi|laboratuvar[ıi]?|polikliniği|ziekenhuis|medisch|centrum)$/i

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
	// Turkish capitals have their own small letters ('KASIMPAŞA' -> 'Kasımpaşa', 'HASTANESİ' -> 'Hastanesi')
	const locale = /[İŞĞ]/u.test(name) ? 'tr' : undefined
	return name
		.toLocaleLowerCase(locale)
		.split(/(\s+)/)
		.map((word, index) => {
			if (/^\s+$/.test(word)) return word
			// 'of', 'and', 'de la', 'für' stay small inside a name ('Centre Hospitalier de la Vallée'); a letter alone is not a particle here
			if (index > 0 && word.length > 1 && isParticle(word)) return word
			return (
				word
					.replace(/^([^\p{L}]*)(\p{L})/u, (_, lead: string, letter: string) => lead + letter.toLocaleUpperCase(locale))
					.replace(/([-'])(\p{L})/gu, (_, mark: string, letter: string) => mark + letter.toLocaleUpperCase(locale))
					// an abbreviation of single letters stays in capitals ('S.A.', 'B.V.')
					.replace(/^(?:\p{L}\.){2,}$/u, (abbreviation) => abbreviation.toLocaleUpperCase(locale))
					// a word of three to five letters without a vowel (its accents aside: 'bệnh' has one) is an acronym ('MVZ', 'NHS'), but for a company form or a title
					.replace(/^\p{L}{3,5}$/u, (letters) =>
						/[aeiouyıæøœ]/i.test(letters.normalize('NFD').replace(/\p{M}/gu, '')) || /^(?:ltd|pvt|mrs)$/i.test(letters)
							? letters
							: letters.toLocaleUpperCase(locale),
					)
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
		// a word in capitals with one small letter OCR read among them ('CLiNICAS' for 'CLÍNICAS'), past its second letter ('McKINLEY' stays)
		.replace(/(?<![\p{L}])\p{Lu}{2,}\p{Ll}\p{Lu}+(?![\p{L}])/gu, (word) => word.toUpperCase())
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
	return words.every((word) => GENERIC_WORD.test(word.replace(/İ/g, 'I')))
}

/**
 * Organisation words of scripts without capitals or spaces between words: Chinese and Japanese
 * (hospital, laboratory, clinic, testing centre), Korean, Farsi and Arabic (hospital, laboratory, clinic).
 */
const UNCASED_ORGANISATION_WORD =
	/医院|醫院|检验所|檢驗所|检验中心|檢驗中心|实验室|實驗室|诊所|診所|卫生院|病院|クリニック|병원|검사센터|의원|بیمارستان|آزمایشگاه|درمانگاه|کلینیک|مستشفى|مختبر|عيادة/u

/**
 * A name written in a script without case (Chinese '北京协和医院', Farsi 'آزمایشگاه پاتوبیولوژی نیلو'):
 * an organisation word of that script with letters of a name beside it, no digits, no field label.
 */
function isUncasedOrganisationName(text: string): boolean {
	const word = UNCASED_ORGANISATION_WORD.exec(text)
	if (!word || /[\d:：@]/.test(text) || /\p{Lu}|\p{Ll}/u.test(text)) return false
	const letters = text.replace(/[^\p{L}]/gu, '')
	return letters.length >= word[0].length + 2 && letters.length <= 30
}

function isOrganisationName(text: string): boolean {
	if (isUncasedOrganisationName(text)) return true
	const legalForm = legalFormOf(text)
	// the Turkish capital İ matches no 'i' without its locale ('HASTANESİ')
	if (!legalForm && !ORGANISATION_WORD.test(text.replace(/İ/g, 'I'))) return false
	if (/\d/.test(text) || text.includes('@')) return false
	const words = text.split(' ')
	if (words.length < 2 || words.length > 8) return false
	// a name cut short ('Centro Médico Los' of 'Centro Médico Los Álamos') ends in an article or particle
	if (isParticle(words[words.length - 1]) || /^(?:los|las|el|les|der|die|das|dem|den)$/i.test(words[words.length - 1])) return false
	if (FIELD_LABEL.test(text) || SECTION_HEADING.test(text) || startsWithTagline(text) || ADDRESSING_WORD.test(text)) return false
	// a legal form makes the words before it a registered name, generic or not
	const name = legalForm ? text.slice(0, legalForm.index) : text
	if (name.trim() === '' || (!legalForm && isGenericOnly(name))) return false
	// OCR noise ('LA CLINIQUE PrOVidEnCe') is worse than no name; a legal form is spelled as it is ('GmbH')
	return /^\p{Lu}/u.test(text) && readsAsWords(name)
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
		const rejoined = rejoinedLetterSpacing(candidate)
		if (rejoined && isOrganisationName(rejoined)) return titleCaseName(rejoined)
	}
	return null
}

/** At most this many organisation words are read off the end of a letter-spaced name. */
const MAX_PEELED_WORDS = 3

/**
 * A name in letter-spaced capitals as OCR reads it, its words broken where the letters stand apart
 * ('NORTHFI ELD CLI NI CAL LABORATORI ES'), put back together: only a line in capitals that names
 * nothing as read and holds two fragments or more of three letters or fewer that are no particle;
 * its letters are joined, the organisation words at its end are read off one by one, longest first
 * ('LABORATORIES', 'CLINICAL'), and what stands before them is one word, the name's own
 * ('NORTHFIELD'): 'NORTHFIELD CLINICAL LABORATORIES'. Null when no organisation word ends it, or
 * when that word stands in more than three pieces (an organisation word misread among them: 'CLI N CAL')
 * or in a piece of one letter (a letter lost beside it: 'R VERSI DE').
 */
function rejoinedLetterSpacing(text: string): string | null {
	const fragments = text.split(' ').filter((fragment) => fragment !== '')
	if (text !== text.toUpperCase() || !/\p{Lu}/u.test(text) || fragments.some((fragment) => !/^\p{L}+$/u.test(fragment))) return null
	const short = fragments.filter((fragment) => fragment.length <= 3 && !isParticle(fragment))
	if (short.length < 2 || short.length * 3 < fragments.length) return null
	let rest = fragments.join('')
	const words: string[] = []
	while (words.length < MAX_PEELED_WORDS) {
		let word: string | undefined
		for (let start = 0; start <= rest.length - 3 && word === undefined; start++) {
			if (GENERIC_WORD.test(rest.slice(start))) word = rest.slice(start)
		}
		if (word === undefined || word.length === rest.length) break
		words.unshift(word)
		rest = rest.slice(0, rest.length - word.length)
	}
	// the name's own word broken in three pieces at most: more pieces hold another word OCR misread ('CLI N CAL'); a piece
	// of one letter is where OCR lost a narrow one ('R VERSI DE' for 'RIVERSIDE')
	let letters = 0
	const pieces = fragments.filter((fragment) => (letters += fragment.length) - fragment.length < rest.length)
	const isWhole = pieces.length <= MAX_NAME_PIECES && pieces.every((piece) => piece.length >= 2)
	return words.length > 0 && rest.length >= 3 && isWhole ? [rest, ...words].join(' ') : null
}

/** A word of a name OCR broke apart in letter-spaced capitals: in this many pieces at most. */
const MAX_NAME_PIECES = 3

/**
 * letterhead: the page's largest lines at its top (letterheadOfBoxes), read after the first lines and
 * before the last: a text PDF may draw its letterhead after the blocks under it. wholeNames: the
 * letterhead texts a name read may be a fragment of (wholeNameOf; a scan's OCR words give these
 * only: read as names of their own, a photo's words in lines misjoined gave nonsense). pages: the
 * document's pages' texts, whose last lines are each a footer.
 */
export function findProvider(text: string, _kind: DocumentKind, letterhead = '', wholeNames = letterhead, pages: string[] = []): string | null {
	const labelled = new Set<string>()
	for (const match of text.matchAll(LABELLED)) {
		// the name ends where an address's house number starts ('Value Labs 2474, Rocky Place')
		const candidate = tidyCandidate(match[1].replace(/\s+\d[^]*$/, ''))
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
	const footerSeparators = /\s{2,}|\s[|·•]\s|,\s|\s[-–]\s/
	for (const line of lines.slice(-FOOTER_LINES)) {
		const name = nameInColumns(line, footerSeparators)
		if (name) return name
	}
	// each page's footer (a signature block over 'Page 1 of 2': 'NRL - Dr Lal PathLabs Ltd'): a registered name only, its legal
	// form printed, or a name printed in the footers of two pages; a page's last lines are often its body's ('Healthcare Agent')
	const footers = pages.map((page) =>
		page
			.split('\n')
			.filter((line) => line.trim() !== '')
			.slice(-FOOTER_LINES),
	)
	const names = footers.map((footer) => footer.map((line) => nameInColumns(line, footerSeparators)).filter((name) => name !== null))
	for (const name of names.flat()) {
		if (legalFormOf(name) || names.filter((onPage) => onPage.includes(name)).length >= 2) return name
	}
	return nameOfWebAddress(text)
}

/** A web address or an e-mail's domain: its name before the top-level part ('www.accesalabs.com' -> 'accesalabs'). */
const WEB_ADDRESS = /(?:\bwww\.|@|https?:\/\/)(?:[a-z0-9-]+\.)*?([a-z][a-z0-9]{3,40})\.(?:[a-z]{2,6})(?:\.[a-z]{2})?\b/gi

/** An organisation word a domain may end with ('accesa' + 'labs', 'quest' + 'diagnostics'). */
const DOMAIN_ORGANISATION_WORD =
	/^(?:labs?|laboratory|laboratories|diagnostics?|pathology|clinic|clinics|hospital|health|healthcare|imaging|radiology|medical|labor|laboratorio|laboratorium|laboratoire|klinik|clinica|clinique|hastanesi)$/

/**
 * The name a page's web address spells, as a last resort: a word printed on its own on the page (a
 * logo's 'ACCESA') followed by an organisation word ('www.accesalabs.com' -> 'Accesa Labs'). The
 * letters are the site's own; a domain that does not split so ('drlogy.com', 'lalpathlabs.com')
 * names nothing.
 */
function nameOfWebAddress(text: string): string | null {
	const pageWords = new Set((text.match(/\p{L}+/gu) ?? []).map((word) => word.toLowerCase()))
	for (const match of text.matchAll(WEB_ADDRESS)) {
		const domain = match[1].toLowerCase()
		for (let cut = 3; cut <= domain.length - 3; cut++) {
			const [brand, word] = [domain.slice(0, cut), domain.slice(cut)]
			if (!DOMAIN_ORGANISATION_WORD.test(word) || !pageWords.has(brand) || GENERIC_WORD.test(brand)) continue
			return titleCaseName(`${brand} ${word}`.toUpperCase())
		}
	}
	return null
}

/** A page's footer: its last lines. */
const FOOTER_LINES = 6

/**
 * The whole name a name read from one line is part of: a letterhead text (a lockup: 'Mercy Ridge'
 * over 'Community Hospital') that names an organisation and holds the name read, in its place
 * among whole words; else the name as read. Not a lockup: a line of columns or a tagline's list
 * ('DRLOGY PATHOLOGY LAB' over 'Accurate | Caring | Instant'), nor words set in another case than
 * the name's (capitals against small letters: a tagline under a name in capitals). A brand over
 * the name it abbreviates ('LabCorp' over 'Laboratory Corporation of America', 'ARUP' over
 * 'Associated Regional and University Pathologists') is the brand, as patients know it.
 */
function wholeNameOf(name: string, letterheadLines: string[]): string {
	const named = name.toLowerCase().split(/\s+/)
	for (const line of letterheadLines) {
		if (/\s[|·•]\s/.test(line)) continue
		const candidate = tidyCandidate(line)
		const words = candidate.split(/\s+/)
		const at = words.findIndex((_, start) => named.every((word, offset) => words[start + offset]?.toLowerCase() === word))
		if (words.length <= named.length || at < 0 || !isOrganisationName(candidate)) continue
		// the words it adds name the organisation ('Mercy Ridge'), not describe it ('Clinical Pathology Services') nor name another
		const addedWords = [...words.slice(0, at), ...words.slice(at + named.length)]
		const added = addedWords.join(' ')
		if (addedWords.length === 1 && abbreviates(added, words.slice(at, at + named.length))) return added
		if (caseStyleOf(added) !== caseStyleOf(words.slice(at, at + named.length).join(' '))) continue
		if (!isGenericOnly(added) && !isOrganisationName(added)) return titleCaseName(candidate)
	}
	return name
}

/** How a text's words are set: in capitals, or in small letters (capitalised or not). */
function caseStyleOf(text: string): 'capitals' | 'small' {
	const letters = text.replace(/[^\p{L}]/gu, '')
	return letters !== '' && letters === letters.toUpperCase() ? 'capitals' : 'small'
}

/**
 * Whether a one-word brand abbreviates the words of a name: its capitalised parts begin the name's
 * words in order ('LabCorp': 'Laboratory Corporation'), or its capitals are their initials ('ARUP'),
 * particles ('of', 'and') skipped either way; two parts or initials at least.
 */
function abbreviates(brand: string, nameWords: string[]): boolean {
	const words = nameWords.filter((word) => !isParticle(word)).map((word) => word.toLowerCase())
	const parts = brand.match(/\p{Lu}\p{Ll}*/gu) ?? []
	if (parts.length < 2 || parts.join('') !== brand.replace(/[^\p{L}]/gu, '')) return false
	const isCapitals = parts.every((part) => part.length === 1)
	return (
		parts.length <= words.length &&
		parts.every((part, index) => (isCapitals ? words[index][0] === part.toLowerCase() : words[index].startsWith(part.toLowerCase()))) &&
		(isCapitals ? parts.length === words.length : true)
	)
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
	const otherWords = other.trim().split(/\s+/)
	return [...added]
		.filter((point) => !kept.has(point))
		.every((point) => (/\p{Ll}/u.test(letters[point - 1] ?? '') && /\p{Lu}/u.test(letters[point] ?? '')) || splitsOffOrganisationWord(otherWords, point))
}

/**
 * Whether the break at this letter count separates an organisation word from the rest ('DRLOGY'
 * and 'PATHOLOGY' of 'DRLOGYPATHOLOGY'): a break OCR printed between two words, where a break
 * inside one word ('RI VERSIDE') leaves no word of the vocabulary on either side.
 */
function splitsOffOrganisationWord(words: string[], point: number): boolean {
	let letters = 0
	for (const [index, word] of words.entries()) {
		letters += word.length
		if (letters !== point) continue
		const isWord = (candidate: string | undefined) => candidate !== undefined && GENERIC_WORD.test(candidate.replace(/[^\p{L}]/gu, ''))
		return isWord(word) || isWord(words[index + 1])
	}
	return false
}

/**
 * The provider of a page read more than once (the kept OCR reading first, the others after): the
 * first reading that names one decides; another reading (or the same text elsewhere) that holds the
 * same letters with a word break where the name turns from a small letter to a capital, or where an
 * organisation word starts or ends ('DRLOGY PATHOLOGY' for 'DRLOGYPATHOLOGY'), gives the name its
 * spelling: a break that OCR printed is evidence, and a word break is never guessed. pages: the kept
 * reading's pages (findProvider).
 */
export function providerOfReadings(readings: string[], kind: DocumentKind, letterhead = '', wholeNames = letterhead, pages: string[] = []): string | null {
	let provider: string | null = null
	for (const [index, reading] of readings.entries()) {
		provider = findProvider(reading, kind, index === 0 ? letterhead : '', wholeNames, index === 0 ? pages : [])
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
