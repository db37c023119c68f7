import { contentKey } from './content-key.ts'
import { narrativeOf } from './narrative.ts'
import { isNoneCode, isNoneText, noneStatement } from './none-entries.ts'
import { child, childrenNamed, textContent, type XmlElement } from './safe-xml.ts'
import {
	emptyRecord,
	interpretationOf,
	numberOf,
	type EntryKind,
	type NotImportedReason,
	type SectionRead,
	type StructuredObservation,
	type StructuredRecord,
} from '../shared/structured-types.ts'

/**
 * Section mappers for C-CDA (R2.1, R2.0, R1.1 and HITSP C32 CCDs), following
 * HL7's C-CDA on FHIR mapping for what they keep: Results and Vital Signs
 * observations (in organizers or alone), Medications, Immunizations,
 * Problems and Allergies. Each entry is read on its own: one that cannot be
 * read (an unknown template, a nullFlavor or text-only value) is kept as
 * text and counted, and never costs the rest of the document. Sections are
 * recognised by their templateId, else their LOINC code, else their title.
 * 'None' entries (negated, null-flavoured, 'No known allergies') become
 * statements, never entries.
 */

const LOINC_OID = '2.16.840.1.113883.6.1'
const RXNORM_OID = '2.16.840.1.113883.6.88'
const CVX_OIDS = ['2.16.840.1.113883.12.292', '2.16.840.1.113883.6.59']
const PLACEHOLDER_CODES = new Set(['UNKNOWN', 'UNK', '30954-2'])
/** SNOMED classes a negated entry names to say 'none of these': drug or medicament, medicinal product, vaccine product, substance. */
const GENERIC_PRODUCT_CODES = new Set(['410942007', '763158003', '787859002', '105590001'])

type SectionKind = 'results' | 'vitals' | 'medications' | 'immunizations' | 'problems' | 'allergies'

const SECTION_BY_LOINC: Record<string, SectionKind> = {
	'30954-2': 'results',
	'8716-3': 'vitals',
	'10160-0': 'medications',
	'11369-6': 'immunizations',
	'11450-4': 'problems',
	'48765-2': 'allergies',
}
const SECTION_BY_TEMPLATE: Record<string, SectionKind> = {
	'2.16.840.1.113883.10.20.22.2.3': 'results',
	'2.16.840.1.113883.10.20.22.2.3.1': 'results',
	'2.16.840.1.113883.10.20.22.2.4': 'vitals',
	'2.16.840.1.113883.10.20.22.2.4.1': 'vitals',
	'2.16.840.1.113883.10.20.22.2.1': 'medications',
	'2.16.840.1.113883.10.20.22.2.1.1': 'medications',
	'2.16.840.1.113883.10.20.22.2.2': 'immunizations',
	'2.16.840.1.113883.10.20.22.2.2.1': 'immunizations',
	'2.16.840.1.113883.10.20.22.2.5': 'problems',
	'2.16.840.1.113883.10.20.22.2.5.1': 'problems',
	'2.16.840.1.113883.10.20.22.2.6': 'allergies',
	'2.16.840.1.113883.10.20.22.2.6.1': 'allergies',
	'2.16.840.1.113883.3.88.11.83.122': 'results',
	'2.16.840.1.113883.3.88.11.83.119': 'vitals',
	'2.16.840.1.113883.3.88.11.83.112': 'medications',
	'2.16.840.1.113883.3.88.11.83.117': 'immunizations',
	'2.16.840.1.113883.3.88.11.83.103': 'problems',
	'2.16.840.1.113883.3.88.11.83.102': 'allergies',
}

/**
 * A section's kind from its title, for a section with neither a known
 * template nor a LOINC code: the words that name it ('Current Meds:',
 * 'Vital Signs (Last Filed)', 'LAB RESULTS', 'Allergies, Adverse Reactions
 * and Alerts'), checked in this order, and never a history, plan or
 * administration section ('Family History of Conditions', 'Medications
 * Administered').
 */
