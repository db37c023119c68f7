import { findAnalyteByCode, type AnalyteCategory } from '#server/lab-vocabulary/analytes.ts'
import { smartCase } from '../pages/dicom.ts'
import type { DicomSummary, DocumentKind, ExtractedMedication, ExtractedParameter } from '../types.ts'

/**
 * A document's title, short summary and tags, built from what was
 * extracted: panel names, exam, provider, counts of results out of range.
 * Never the patient's name: only catalogue names, printed exam names and
 * the provider are used.
 */

const PANEL_NAMES: Partial<Record<AnalyteCategory, string>> = {
	hematology: 'Complete Blood Count',
	differential: 'Complete Blood Count',
	chemistry: 'Metabolic Panel',
	liver: 'Metabolic Panel',
	lipids: 'Lipid Panel',
	diabetes: 'Diabetes Screening',
	endocrine: 'Thyroid & Vitamins',
	vitals: 'Biometrics',
}

/** Analytes that belong to another panel than their category says. */
const PANEL_BY_CODE: Record<string, string> = {
	glucose: 'Metabolic Panel',
	hba1c: 'Hemoglobin A1c',
}

const TAG_NAMES: Partial<Record<AnalyteCategory, string>> = {
	hematology: 'hematology',
	differential: 'hematology',
	chemistry: 'chemistry',
	liver: 'liver',
	lipids: 'lipids',
	diabetes: 'diabetes',
	endocrine: 'endocrine',
	vitals: 'vitals',
}

const KIND_TITLES: Record<DocumentKind, string> = {
	lab_report: 'Lab Report',
	imaging: 'Imaging Report',
	clinical_notes: 'Clinical Note',
	immunization: 'Immunization Record',
	other: 'Document',
}

const DASH = ' — '

function withProvider(title: string, provider: string | null): string {
	return provider ? `${title}${DASH}${provider}` : title
}

/** The panels of a lab report, most results first ('Lipid Panel', 'Complete Blood Count'). */
export function panelNames(parameters: ExtractedParameter[]): string[] {
	const counts = new Map<string, number>()
	for (const parameter of parameters) {
		const category = findAnalyteByCode(parameter.code)?.category
		const name = PANEL_BY_CODE[parameter.code] ?? (category ? PANEL_NAMES[category] : undefined)
		if (name) counts.set(name, (counts.get(name) ?? 0) + 1)
	}
	return [...counts.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([name]) => name)
}

export type DescribeInput = {
	kind: DocumentKind
	text: string
	provider: string | null
	date: string | null
	parameters: ExtractedParameter[]
	medications: ExtractedMedication[]
	dicom?: DicomSummary
	fallbackTitle: string
	isScanned: boolean
}

/** The exam as printed on an imaging report ('Exam: XR CHEST 2 VIEWS ...'). */
function printedExam(text: string): string | null {
	const match = /\b(?:exam|examination|study|procedure)\s*:\s*(.+?)(?:\s{2,}|$)/im.exec(text)
	return match ? match[1].trim().slice(0, 80) : null
}

function noteHeading(text: string): string | null {
	for (const line of text.split('\n').slice(0, 10)) {
		const trimmed = line.trim()
		if (/^(?:office visit|progress|clinic|visit|consultation|discharge|follow-up|telehealth)\b.*\b(?:note|summary)$/i.test(trimmed) && trimmed.length <= 40)
			return smartCase(trimmed)
	}
	return null
}

export function buildTitle(input: DescribeInput): string {
	switch (input.kind) {
		case 'lab_report': {
			const panels = panelNames(input.parameters)
			const title = panels.length === 0 ? 'Lab Report' : panels.length <= 2 ? panels.join(' & ') : `${panels.slice(0, 2).join(', ')} & More`
			return withProvider(title, input.provider)
		}
		case 'imaging': {
			if (input.dicom) {
				const study = input.dicom.studyDescription
					? smartCase(input.dicom.studyDescription)
					: [input.dicom.modality, input.dicom.bodyPart ? smartCase(input.dicom.bodyPart) : null].filter(Boolean).join(' ') || 'Imaging Study'
				const modality = input.dicom.modality && !study.toUpperCase().includes(input.dicom.modality) ? ` (${input.dicom.modality})` : ''
				return withProvider(`${study}${modality}`, input.provider)
			}
			const exam = printedExam(input.text)
			return withProvider(exam ? smartCase(exam) : KIND_TITLES.imaging, input.provider)
		}
		case 'clinical_notes':
			return withProvider(noteHeading(input.text) ?? KIND_TITLES.clinical_notes, input.provider)
		case 'immunization':
			return withProvider(KIND_TITLES.immunization, input.provider)
		default:
			return input.fallbackTitle
	}
}

function parameterLabel(parameter: ExtractedParameter): string {
	return findAnalyteByCode(parameter.code)?.name ?? parameter.name
}

function listOf(items: string[], limit = 4): string {
	if (items.length <= limit) return items.join(', ')
	return `${items.slice(0, limit).join(', ')} and ${items.length - limit} more`
}

