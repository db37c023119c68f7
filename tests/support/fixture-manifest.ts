import { readFileSync } from 'node:fs'
import path from 'node:path'
import type { ExtractedMedication, ExtractedParameter, ExtractionResult } from '#server/extraction/types.ts'
import { isSameProvider } from './extraction-checks.ts'

/**
 * The shared document fixtures (../shared/fixtures/documents beside the
 * repository) and the comparison of an extraction with their manifest, used
 * by the accuracy script and the fixture tests. Test support only.
 */

export type ManifestParameter = {
	name: string
	code: string
	value: number
	value_text: string
	unit: string | null
	reference_range_min: number | null
	reference_range_max: number | null
	status: 'normal' | 'low' | 'high' | 'critical' | null
	test_date: string
}

export type ManifestMedication = { name: string; strength: string; frequency: string; status: 'active' | 'discontinued'; text: string }

export type ManifestFile = {
	path: string
	media_type: string | null
	pages?: number | null
	text_layer: boolean
	ocr_required?: boolean
	kind: string
	document_date?: string | null
	provider?: string | null
	expected: { outcome: 'accept' | 'reject'; reason: string | null }
	parameters?: ManifestParameter[]
	vitals?: ManifestParameter[]
	medications?: ManifestMedication[]
	title_must_not_contain?: string[]
	patient?: { name: string; first: string; last: string }
	dicom?: Record<string, string | number>
}

export type UploadCase = {
	id: string
	upload_name: string
	content_from?: string
	name_only?: boolean
	kind?: string
	generated_at_test_time?: boolean
	generator?: string
	bytes?: number
	expected: { outcome: string; reason: string | null; stored_name_must_not_contain?: string[] }
	document_date?: string | null
	provider?: string | null
}

export type Manifest = {
	conventions: Record<string, string>
	critical_thresholds: Record<string, { low: number; high: number; unit: string }>
	files: ManifestFile[]
	upload_cases: UploadCase[]
}

/** The fixture folder: `../shared/fixtures/documents` from the repository root. */
export function fixturesDir(repoRoot = process.cwd()): string {
	return path.resolve(repoRoot, '../shared/fixtures/documents')
}

export function loadManifest(dir = fixturesDir()): Manifest {
	return JSON.parse(readFileSync(path.join(dir, 'manifest.json'), 'utf8')) as Manifest
}

/** Expected parameters of a file: lab results, or vital signs for a clinical note, with their status under the product's grading rule. */
export function expectedParameters(file: ManifestFile): ManifestParameter[] {
	return [...(file.parameters ?? []), ...(file.vitals ?? [])].map((parameter) => ({
		...parameter,
		status: statusUnderGradingRule(parameter) as ManifestParameter['status'],
	}))
}

/**
 * The manifest's status of a row, under the product's one grading rule
 * (docs/decisions/025-one-grading-rule.md). The manifest grades a value
 * without a printed range 'normal' (height and weight of the wellness
 * screening) and leaves a clinical note's vital signs ungraded (null); the
 * product grades a value without a printed range only by a named guideline
 * (blood pressure ACC/AHA 2017, BMI WHO) and otherwise not at all. Rows with
 * a printed range, and any the manifest calls critical, keep its status. The
 * thresholds are written out here, apart from the product's code, so the
 * check stays one.
 */
export function statusUnderGradingRule<Status extends string | null>(parameter: {
	code: string
	value: number
	reference_range_min: number | null
	reference_range_max: number | null
	status: Status
}): Status | 'normal' | 'high' | 'low' | 'critical' | null {
	if (parameter.reference_range_min !== null || parameter.reference_range_max !== null || parameter.status === 'critical') return parameter.status
	const value = parameter.value
	if (parameter.code === 'systolic_bp') return value > 180 ? 'critical' : value >= 120 ? 'high' : 'normal'
	if (parameter.code === 'diastolic_bp') return value > 120 ? 'critical' : value >= 80 ? 'high' : 'normal'
	if (parameter.code === 'bmi') return value < 18.5 ? 'low' : value >= 25 ? 'high' : 'normal'
	return null
}

export type ParameterCheck = {
	code: string
	expected: ManifestParameter
	actual: ExtractedParameter | null
	/** code, value, unit, range minimum and maximum and status all equal */
	matched: boolean
	mismatches: string[]
}

function same(a: unknown, b: unknown): boolean {
	return a === b || (typeof a === 'number' && typeof b === 'number' && Math.abs(a - b) < 1e-9)
}

