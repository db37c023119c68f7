import { IMPORT_REPORT_TEXTS } from '../intake/messages.ts'
import type { EntryKind, NotImportedReason, StructuredSummary, TextEntry } from '../shared/structured-types.ts'

/**
 * What a C-CDA or FHIR import did not import, and why, by entry kind: the
 * sections read as empty (or saying there is no information), the 'none'
 * statements the file makes, the entries kept as text and the entries
 * skipped, each group with its reason and the entries' names. The record
 * page shows it so a patient can see why a list is empty or short. Records
 * imported before kinds and reasons were recorded still list their text
 * entries, by section.
 */

export type ImportReportLine = { text: string; entries: string[] }
export type ImportReportGroup = { kind: EntryKind; label: string; lines: ImportReportLine[] }
/** With its heading and introduction, so the page takes every text from here. */
export type ImportReport = { heading: string; intro: string; notes: string[]; groups: ImportReportGroup[] }

const KIND_ORDER: EntryKind[] = ['results', 'vitals', 'medications', 'immunizations', 'problems', 'allergies', 'documents', 'appointments', 'other']
const SHOWN_ENTRIES = 10

const KIND_BY_SECTION: Record<string, EntryKind> = {
	Results: 'results',
	'Vital signs': 'vitals',
	Medications: 'medications',
	Immunizations: 'immunizations',
	Problems: 'problems',
	Allergies: 'allergies',
	Appointments: 'appointments',
}

function kindOf(entry: TextEntry): EntryKind {
	return entry.kind ?? KIND_BY_SECTION[entry.section] ?? 'other'
}

function shortened(text: string): string {
	const flat = text.replace(/\s+/g, ' ').trim()
	return flat.length > 120 ? `${flat.slice(0, 119)}…` : flat
}

function listed(names: string[]): string[] {
	const shown = names.slice(0, SHOWN_ENTRIES)
	return names.length > SHOWN_ENTRIES ? [...shown, IMPORT_REPORT_TEXTS.moreEntries(names.length - SHOWN_ENTRIES)] : shown
}

function byReason<T>(items: T[], reasonOf: (item: T) => NotImportedReason | undefined): Map<NotImportedReason | undefined, T[]> {
	const groups = new Map<NotImportedReason | undefined, T[]>()
	for (const item of items) groups.set(reasonOf(item), [...(groups.get(reasonOf(item)) ?? []), item])
	return groups
}

export function importReportOf(summary: StructuredSummary): ImportReport {
	const groups: ImportReportGroup[] = []
	for (const kind of KIND_ORDER) {
		const lines: ImportReportLine[] = []
		for (const section of (summary.sections ?? []).filter((item) => item.kind === kind)) {
			if (section.entries === 0)
				lines.push({
					text: section.nullFlavor ? IMPORT_REPORT_TEXTS.noInformationSection(section.title) : IMPORT_REPORT_TEXTS.emptySection(section.title),
					entries: [],
				})
			else if (section.foundBy === 'title') lines.push({ text: IMPORT_REPORT_TEXTS.sectionByTitle(section.title), entries: [] })
		}
		const statements = (summary.statements ?? []).filter((statement) => statement.kind === kind)
		if (statements.length)
			lines.push({ text: IMPORT_REPORT_TEXTS.statementsLabel, entries: listed([...new Set(statements.map((statement) => statement.text))]) })
		const texts = summary.textEntries.filter((entry) => kindOf(entry) === kind)
		for (const [reason, entries] of byReason(texts, (entry) => entry.reason)) {
			lines.push({
				text: IMPORT_REPORT_TEXTS.entriesWhy(entries.length, reason ? IMPORT_REPORT_TEXTS.reasons[reason] : IMPORT_REPORT_TEXTS.keptAsTextUnknownReason),
				entries: listed(
					entries.map((entry) =>
						shortened(
							[kind === 'other' && entry.section !== entry.name ? `${entry.section}: ${entry.name}` : entry.name, entry.text].filter(Boolean).join(': '),
						),
					),
				),
			})
		}
		const skipped = (summary.skipped ?? []).filter((entry) => entry.kind === kind)
		for (const [reason, entries] of byReason(skipped, (entry) => entry.reason)) {
			lines.push({
				text: IMPORT_REPORT_TEXTS.entriesWhy(entries.length, IMPORT_REPORT_TEXTS.reasons[reason ?? 'placeholder']),
				entries: listed(entries.map((entry) => shortened(entry.name)).filter(Boolean)),
			})
		}
		for (const over of (summary.overCap ?? []).filter((item) => item.kind === kind)) {
			lines.push({
				text: over.reason === 'upload_limit' ? IMPORT_REPORT_TEXTS.overUploadLimit(over.count) : IMPORT_REPORT_TEXTS.overFileCap(over.count, over.cap),
				entries: [],
			})
		}
		if (lines.length) groups.push({ kind, label: IMPORT_REPORT_TEXTS.kinds[kind], lines })
	}
	return {
		heading: IMPORT_REPORT_TEXTS.heading,
		intro: groups.length ? IMPORT_REPORT_TEXTS.intro : IMPORT_REPORT_TEXTS.nothingMissing,
		notes: summary.notes ?? [],
		groups,
	}
}
