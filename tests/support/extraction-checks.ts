import { readFileSync } from 'node:fs'
import path from 'node:path'
import type { ExtractedParameter, ExtractionResult } from '#server/extraction/types.ts'
import { statusFromFlag } from '#server/lab-vocabulary/parameter-status.ts'
import { nameWithoutLegalForm } from '#server/extraction/facts/provider.ts'
import { toUcum } from '#server/lab-vocabulary/ucum.ts'
import { editDistance } from '#server/lab-vocabulary/edit-distance.ts'
import { ANALYTES } from '#server/lab-vocabulary/analytes.ts'
import type { CorpusDocument } from './lab-corpus/index.ts'

/**
 * Scoring of an extraction against the generated corpus and against the
 * public samples (../shared/fixtures/public-samples). A value counts when
 * its identity (canonical code; for the public samples the LOINC code where
 * the manifest gives one, else the printed name), value, unit (the same
 * spelling or the same UCUM unit), range and status all match. Test
 * support only.
 */

/**
 * shown: the extraction shows a value for this row (found and not held back as 'to check'); a
 * shown value that does not match is a wrong value shown, unless only its printed range was not
 * read (rangeMissing: the number and unit are right, no range was read, so it shows 'Not graded').
 */
export type ValueCheck = { label: string; matched: boolean; shown: boolean; rangeMissing?: boolean; mismatches: string[] }

export type DocumentCheck = {
	id: string
	group: string
	medium: 'text_pdf' | 'scan' | 'photo'
	heldOut: boolean
	kindMatched: boolean
	dateMatched: boolean
	providerMatched: boolean
	/** a date in the future or before 1900 */
	isImpossibleDate: boolean
	values: ValueCheck[]
	problems: string[]
	/** values shown (not held back) that no printed row claimed: a row read under a wrong name, or one the manifest leaves out */
	unclaimedShown?: string[]
	/** result rows under names the vocabulary lacks, kept and shown under their printed name (not in trends) */
	keptUnderPrintedName?: string[]
}

/**
 * One organisation: the same name without case or a trailing legal form ('Theranos, Inc.' and
 * 'Theranos'); a manifest's name followed by a note in parentheses ('Diagnostyka (its laboratory's
 * full name, city)') is compared by the name before the note.
 */
export function isSameProvider(got: string | null, want: string | null): boolean {
	const key = (name: string | null) => nameWithoutLegalForm(name ?? '').toLowerCase()
	if (key(got) === key(want)) return true
	const named = want?.match(/^(.+?)\s+\([^()]+\)$/)
	return named !== null && named !== undefined && key(got) === key(named[1])
}

function same(a: number | null, b: number | null): boolean {
	return a === b || (a !== null && b !== null && Math.abs(a - b) < 1e-9)
}

/** Unit spellings compared without case, spaces or the micro sign's form. */
export function unitKey(unit: string | null): string {
	return (unit ?? '').toLowerCase().replace(/[µμ]/g, 'u').replace(/\s+/g, '')
}

/** The same unit: the same spelling, or two spellings of one UCUM unit ('gm / dl' and 'g/dL'). */
export function isSameUnitAs(got: string | null, want: string | null): boolean {
	if (unitKey(got) === unitKey(want)) return true
	const ucum = toUcum(got)
	return (ucum !== null && ucum === toUcum(want)) || isReadPastMissingGlyph(got, want)
}

/**
 * The manifests keep a unit as printed, odd glyphs too: 'K/□L' where the page drew a box for the
 * micro sign its font lacked (the notes say 'intended K/µL'). No reader can see which character
 * the box stands for, so the box matches any one character there when the unit read is a spelling
 * laboratories print (the vocabulary's: 'K/uL'); an OCR guess at the box ('K/aL') still counts wrong.
 */
const PRINTED_SPELLINGS = new Set(ANALYTES.flatMap((analyte) => analyte.units.map(unitKey)))

function isReadPastMissingGlyph(got: string | null, want: string | null): boolean {
	if (got === null || want === null || !/[□\uFFFD]/.test(want) || !PRINTED_SPELLINGS.has(unitKey(got))) return false
	const escape = (part: string) => part.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')
	const pattern = new RegExp(
		`^${unitKey(want)
			.split(/[□\uFFFD]/)
			.map(escape)
			.join('.')}$`,
	)
	return pattern.test(unitKey(got))
}

/** A critical status counts as the high or low it is. */
function statusMatches(got: ExtractedParameter['status'], want: string | null, value: number, min: number | null, max: number | null): boolean {
	if (got === want) return true
	if (got !== 'critical') return false
	if (want === 'high') return max !== null && value > max
	if (want === 'low') return min !== null && value < min
	return false
}

/** statusAlso: another status that is right as well (a printed flag where no range is printed) */
type Expected = { label: string; value: number; unit: string | null; min: number | null; max: number | null; status: string | null; statusAlso?: string | null }