const SECTION_BY_TITLE: [RegExp, SectionKind][] = [
	[/\ballerg|^alerts$/, 'allergies'],
	[/\bimmuni[sz]|\bvaccin/, 'immunizations'],
	[/\bvital/, 'vitals'],
	[/\bmedications?\b|\bmeds\b|\bmedicines\b|\bprescriptions\b/, 'medications'],
	[/\bproblems?\b|\bdiagnos[ie]s\b|\bconditions\b/, 'problems'],
	[/\bresults?\b|\blab\b|\blabs\b|\blaboratory\b/, 'results'],
]
const NOT_A_LIST_TITLE =
	/\bhistory of\b|\bfamily\b|\bpast\b|\bplan\b|\badministered\b|\binstructions?\b|\bgoals?\b|\bsocial\b|\bprocedures?\b|\bimaging\b|\bradiology\b|\borders?\b/

/** Lower case, a parenthesised remark and punctuation dropped ('Vital Signs (Last Filed)' -> 'vital signs'). */
function titleWords(title: string): string {
	return title
		.toLowerCase()
		.replace(/\([^)]*\)/g, ' ')
		.replace(/[^a-z0-9]+/g, ' ')
		.trim()
}

const ENTRY_KIND: Record<SectionKind, EntryKind> = {
	results: 'results',
	vitals: 'vitals',
	medications: 'medications',
	immunizations: 'immunizations',
	problems: 'problems',
	allergies: 'allergies',
}

const SECTION_TITLES: Record<SectionKind, string> = {
	results: 'Results',
	vitals: 'Vital signs',
	medications: 'Medications',
	immunizations: 'Immunizations',
	problems: 'Problems',
	allergies: 'Allergies',
}

/** HL7 TS ('20080319083000-0800') as ISO 8601 at its own precision ('2008-03-19T08:30:00-08:00'). */
export function hl7TimeToIso(value: string | undefined | null): string | null {
	const match = value ? /^(\d{4})(\d{2})?(\d{2})?(\d{2})?(\d{2})?(\d{2})?(?:\.\d+)?([+-]\d{4})?$/.exec(value.trim()) : null
	if (!match) return null
	const [, year, month, day, hour, minute, second, zone] = match
	let iso = year
	if (month) iso += `-${month}`
	if (day) iso += `-${day}`
	if (hour) iso += `T${hour}:${minute ?? '00'}`
	if (hour && second) iso += `:${second}`
	if (hour && zone) iso += `${zone.slice(0, 3)}:${zone.slice(3)}`
	return iso
}

function isoDay(value: string | null): string | null {
	return value && /^\d{4}-\d{2}-\d{2}/.test(value) ? value.slice(0, 10) : null
}

function timeOf(element: XmlElement | undefined): string | null {
	if (!element) return null
	return (
		hl7TimeToIso(element.attributes.value) ?? hl7TimeToIso(child(element, 'low')?.attributes.value) ?? hl7TimeToIso(child(element, 'center')?.attributes.value)
	)
}

function isNegated(element: XmlElement): boolean {
	return element.attributes.negationInd?.trim().toLowerCase() === 'true'
}

function textEntry(context: Context, kind: EntryKind, section: string, name: string, text: string, reason: NotImportedReason) {
	context.record.textEntries.push({ section, name, text, kind, reason })
}

function templateIds(element: XmlElement): string[] {
	return childrenNamed(element, 'templateId').map((template) => template.attributes.root ?? '')
}

/** Narrative ids (ID attributes) to their text, for originalText/reference. */
function narrativeIndex(root: XmlElement): Map<string, string> {
	const index = new Map<string, string>()
	const stack: XmlElement[] = [root]
	for (let next = stack.pop(); next; next = stack.pop()) {
		if (next.attributes.ID) index.set(next.attributes.ID, textContent(next))
		for (const item of next.children) stack.push(item)
	}
	return index
}

type Context = { references: Map<string, string>; record: StructuredRecord }

function originalText(context: Context, element: XmlElement | undefined): string {
	const original = child(element, 'originalText')
	if (!original) return ''
	const reference = child(original, 'reference')?.attributes.value
	if (reference?.startsWith('#')) return context.references.get(reference.slice(1)) ?? textContent(original)
	return textContent(original)
}

/**
 * A coded value's code and name: the value's own, else (when the value is
 * null-flavoured: 'UNK' with the SNOMED code in a translation) its first
 * translation with a code, else its originalText.
 */
