import { contentKey } from './content-key.ts'
import { narrativeOf } from './narrative.ts'
import { child, childrenNamed, textContent, type XmlElement } from './safe-xml.ts'
import {
	emptyRecord,
	interpretationOf,
	numberOf,
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
 * recognised by their LOINC code, else by their templateId.
 */

const LOINC_OID = '2.16.840.1.113883.6.1'
const RXNORM_OID = '2.16.840.1.113883.6.88'
const CVX_OIDS = ['2.16.840.1.113883.12.292', '2.16.840.1.113883.6.59']
const PLACEHOLDER_CODES = new Set(['UNKNOWN', 'UNK', '30954-2'])

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
	return hl7TimeToIso(element.attributes.value) ?? hl7TimeToIso(child(element, 'low')?.attributes.value) ?? hl7TimeToIso(child(element, 'center')?.attributes.value)
}

function isNegated(element: XmlElement): boolean {
	return element.attributes.negationInd === 'true'
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
	const found = candidates.find((candidate) => systems.includes(candidate.attributes.codeSystem ?? '') && candidate.attributes.code && !PLACEHOLDER_CODES.has(candidate.attributes.code.trim().toUpperCase()))
	return found?.attributes.code?.trim() ?? null
}

function xsiType(element: XmlElement | undefined): string {
	return (element?.attributes['xsi:type'] ?? '').replace(/^.*:/, '').toUpperCase()
}

function chosenRange(observation: XmlElement): XmlElement | undefined {
	const ranges = childrenNamed(observation, 'referenceRange').map((range) => child(range, 'observationRange')).filter((range): range is XmlElement => Boolean(range))
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
	if (code?.attributes.code?.trim() === '30954-2') return
	if (isNegated(observation)) return
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
		const printed = value ? (value.attributes.value ?? value.attributes.displayName ?? textContent(value)) || describeInterval(value) || originalText(context, value) : ''
		context.record.textEntries.push({ section, name, text: printed || value?.attributes.nullFlavor || '' })
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
			else context.record.textEntries.push({ section: SECTION_TITLES[category === 'vital' ? 'vitals' : 'results'], name: statement.name, text: textContent(statement).slice(0, 200) })
		}
	}
}

function productName(context: Context, administration: XmlElement): { name: string; code: XmlElement | undefined } {
	const material = child(administration, 'consumable', 'manufacturedProduct', 'manufacturedMaterial')
	const code = child(material, 'code')
	return { name: codeName(context, code) || textContent(child(material, 'name')), code }
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
			if (isNegated(administration)) continue
			const { name, code } = productName(context, administration)
			if (!name) {
				context.record.textEntries.push({ section: 'Medications', name: 'medication', text: textContent(administration).slice(0, 200) })
				continue
			}
			const doseText = doseOf(child(administration, 'doseQuantity'), child(administration, 'administrationUnitCode'), name)
			const times = childrenNamed(administration, 'effectiveTime')
			const period = times.find((time) => xsiType(time) === 'PIVL_TS')
			const frequency = period && child(period, 'period') ? `every ${child(period, 'period')!.attributes.value} ${child(period, 'period')!.attributes.unit ?? ''}`.trim() : null
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
			if (isNegated(administration)) continue
			const { name, code } = productName(context, administration)
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

function isPlaceholder(value: XmlElement | undefined): boolean {
	return !value || (Boolean(value.attributes.nullFlavor) && !value.attributes.code && !child(value, 'originalText'))
}

function readProblems(context: Context, section: XmlElement) {
	for (const entry of childrenNamed(section, 'entry')) {
		for (const observation of concernObservations(entry)) {
			const value = child(observation, 'value')
			if (isNegated(observation) || isPlaceholder(value)) continue
			context.record.problems.push({
				key: entryKey(observation, 'problem'),
				name: codeName(context, value) || 'Unnamed problem',
				code: value?.attributes.code ?? null,
				onset: timeOf(child(observation, 'effectiveTime')),
				status: child(observation, 'statusCode')?.attributes.code ?? null,
			})
		}
	}
}

function readAllergies(context: Context, section: XmlElement) {
	for (const entry of childrenNamed(section, 'entry')) {
		for (const observation of concernObservations(entry)) {
			if (isNegated(observation)) continue
			const agent = child(observation, 'participant', 'participantRole', 'playingEntity')
			const agentCode = child(agent, 'code')
			const value = child(observation, 'value')
			const name = codeName(context, agentCode) || textContent(child(agent, 'name'))
			if (!name && isPlaceholder(value)) continue
			if (!name && isPlaceholder(agentCode)) continue
			const reactions = childrenNamed(observation, 'entryRelationship')
				.flatMap((relation) => childrenNamed(relation, 'observation'))
				.filter((item) => templateIds(item).includes('2.16.840.1.113883.10.20.22.4.9'))
				.map((item) => codeName(context, child(item, 'value')))
				.filter(Boolean)
			context.record.allergies.push({
				key: entryKey(observation, 'allergy'),
				name: name || codeName(context, value) || 'Unnamed allergy',
				code: agentCode?.attributes.code ?? null,
				reaction: reactions.join(', ') || null,
				status: child(observation, 'statusCode')?.attributes.code ?? null,
			})
		}
	}
}

function sectionKind(section: XmlElement): SectionKind | null {
	const code = child(section, 'code')?.attributes.code?.trim()
	if (code && SECTION_BY_LOINC[code]) return SECTION_BY_LOINC[code]
	for (const template of templateIds(section)) if (SECTION_BY_TEMPLATE[template]) return SECTION_BY_TEMPLATE[template]
	return null
}

function readSection(context: Context, section: XmlElement) {
	const kind = sectionKind(section)
	const title = textContent(child(section, 'title')) || (kind ? SECTION_TITLES[kind] : 'Section')
	const text = child(section, 'text')
	if (text) context.record.narrative.push({ title, content: narrativeOf(text) })
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
			for (const entry of childrenNamed(section, 'entry')) context.record.textEntries.push({ section: title, name: entryClinicalStatements(entry)[0]?.name ?? 'entry', text: textContent(entry).slice(0, 200) })
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
	if (!body && child(root, 'component', 'nonXMLBody')) record.textEntries.push({ section: 'Document', name: 'nonXMLBody', text: 'The document body is not structured.' })
	return record
}