/** Compares every expected parameter with the extracted one of the same code. */
export function compareParameters(expected: ManifestParameter[], actual: ExtractedParameter[]): ParameterCheck[] {
	const byCode = new Map<string, ExtractedParameter>()
	for (const parameter of actual) if (!byCode.has(parameter.code)) byCode.set(parameter.code, parameter)
	return expected.map((want) => {
		const got = byCode.get(want.code) ?? null
		const mismatches: string[] = []
		if (!got) mismatches.push('missing')
		else {
			if (!same(got.value, want.value)) mismatches.push(`value ${got.value}≠${want.value}`)
			if (!same(got.unit, want.unit)) mismatches.push(`unit ${got.unit}≠${want.unit}`)
			if (!same(got.referenceRangeMin, want.reference_range_min)) mismatches.push(`min ${got.referenceRangeMin}≠${want.reference_range_min}`)
			if (!same(got.referenceRangeMax, want.reference_range_max)) mismatches.push(`max ${got.referenceRangeMax}≠${want.reference_range_max}`)
			if (!same(got.status, want.status)) mismatches.push(`status ${got.status}≠${want.status}`)
		}
		return { code: want.code, expected: want, actual: got, matched: mismatches.length === 0, mismatches }
	})
}

export type MedicationCheck = { name: string; matched: boolean; mismatches: string[] }

export function compareMedications(expected: ManifestMedication[], actual: ExtractedMedication[]): MedicationCheck[] {
	return expected.map((want) => {
		const got = actual.find((medication) => medication.name.toLowerCase() === want.name.toLowerCase())
		const mismatches: string[] = []
		if (!got) mismatches.push('missing')
		else {
			if (got.dose !== want.strength) mismatches.push(`dose ${got.dose}≠${want.strength}`)
			if (got.frequency !== want.frequency) mismatches.push(`frequency ${got.frequency}≠${want.frequency}`)
			if (got.status !== want.status) mismatches.push(`status ${got.status}≠${want.status}`)
		}
		return { name: want.name, matched: mismatches.length === 0, mismatches }
	})
}

export type FileCheck = {
	path: string
	group: 'text_pdf' | 'scan' | 'other'
	outcomeMatched: boolean
	kindMatched: boolean
	dateMatched: boolean
	providerMatched: boolean
	parameters: ParameterCheck[]
	medications: MedicationCheck[]
	problems: string[]
}

/** Which accuracy group a file's lab values count in. */
export function fileGroup(file: ManifestFile): FileCheck['group'] {
	if (file.expected.outcome !== 'accept' || expectedParameters(file).length === 0) return 'other'
	return file.ocr_required ? 'scan' : 'text_pdf'
}

/** Compares one extraction with its manifest entry. */
export function checkExtraction(file: ManifestFile, result: ExtractionResult): FileCheck {
	const problems: string[] = []
	const isAccepted = file.expected.outcome === 'accept'
	const outcomeMatched = isAccepted ? result.accepted : !result.accepted && result.reason === file.expected.reason
	if (!outcomeMatched)
		problems.push(`outcome ${result.accepted ? 'accept' : `reject:${result.reason}`}≠${isAccepted ? 'accept' : `reject:${file.expected.reason}`}`)
	const kindMatched = !isAccepted || result.kind === file.kind
	if (!kindMatched) problems.push(`kind ${result.kind}≠${file.kind}`)
	const dateMatched = !isAccepted || (result.date ?? null) === (file.document_date ?? null)
	if (!dateMatched) problems.push(`date ${result.date}≠${file.document_date}`)
	const providerMatched = !isAccepted || isSameProvider(result.provider, file.provider ?? null)
	if (!providerMatched) problems.push(`provider ${result.provider}≠${file.provider}`)
	const parameters = isAccepted ? compareParameters(expectedParameters(file), result.parameters) : []
	const medications = isAccepted ? compareMedications(file.medications ?? [], result.medications) : []
	for (const name of file.title_must_not_contain ?? []) {
		if (result.title.toLowerCase().includes(name.toLowerCase())) problems.push('title contains the patient name')
		if (result.summary.toLowerCase().includes(name.toLowerCase())) problems.push('summary contains the patient name')
	}
	return { path: file.path, group: fileGroup(file), outcomeMatched, kindMatched, dateMatched, providerMatched, parameters, medications, problems }
}

/** The share of expected lab values matched exactly, over the given checks. */
export function matchedShare(checks: FileCheck[]): { matched: number; total: number; share: number } {
	const all = checks.flatMap((check) => check.parameters)
	const matched = all.filter((parameter) => parameter.matched).length
	return { matched, total: all.length, share: all.length === 0 ? 1 : matched / all.length }
}