function codedValue(context: Context, element: XmlElement | undefined): { code: string | null; name: string } {
	if (!element) return { code: null, name: '' }
	const own = element.attributes.nullFlavor ? null : element.attributes.code?.trim() || null
	const translation = own ? undefined : childrenNamed(element, 'translation').find((candidate) => candidate.attributes.code && !candidate.attributes.nullFlavor)
	return { code: own ?? translation?.attributes.code?.trim() ?? null, name: codeName(context, element) || codeName(context, translation) }
}

function codeName(context: Context, code: XmlElement | undefined): string {
	if (!code) return ''
	const display = code.attributes.displayName?.trim()
	if (display && display.toLowerCase() !== 'unknown') return display
	const original = originalText(context, code)
	if (original) return original
	return childrenNamed(code, 'translation').find((translation) => translation.attributes.displayName)?.attributes.displayName ?? ''
}

function codeInSystem(code: XmlElement | undefined, systems: string[]): string | null {
	if (!code) return null
	const candidates = [code, ...childrenNamed(code, 'translation')]
	const found = candidates.find(
		(candidate) =>
			systems.includes(candidate.attributes.codeSystem ?? '') &&
			candidate.attributes.code &&
			!PLACEHOLDER_CODES.has(candidate.attributes.code.trim().toUpperCase()),
	)
	return found?.attributes.code?.trim() ?? null
}

function xsiType(element: XmlElement | undefined): string {
	return (element?.attributes['xsi:type'] ?? '').replace(/^.*:/, '').toUpperCase()
}

function chosenRange(observation: XmlElement): XmlElement | undefined {
	const ranges = childrenNamed(observation, 'referenceRange')
		.map((range) => child(range, 'observationRange'))
		.filter((range): range is XmlElement => Boolean(range))
	return ranges.find((range) => child(range, 'interpretationCode')?.attributes.code === 'N') ?? ranges[0]
}

function boundValue(bound: XmlElement | undefined): number | null {
	if (!bound) return null
	return numberOf(bound.attributes.value) ?? numberOf(child(bound, 'translation')?.attributes.value)
}