function compareValue(want: Expected, got: ExtractedParameter | undefined): ValueCheck {
	const mismatches: string[] = []
	// a value held back as 'to check' is not shown: neither a right nor a wrong value
	if (got?.toCheck) return { label: want.label, matched: false, shown: false, mismatches: [`to check (${got.toCheck.code})`] }
	if (!got) mismatches.push('missing')
	else {
		if (!same(got.value, want.value)) mismatches.push(`value ${got.value}≠${want.value}`)
		if (!isSameUnitAs(got.unit, want.unit)) mismatches.push(`unit ${got.unit}≠${want.unit}`)
		if (!same(got.referenceRangeMin, want.min)) mismatches.push(`min ${got.referenceRangeMin}≠${want.min}`)
		if (!same(got.referenceRangeMax, want.max)) mismatches.push(`max ${got.referenceRangeMax}≠${want.max}`)
		const isStatusRight =
			statusMatches(got.status, want.status, want.value, want.min, want.max) ||
			(want.statusAlso != null && statusMatches(got.status, want.statusAlso, want.value, want.min, want.max))
		if (!isStatusRight) mismatches.push(`status ${got.status}≠${want.status}`)
	}
	const rangeMissing =
		got !== undefined &&
		mismatches.length > 0 &&
		(want.min !== null || want.max !== null) &&
		got.referenceRangeMin === null &&
		got.referenceRangeMax === null &&
		mismatches.every((mismatch) => /^(?:min|max|status) /.test(mismatch))
	return { label: want.label, matched: mismatches.length === 0, shown: got !== undefined, ...(rangeMissing ? { rangeMissing } : {}), mismatches }
}

function isImpossible(date: string | null, today = new Date().toISOString().slice(0, 10)): boolean {
	return date !== null && (date > today || date < '1900-01-01')
}

export function checkCorpusDocument(document: CorpusDocument, result: ExtractionResult): DocumentCheck {
	const byCode = new Map<string, ExtractedParameter>()
	for (const parameter of result.parameters) if (!byCode.has(parameter.code)) byCode.set(parameter.code, parameter)
	const values = document.parameters.map((want) =>
		compareValue({ label: want.code, value: want.value, unit: want.unit, min: want.min, max: want.max, status: want.status }, byCode.get(want.code)),
	)
	const problems: string[] = []
	const kindMatched = result.kind === 'lab_report'
	if (!kindMatched) problems.push(`kind ${result.kind}`)
	const dateMatched = result.date === document.date
	if (!dateMatched) problems.push(`date ${result.date}≠${document.date}`)
	const providerMatched = isSameProvider(result.provider, document.provider)
	if (!providerMatched) problems.push(`provider ${result.provider}≠${document.provider}`)
	return {
		id: document.id,
		group: document.family,
		medium: document.medium,
		heldOut: document.heldOut,
		kindMatched,
		dateMatched,
		providerMatched,
		isImpossibleDate: isImpossible(result.date),
		values,
		problems,
	}
}

// --- public samples -------------------------------------------------------

/**
 * The manifests grade by the printed range only (null without one). The product's one grading rule
 * (docs/decisions/025-one-grading-rule.md) takes, where no range is printed, the status the report
 * itself states (its printed flag, 'NORMAL', 'H'). Without a range, either is right: not graded, or
 * the printed flag's status.
 */
function flagStatusWithoutRange(want: PublicSampleParameter): string | null {
	if (want.status !== null || want.reference_range_min !== null || want.reference_range_max !== null) return null
	return statusFromFlag(want.flag_printed ?? null)
}

export type PublicSampleParameter = {
	name: string
	loinc: string | null
	value: number
	unit: string | null
	reference_range_min: number | null
	reference_range_max: number | null
	status: string | null
	flag_printed?: string | null
}

export type PublicSample = {
	path: string
	/** e.g. 'phone photo: 500x559 JPEG …': a phone photo is measured apart from scans and screenshots */
	layout: string
	ocr_required: boolean
	kind: string
	document_date: string | null
	provider: string | null
	parameters: PublicSampleParameter[]
	language?: string
	country?: string
}

export function publicSamplesDir(repoRoot = process.cwd()): string {
	return path.resolve(repoRoot, '../shared/fixtures/public-samples')
}

/** The third set of real published reports (../shared/fixtures/real-reports-3), held out until issue 38: reported apart. */
export function realReports3Dir(repoRoot = process.cwd()): string {
	return path.resolve(repoRoot, '../shared/fixtures/real-reports-3')
}

/** The second set of real published reports (../shared/fixtures/real-reports), same manifest format. */
export function realReportsDir(repoRoot = process.cwd()): string {
	return path.resolve(repoRoot, '../shared/fixtures/real-reports')
}

/** The source a sample was taken from: a text layer, a scan (or screenshot), a phone photo. */
export function sampleMedium(sample: Pick<PublicSample, 'ocr_required' | 'layout'>): DocumentCheck['medium'] {
	if (!sample.ocr_required) return 'text_pdf'
	return /^phone photo/i.test(sample.layout) ? 'photo' : 'scan'
}

