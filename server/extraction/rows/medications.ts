import { findSections } from './sections.ts'
import type { ExtractedMedication } from '../types.ts'

/**
 * Medication lists of clinical notes: 'Lisinopril 10 mg daily' gives name
 * 'Lisinopril', dose '10 mg', frequency 'daily'. Status 'discontinued' when
 * the list or the line says so ('Discontinued Medications', 'stopped'),
 * else 'active'.
 */

const DOSE_UNIT = String.raw`(?:mg|mcg|µg|ug|g|iu|units?|ml|meq|mmol|%|puffs?|tabs?|tablets?|caps?|capsules?|drops?|sprays?|patch(?:es)?)`
const LINE = new RegExp(
	String.raw`^(?<name>[A-Za-z][A-Za-z0-9\-/' ]*?[A-Za-z0-9])(?:\s*\((?<note>[^)]*)\))?\s+(?<dose>\d+(?:[.,]\d+)?(?:\s*\/\s*\d+(?:[.,]\d+)?)?\s*${DOSE_UNIT})(?![A-Za-z])(?<rest>.*)$`,
	'i',
)
const FREQUENCY_ONLY =
	/\b(?:daily|once|twice|three times|four times|every|nightly|weekly|monthly|as needed|prn|bid|tid|qid|qhs|qd|at bedtime|in the morning)\b/i
const DISCONTINUED = /\b(?:discontinued|stopped|d\/c(?:'?d)?|no longer (?:taking|using)|held|ceased)\b/i
const HEADING = /^(?:(?:current|active|home|discharge|discontinued|stopped|inactive|previous)\s+)?medications?(?:\s+list)?$/i

function tidyItem(line: string): string {
	return line
		.replace(/^\s*(?:[-•*·▪◦]|\d+[.)])\s*/, '')
		.replace(/\s+/g, ' ')
		.trim()
}

/** Reads one medication line, or null when it is not one. */
export function parseMedicationLine(line: string, sectionIsDiscontinued = false): ExtractedMedication | null {
	const text = tidyItem(line)
	if (!text || text.length > 160) return null
	const isDiscontinued = sectionIsDiscontinued || DISCONTINUED.test(text)
	const cleaned = text.replace(/\s*[-–—(]*\s*(?:discontinued|stopped|d\/c(?:'?d)?|held|ceased)\b[^)]*\)?\s*$/i, '').replace(/\s*[,;]\s*$/, '')
	const match = LINE.exec(cleaned)
	if (match?.groups) {
		const frequency = match.groups.rest.replace(/^[\s,;:-]+|[\s,;.]+$/g, '').replace(/\s+/g, ' ')
		return {
			name: match.groups.name.trim(),
			dose: match.groups.dose
				.replace(/\s+/g, ' ')
				.replace(/(\d)([A-Za-z%])/, '$1 $2')
				.trim(),
			frequency: frequency || null,
			status: isDiscontinued ? 'discontinued' : 'active',
			text: cleaned,
		}
	}
	const nameOnly = /^([A-Za-z][A-Za-z\-']+(?: [A-Za-z][A-Za-z\-']+)?)\s+(.+)$/.exec(cleaned)
	if (nameOnly && FREQUENCY_ONLY.test(nameOnly[2]) && !/\d{2,}/.test(nameOnly[2])) {
		return { name: nameOnly[1], dose: null, frequency: nameOnly[2].replace(/[\s,;.]+$/, ''), status: isDiscontinued ? 'discontinued' : 'active', text: cleaned }
	}
	return null
}

/** Every medication listed under a medications heading, in order, each name once. */
export function extractMedications(text: string): ExtractedMedication[] {
	const medications: ExtractedMedication[] = []
	const seen = new Set<string>()
	for (const section of findSections(text, HEADING)) {
		const sectionIsDiscontinued = /^(?:discontinued|stopped|inactive|previous)\b/i.test(section.heading)
		const items = [...(section.inline ? section.inline.split(/;\s*/) : []), ...section.lines]
		for (const item of items) {
			const medication = parseMedicationLine(item, sectionIsDiscontinued)
			if (!medication) continue
			const key = medication.name.toLowerCase()
			if (seen.has(key)) continue
			seen.add(key)
			medications.push(medication)
		}
	}
	return medications
}