function rangeTextBounds(text: string): { min: number | null; max: number | null } {
	const between = /^\(?\s*(-?\d+(?:\.\d+)?)\s*[-–]\s*(-?\d+(?:\.\d+)?)\b/.exec(text)
	if (between) return { min: Number(between[1]), max: Number(between[2]) }
	const below = /^<=?\s*(-?\d+(?:\.\d+)?)/.exec(text)
	if (below) return { min: null, max: Number(below[1]) }
	const above = /^>=?\s*(-?\d+(?:\.\d+)?)/.exec(text)
	if (above) return { min: Number(above[1]), max: null }
	return { min: null, max: null }
}

function entryKey(element: XmlElement, prefix: string): string {
	const id = childrenNamed(element, 'id').find((candidate) => candidate.attributes.root && !candidate.attributes.nullFlavor)
	if (id) return `${prefix}:${id.attributes.root}${id.attributes.extension ? `^${id.attributes.extension}` : ''}`
	return contentKey(prefix, element)
}

function readObservation(context: Context, observation: XmlElement, category: 'result' | 'vital', organizerTime: string | null) {
	const code = child(observation, 'code')
	const loinc = codeInSystem(code, [LOINC_OID])
	const name = codeName(context, code) || loinc || 'Unnamed result'
	const section = category === 'vital' ? 'Vital signs' : 'Results'
	const kind = category === 'vital' ? 'vitals' : 'results'
	if (code?.attributes.code?.trim() === '30954-2') {
		context.record.skipped.push({ kind, reason: 'placeholder', name: codeName(context, code) })
		return
	}
	if (isNegated(observation)) {
		context.record.statements.push(noneStatement(kind, codeName(context, code), true))
		return
	}
	const value = child(observation, 'value')
	const type = xsiType(value)
	let number: number | null = null
	let unit: string | null = null
	let valueText = ''
	if (type === 'PQ' && value) {
		if (!value.attributes.nullFlavor) {
			number = numberOf(value.attributes.value)
			unit = value.attributes.unit ?? null
			valueText = value.attributes.value ?? ''
		} else {
			const translation = child(value, 'translation')
			number = numberOf(translation?.attributes.value)
			unit = textContent(child(translation, 'originalText')) || translation?.attributes.unit || null
			valueText = translation?.attributes.value ?? ''
		}
	}
	if (number === null) {
		const printed = value
			? (value.attributes.value ?? value.attributes.displayName ?? textContent(value)) || describeInterval(value) || originalText(context, value)
			: ''
		const reason: NotImportedReason = !value || value.attributes.nullFlavor ? 'no_value' : type === 'IVL_PQ' ? 'comparator' : 'not_a_number'
		textEntry(context, kind, section, name, printed || value?.attributes.nullFlavor || '', reason)
		return
	}
	const range = chosenRange(observation)
	const rangeValue = child(range, 'value')
	const rangeText = range ? originalTextOrText(context, child(range, 'text')) : ''
	let min = boundValue(child(rangeValue, 'low'))
	let max = boundValue(child(rangeValue, 'high'))
	if (min === null && max === null && rangeText) ({ min, max } = rangeTextBounds(rangeText))
	const read: StructuredObservation = {
		category,
		key: entryKey(observation, 'obs'),
		loinc,
		localCode: loinc ? null : (code?.attributes.code ?? null),
		name,
		value: number,
		valueText,
		unit,
		referenceRangeMin: min,
		referenceRangeMax: max,
		referenceRangeText: rangeText || null,
		interpretation: interpretationOf(child(observation, 'interpretationCode')?.attributes.code),
		effective: timeOf(child(observation, 'effectiveTime')) ?? organizerTime,
	}
	context.record.observations.push(read)
}

function describeInterval(value: XmlElement): string {
	const low = child(value, 'low')
	const high = child(value, 'high')
	if (!low && !high) return ''
	const unit = high?.attributes.unit ?? low?.attributes.unit ?? ''
	if (high?.attributes.value && (!low?.attributes.value || low.attributes.value === '0')) return `<= ${high.attributes.value} ${unit}`.trim()
	if (low?.attributes.value && !high?.attributes.value) return `>= ${low.attributes.value} ${unit}`.trim()
	return `${low?.attributes.value ?? ''}-${high?.attributes.value ?? ''} ${unit}`.trim()
}

function originalTextOrText(context: Context, element: XmlElement | undefined): string {
	if (!element) return ''
	const reference = child(element, 'reference')?.attributes.value
	if (reference?.startsWith('#')) return context.references.get(reference.slice(1)) ?? ''
	return textContent(element)
}

function entryClinicalStatements(entry: XmlElement): XmlElement[] {
	return entry.children.filter((item) => ['observation', 'organizer', 'substanceAdministration', 'act', 'supply', 'procedure', 'encounter'].includes(item.name))
}

function readObservationSection(context: Context, section: XmlElement, category: 'result' | 'vital') {
	for (const entry of childrenNamed(section, 'entry')) {
		for (const statement of entryClinicalStatements(entry)) {
			if (statement.name === 'organizer') {
				const organizerTime = timeOf(child(statement, 'effectiveTime'))
				for (const component of childrenNamed(statement, 'component')) {
					for (const observation of childrenNamed(component, 'observation')) readObservation(context, observation, category, organizerTime)
				}
			} else if (statement.name === 'observation') readObservation(context, statement, category, null)
			else
				textEntry(
					context,
					category === 'vital' ? 'vitals' : 'results',
					SECTION_TITLES[category === 'vital' ? 'vitals' : 'results'],
					statement.name,
					textContent(statement).slice(0, 200),
					'unknown_section',
				)
		}
	}
}

function productName(context: Context, administration: XmlElement): { name: string; code: XmlElement | undefined } {
	const material = child(administration, 'consumable', 'manufacturedProduct', 'manufacturedMaterial')
	const code = child(material, 'code')
	return { name: codeName(context, code) || textContent(child(material, 'name')), code }
}

/**
 * A 'none' medication or immunization: negated ('not given'), coded as
 * none, named 'No known medications', or with a null-flavoured product and
 * no name at all. Its statement goes in the record, and it is not an entry.
 */
function isNoneAdministration(context: Context, kind: EntryKind, administration: XmlElement, name: string, code: XmlElement | undefined): boolean {
	const negated = isNegated(administration)
	const nullFlavor = code?.attributes.nullFlavor ?? null
	const coded = codedValue(context, code).code
	const ownWords = [originalText(context, code), name].find((words) => isNoneText(words))
	if (negated || isNoneCode(coded) || ownWords || (!name && nullFlavor && !coded)) {
		// a negated generic class ('Drug or medicament' not taken) says there are none
		context.record.statements.push(
			noneStatement(
				kind,
				ownWords ?? (coded && GENERIC_PRODUCT_CODES.has(coded) ? null : name),
				negated && !(coded && GENERIC_PRODUCT_CODES.has(coded)),
				nullFlavor,
			),
		)
		return true
	}
	return false
}

const DOSE_FORMS = /\b(tablet|capsule|puff|patch|spray|drop|suppository|lozenge|inhalation|injection|vial|ampule)s?\b/i

function countedForm(value: string, form: string) {
	const word = form.trim().toLowerCase()
	return `${value} ${Number(value) === 1 || word.endsWith('s') ? word : `${word}s`}`
}

/**
 * A dose as people read it: '50 ug'; a count without a unit (UCUM's '1', or
 * none) with the form the file names (administrationUnitCode 'Puff', or the
 * product 'Lisinopril 10 MG Oral Tablet'): '2 puffs', '1 tablet'; a bare
 * number otherwise says its unit is not given, never 'Dose: 1'.
 */
export function doseOf(dose: XmlElement | undefined, administrationUnit: XmlElement | undefined, productName: string): string | null {
	const value = dose?.attributes.value?.trim()
	if (!value) return null
	const unit = dose?.attributes.unit?.trim()
	if (unit && unit !== '1' && !/^\{[^}]*\}$/.test(unit)) return `${value} ${unit}`
	const form = administrationUnit?.attributes.displayName?.trim() || DOSE_FORMS.exec(productName)?.[1]
	if (form) return countedForm(value, form)
	return `${value} (unit not given)`
}