export function loadPublicSamples(dir = publicSamplesDir()): PublicSample[] {
	return (JSON.parse(readFileSync(path.join(dir, 'manifest.json'), 'utf8')) as { files: PublicSample[] }).files
}

/** Printed names compared on letters (of any script: a Chinese name is not empty) and digits only. */
export function nameKey(name: string): string {
	return (
		name
			// letters NFKD leaves whole (Turkish dotless i, Polish barred l)
			.replace(/ı/g, 'i')
			.replace(/[łŁ]/g, 'l')
			.normalize('NFKD')
			.replace(/\p{M}/gu, '')
			.toLowerCase()
			.replace(/[^\p{L}0-9]+/gu, '')
	)
}

function loincOf(parameter: ExtractedParameter): string | null {
	return (parameter as ExtractedParameter & { loinc?: string | null }).loinc ?? null
}

export function checkPublicSample(sample: PublicSample, result: ExtractionResult, group = 'public-samples'): DocumentCheck {
	const claimed = new Set<ExtractedParameter>()
	const values = sample.parameters.map((want) => {
		// two rows printed under one name ('Neutrófilos %' and 'Neutrófilos', a share and a count): the one in the same unit
		const byName = result.parameters.filter((parameter) => nameKey(parameter.name) === nameKey(want.name))
		const got =
			(want.loinc ? result.parameters.find((parameter) => loincOf(parameter) === want.loinc) : undefined) ??
			byName.find((parameter) => isSameUnitAs(parameter.unit, want.unit)) ??
			// the row in the same unit whose printed name OCR read a letter off ('Bazofl' for 'Bazofil %', beside 'Bazofil #')
			result.parameters.find(
				(parameter) =>
					!claimed.has(parameter) &&
					want.unit !== null &&
					isSameUnitAs(parameter.unit, want.unit) &&
					nameKey(want.name).length >= 5 &&
					editDistance(nameKey(parameter.name), nameKey(want.name)) === 1,
			) ??
			// not a value another printed row already claimed (a count read right is not also the share's wrong reading)
			byName.find((parameter) => !claimed.has(parameter))
		if (got) claimed.add(got)
		return compareValue(
			{
				label: want.name,
				value: want.value,
				unit: want.unit,
				min: want.reference_range_min,
				max: want.reference_range_max,
				status: want.status,
				statusAlso: flagStatusWithoutRange(want),
			},
			got,
		)
	})
	const problems: string[] = []
	const kindMatched = result.kind === sample.kind
	if (!kindMatched) problems.push(`kind ${result.kind}≠${sample.kind}`)
	const dateMatched = result.date === sample.document_date
	if (!dateMatched) problems.push(`date ${result.date}≠${sample.document_date}`)
	const providerMatched = isSameProvider(result.provider, sample.provider)
	if (!providerMatched) problems.push(`provider ${result.provider}≠${sample.provider}`)
	return {
		id: sample.path,
		group,
		medium: sampleMedium(sample),
		heldOut: true,
		kindMatched,
		dateMatched,
		providerMatched,
		isImpossibleDate: isImpossible(result.date),
		values,
		problems,
		unclaimedShown: result.parameters
			.filter((parameter) => !claimed.has(parameter) && !parameter.toCheck)
			.map((parameter) => `${parameter.name}: ${parameter.value} ${parameter.unit ?? ''}`.trim()),
		keptUnderPrintedName: result.unmapped.map((row) => `${row.name}: ${row.value} ${row.unit ?? ''}`.trim()),
	}
}

// --- summaries --------------------------------------------------------------

export type Share = { matched: number; total: number; share: number }

export function valueShare(checks: DocumentCheck[]): Share {
	const all = checks.flatMap((check) => check.values)
	const matched = all.filter((value) => value.matched).length
	return { matched, total: all.length, share: all.length ? matched / all.length : 1 }
}

/**
 * Of the values shown (found and not held back as 'to check'), how many match the printed row;
 * of the rest, those shown with the printed range missing (number and unit right, 'Not graded')
 * apart from the wrong ones (number, unit or grade disagreeing with the printed row).
 */
export function shownShare(checks: DocumentCheck[]): Share & { wrong: number; rangeMissing: number } {
	const shown = checks.flatMap((check) => check.values).filter((value) => value.shown)
	const matched = shown.filter((value) => value.matched).length
	const rangeMissing = shown.filter((value) => value.rangeMissing).length
	return { matched, total: shown.length, share: shown.length ? matched / shown.length : 1, wrong: shown.length - matched - rangeMissing, rangeMissing }
}

/** Documents whose kind, date and provider are all right. */
export function factsShare(checks: DocumentCheck[]): Share {
	const matched = checks.filter((check) => check.kindMatched && check.dateMatched && check.providerMatched).length
	return { matched, total: checks.length, share: checks.length ? matched / checks.length : 1 }
}

export function percent(share: Share): string {
	return share.total ? `${share.matched}/${share.total} = ${(share.share * 100).toFixed(1)}%` : '-'
}