function impression(text: string): string | null {
	const match = /\bimpression\s*:\s*([\s\S]{0,600}?)(?:\n\s*\n|\n[A-Z][A-Za-z ]{2,30}:|electronically signed|$)/i.exec(text)
	if (!match) return null
	const sentence = match[1]
		.replace(/\s*\n\s*/g, ' ')
		.replace(/\s+/g, ' ')
		.trim()
	return sentence || null
}

function truncate(text: string, length: number): string {
	return text.length <= length ? text : `${text.slice(0, length - 1).replace(/\s+\S*$/, '')}…`
}

export function buildSummary(input: DescribeInput): string {
	const on = input.date ? ` on ${input.date}` : ''
	switch (input.kind) {
		case 'lab_report': {
			const count = input.parameters.length
			if (count === 0) return `Lab report${on}; no result rows could be read.`
			const critical = input.parameters.filter((p) => p.status === 'critical').map(parameterLabel)
			const high = input.parameters.filter((p) => p.status === 'high').map(parameterLabel)
			const low = input.parameters.filter((p) => p.status === 'low').map(parameterLabel)
			const parts = [`${count} result${count === 1 ? '' : 's'}${input.date ? ` collected ${input.date}` : ''}`]
			if (critical.length) parts.push(`critical: ${listOf(critical)}`)
			if (high.length) parts.push(`high: ${listOf(high)}`)
			if (low.length) parts.push(`low: ${listOf(low)}`)
			if (!critical.length && !high.length && !low.length) parts.push('all within the reference ranges')
			return `${parts.join('; ')}.`
		}
		case 'imaging': {
			if (input.dicom) {
				const size = input.dicom.rows && input.dicom.columns ? ` (${input.dicom.columns}×${input.dicom.rows})` : ''
				const what = [input.dicom.modality, input.dicom.studyDescription ? smartCase(input.dicom.studyDescription) : null].filter(Boolean).join(' ')
				return `DICOM ${what || 'image'}${size}${input.dicom.studyDate ? `, study date ${input.dicom.studyDate}` : ''}.`
			}
			const found = impression(input.text)
			return truncate(found ? `Impression: ${found}` : `Imaging report${on}.`, 240)
		}
		case 'clinical_notes': {
			const parts = [`Visit${on}`]
			const systolic = input.parameters.find((p) => p.code === 'systolic_bp')
			const diastolic = input.parameters.find((p) => p.code === 'diastolic_bp')
			if (systolic && diastolic) parts.push(`BP ${systolic.valueText}/${diastolic.valueText}${systolic.unit ? ` ${systolic.unit}` : ''}`)
			const active = input.medications.filter((m) => m.status === 'active')
			if (active.length) parts.push(`${active.length} active medication${active.length === 1 ? '' : 's'}: ${listOf(active.map((m) => m.name))}`)
			return `${parts.join('; ')}.`
		}
		case 'immunization': {
			const doses = input.text
				.split('\n')
				.filter(
					(line) =>
						/\b(?:vaccine|influenza|hepatitis|zoster|tdap|covid|mmr|pneumo|hpv|polio|varicella|shingrix)\b/i.test(line) &&
						/\d{1,2}\/\d{1,2}\/\d{4}|\d{4}-\d{2}-\d{2}/.test(line),
				)
			return `Immunization record${input.date ? ` issued ${input.date}` : ''}${doses.length ? ` listing ${doses.length} dose${doses.length === 1 ? '' : 's'}` : ''}.`
		}
		default: {
			// no quote of the text: a letter's first line may name the patient
			const words = input.text.split(/\s+/).filter((word) => /[A-Za-z0-9]/.test(word)).length
			return words > 0 ? `Document${on} with ${words} word${words === 1 ? '' : 's'} of text; its type was not recognised.` : 'Document with no readable text.'
		}
	}
}

export function buildTags(input: DescribeInput): string[] {
	const tags = new Set<string>()
	tags.add(input.kind.replace(/_/g, ' '))
	for (const parameter of input.parameters) {
		const category = findAnalyteByCode(parameter.code)?.category
		const tag = category ? TAG_NAMES[category] : undefined
		if (tag) tags.add(tag)
	}
	if (input.parameters.some((p) => p.status === 'critical')) tags.add('critical')
	if (input.parameters.some((p) => p.status === 'high' || p.status === 'low' || p.status === 'critical')) tags.add('abnormal')
	if (input.medications.length) tags.add('medications')
	if (input.dicom) {
		tags.add('dicom')
		if (input.dicom.modality) tags.add(input.dicom.modality.toLowerCase())
		if (input.dicom.bodyPart) tags.add(input.dicom.bodyPart.toLowerCase())
	}
	if (input.kind === 'imaging' && !input.dicom) {
		const modality = /\b(x-?ray|xr|ct|mri|ultrasound|mammogra\w*)\b/i.exec(input.text)
		if (modality) tags.add(/^x/i.test(modality[1]) ? 'x-ray' : modality[1].toLowerCase())
		const part = /\b(chest|abdomen|pelvis|head|brain|spine|knee|shoulder|hip|hand|foot|ankle|wrist|breast|neck)\b/i.exec(printedExam(input.text) ?? '')
		if (part) tags.add(part[1].toLowerCase())
	}
	if (input.isScanned) tags.add('scanned')
	return [...tags]
}