function readMedications(context: Context, section: XmlElement) {
	for (const entry of childrenNamed(section, 'entry')) {
		for (const administration of childrenNamed(entry, 'substanceAdministration')) {
			const { name, code } = productName(context, administration)
			if (isNoneAdministration(context, 'medications', administration, name, code)) continue
			if (!name) {
				textEntry(context, 'medications', 'Medications', 'medication', textContent(administration).slice(0, 200), 'no_name')
				continue
			}
			const doseText = doseOf(child(administration, 'doseQuantity'), child(administration, 'administrationUnitCode'), name)
			const times = childrenNamed(administration, 'effectiveTime')
			const period = times.find((time) => xsiType(time) === 'PIVL_TS')
			const frequency =
				period && child(period, 'period') ? `every ${child(period, 'period')!.attributes.value} ${child(period, 'period')!.attributes.unit ?? ''}`.trim() : null
			const status = child(administration, 'statusCode')?.attributes.code
			const start = timeOf(times.find((time) => xsiType(time) !== 'PIVL_TS'))
			context.record.medications.push({
				key: entryKey(administration, 'med'),
				name,
				rxnorm: codeInSystem(code, [RXNORM_OID]),
				dose: doseText,
				frequency,
				status: status === 'completed' || status === 'aborted' || status === 'cancelled' ? 'discontinued' : 'active',
				startDate: isoDay(start),
				text: [name, doseText, frequency].filter(Boolean).join(' — '),
			})
		}
	}
}

function readImmunizations(context: Context, section: XmlElement) {
	for (const entry of childrenNamed(section, 'entry')) {
		for (const administration of childrenNamed(entry, 'substanceAdministration')) {
			const { name, code } = productName(context, administration)
			if (isNoneAdministration(context, 'immunizations', administration, name, code)) continue
			context.record.immunizations.push({
				key: entryKey(administration, 'imm'),
				name: name || 'Unnamed vaccine',
				cvx: codeInSystem(code, CVX_OIDS),
				date: timeOf(child(administration, 'effectiveTime')),
				status: child(administration, 'statusCode')?.attributes.code ?? null,
			})
		}
	}
}

/** The observations a concern act holds (typeCode SUBJ), not their reactions or severities. */
function concernObservations(entry: XmlElement): XmlElement[] {
	return entry.children.flatMap((statement) => {
		if (statement.name === 'observation') return [statement]
		if (statement.name !== 'act') return []
		return childrenNamed(statement, 'entryRelationship').flatMap((relation) => childrenNamed(relation, 'observation'))
	})
}

/** A null-flavoured value with no code of its own, no coded translation and no original text. */
function isPlaceholder(value: XmlElement | undefined): boolean {
	return (
		!value ||
		(Boolean(value.attributes.nullFlavor) &&
			!value.attributes.code &&
			!child(value, 'originalText') &&
			!childrenNamed(value, 'translation').some((translation) => translation.attributes.code && !translation.attributes.nullFlavor))
	)
}

function readProblems(context: Context, section: XmlElement) {
	for (const entry of childrenNamed(section, 'entry')) {
		for (const observation of concernObservations(entry)) {
			const value = child(observation, 'value')
			const coded = codedValue(context, value)
			const negated = isNegated(observation)
			if (negated || isNoneCode(coded.code) || isNoneText(coded.name)) {
				context.record.statements.push(noneStatement('problems', coded.name, negated, value?.attributes.nullFlavor ?? null))
				continue
			}
			if (isPlaceholder(value)) {
				context.record.skipped.push({ kind: 'problems', reason: 'placeholder', name: codeName(context, child(observation, 'code')) })
				continue
			}
			context.record.problems.push({
				key: entryKey(observation, 'problem'),
				name: coded.name || 'Unnamed problem',
				code: coded.code,
				onset: timeOf(child(observation, 'effectiveTime')),
				status: child(observation, 'statusCode')?.attributes.code ?? null,
			})
		}
	}
}

function readAllergies(context: Context, section: XmlElement) {
	for (const entry of childrenNamed(section, 'entry')) {
		for (const observation of concernObservations(entry)) {
			const agent = child(observation, 'participant', 'participantRole', 'playingEntity')
			const agentCode = child(agent, 'code')
			const value = child(observation, 'value')
			const name = codeName(context, agentCode) || textContent(child(agent, 'name'))
			const valueCode = codedValue(context, value)
			const negated = isNegated(observation)
			// 'No known allergies': negated, coded as none (716186003...), or in those words
			if (
				negated ||
				isNoneCode(valueCode.code) ||
				isNoneCode(codedValue(context, agentCode).code) ||
				isNoneText(name) ||
				(!name && isNoneText(valueCode.name))
			) {
				// a negated class ('Substance', 'Drug or medicament') is 'no known allergies'
				const agentCoded = codedValue(context, agentCode).code
				const isGeneric = Boolean(agentCoded && GENERIC_PRODUCT_CODES.has(agentCoded))
				context.record.statements.push(
					noneStatement(
						'allergies',
						isNoneText(valueCode.name) ? valueCode.name : isGeneric ? null : name,
						negated && !isGeneric,
						agentCode?.attributes.nullFlavor ?? null,
					),
				)
				continue
			}
			if (!name && (isPlaceholder(value) || isPlaceholder(agentCode))) {
				context.record.statements.push(noneStatement('allergies', null, false, agentCode?.attributes.nullFlavor ?? value?.attributes.nullFlavor ?? 'NI'))
				continue
			}
			const reactions = childrenNamed(observation, 'entryRelationship')
				.flatMap((relation) => childrenNamed(relation, 'observation'))
				.filter((item) => templateIds(item).includes('2.16.840.1.113883.10.20.22.4.9'))
				.map((item) => codeName(context, child(item, 'value')))
				.filter(Boolean)
			context.record.allergies.push({
				key: entryKey(observation, 'allergy'),
				name: name || codeName(context, value) || 'Unnamed allergy',
				code: codedValue(context, agentCode).code,
				reaction: reactions.join(', ') || null,
				status: child(observation, 'statusCode')?.attributes.code ?? null,
			})
		}
	}
}

/** A section's kind by its templateId, else its LOINC code, else (when it has no LOINC code at all) its title. */
export function sectionKind(section: XmlElement): { kind: SectionKind; foundBy: SectionRead['foundBy'] } | null {
	for (const template of templateIds(section))
		if (SECTION_BY_TEMPLATE[template.trim()]) return { kind: SECTION_BY_TEMPLATE[template.trim()], foundBy: 'template' }
	const codeElement = child(section, 'code')
	const code = codeElement?.attributes.code?.trim()
	if (code && SECTION_BY_LOINC[code]) return { kind: SECTION_BY_LOINC[code], foundBy: 'code' }
	// a section coded as something else in LOINC is that something else, whatever its title
	const system = codeElement?.attributes.codeSystem?.trim()
	if (code && (system === LOINC_OID || (!system && /^\d{1,7}-\d$/.test(code)))) return null
	const title = titleWords(textContent(child(section, 'title')))
	if (!title || NOT_A_LIST_TITLE.test(title)) return null
	for (const [pattern, kind] of SECTION_BY_TITLE) if (pattern.test(title)) return { kind, foundBy: 'title' }
	return null
}

function readSection(context: Context, section: XmlElement) {
	const found = sectionKind(section)
	const kind = found?.kind ?? null
	const title = textContent(child(section, 'title')) || (kind ? SECTION_TITLES[kind] : 'Section')
	const text = child(section, 'text')
	if (text) context.record.narrative.push({ title, content: narrativeOf(text) })
	if (found) {
		context.record.sections.push({
			kind: ENTRY_KIND[found.kind],
			title,
			entries: childrenNamed(section, 'entry').length,
			foundBy: found.foundBy,
			nullFlavor: section.attributes.nullFlavor ?? null,
		})
	}
	switch (kind) {
		case 'results':
			readObservationSection(context, section, 'result')
			break
		case 'vitals':
			readObservationSection(context, section, 'vital')
			break
		case 'medications':
			readMedications(context, section)
			break
		case 'immunizations':
			readImmunizations(context, section)
			break
		case 'problems':
			readProblems(context, section)
			break
		case 'allergies':
			readAllergies(context, section)
			break
		default:
			for (const entry of childrenNamed(section, 'entry')) {
				const statement = entryClinicalStatements(entry)[0]
				textEntry(
					context,
					'other',
					title,
					codeName(context, child(statement, 'code')) || statement?.name || 'entry',
					textContent(entry).slice(0, 200),
					'unknown_section',
				)
			}
	}
	for (const component of childrenNamed(section, 'component')) for (const nested of childrenNamed(component, 'section')) readSection(context, nested)
}

/** A whole ClinicalDocument, or a bare section (the shared fixtures' fragments). */
export function readCcda(root: XmlElement): StructuredRecord {
	const record = emptyRecord('ccda')
	const context: Context = { references: narrativeIndex(root), record }
	if (root.name === 'section' || root.name === 'component') {
		for (const section of root.name === 'section' ? [root] : childrenNamed(root, 'section')) readSection(context, section)
		return record
	}
	record.typeCode = child(root, 'code')?.attributes.code ?? null
	record.title = textContent(child(root, 'title')) || null
	record.date = isoDay(timeOf(child(root, 'effectiveTime')))
	const authorOrganization = childrenNamed(root, 'author')
		.map((author) => textContent(child(author, 'assignedAuthor', 'representedOrganization', 'name')))
		.find(Boolean)
	const custodian = textContent(child(root, 'custodian', 'assignedCustodian', 'representedCustodianOrganization', 'name'))
	record.provider = custodian || authorOrganization || null
	const patient = child(root, 'recordTarget', 'patientRole', 'patient')
	const name = child(patient, 'name')
	if (name) {
		const given = childrenNamed(name, 'given').map(textContent)
		const family = childrenNamed(name, 'family').map(textContent)
		record.patient.name = [...given, ...family].filter(Boolean).join(' ') || null
	}
	record.patient.birthDate = isoDay(timeOf(child(patient, 'birthTime')))
	const body = child(root, 'component', 'structuredBody')
	for (const component of childrenNamed(body, 'component')) for (const section of childrenNamed(component, 'section')) readSection(context, section)
	if (!body && child(root, 'component', 'nonXMLBody'))
		record.textEntries.push({ section: 'Document', name: 'nonXMLBody', text: 'The document body is not structured.', kind: 'other', reason: 'not_structured' })
	return record
}
