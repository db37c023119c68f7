import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { extractDocument } from './extract-document.ts'
import {
	checkExtraction,
	compareParameters,
	expectedParameters,
	fixturesDir,
	loadManifest,
	matchedShare,
	type ManifestFile,
} from '#tests/support/fixture-manifest.ts'
import { sanitizeFileName } from './intake/file-name.ts'
import type { ExtractionResult } from './types.ts'

/**
 * Every document of the shared fixture set through extractDocument, once
 * (the scans are OCR'd once for the whole file; the OCR engine runs at most
 * as many tesseract processes as there are CPUs).
 */

const dir = fixturesDir(path.resolve(import.meta.dirname, '../..'))
const manifest = loadManifest(dir)
const results = new Map<string, ExtractionResult>()

beforeAll(async () => {
	await Promise.all(
		manifest.files.map(async (file) => {
			const bytes = await readFile(path.join(dir, file.path))
			results.set(file.path, await extractDocument({ bytes, fileName: path.basename(file.path) }))
		}),
	)
}, 600_000)

const accepted = manifest.files.filter((file) => file.expected.outcome === 'accept')
const textDocuments = accepted.filter((file) => !file.ocr_required)
const scans = accepted.filter((file) => file.ocr_required)
const rejectedFiles = manifest.files.filter((file) => file.expected.outcome === 'reject')

/**
 * The scans' floors. These fixtures are checks, not targets (issue 19). Their pages of grey or
 * shaded paper are read in black and white first (adaptive thresholding, ocr/README.md): 97.6 %
 * of the values (81/83, npm run accuracy), against 85.5 % when every page was read in grey.
 * Asserted a little under that, so that a real loss fails and one misread digit of
 * tesseract's does not.
 */
const SCAN_FLOOR_PER_FILE = 0.9
const SCAN_FLOOR_OVERALL = 0.95

function resultOf(file: ManifestFile): ExtractionResult {
	const result = results.get(file.path)
	if (!result) throw new Error(`no result for ${file.path}`)
	return result
}

describe('documents with a text layer (and DICOM)', () => {
	it.each(textDocuments.map((file) => [file.path, file] as const))('%s: kind, date and provider', (_, file) => {
		const result = resultOf(file)
		expect(result.accepted).toBe(true)
		expect(result.kind).toBe(file.kind)
		expect(result.date).toBe(file.document_date)
		expect(result.provider?.toLowerCase()).toBe(file.provider?.toLowerCase())
	})

	it.each(textDocuments.filter((file) => expectedParameters(file).length > 0).map((file) => [file.path, file] as const))(
		'%s: every expected value exactly',
		(_, file) => {
			const result = resultOf(file)
			const expected = expectedParameters(file)
			const actual = expected.map((want) => {
				const got = result.parameters.find((parameter) => parameter.code === want.code)
				return got
					? {
							code: got.code,
							value: got.value,
							unit: got.unit,
							min: got.referenceRangeMin,
							max: got.referenceRangeMax,
							status: got.status,
							testDate: got.testDate,
						}
					: { code: want.code, missing: true }
			})
			expect(actual).toEqual(
				expected.map((want) => ({
					code: want.code,
					value: want.value,
					unit: want.unit,
					min: want.reference_range_min,
					max: want.reference_range_max,
					status: want.status,
					testDate: want.test_date,
				})),
			)
			expect(result.parameters.map((parameter) => parameter.code)).toEqual(expected.map((parameter) => parameter.code))
		},
	)

	it('reads the medications of the visit note as written', () => {
		const note = manifest.files.find((file) => file.medications?.length)!
		expect(resultOf(note).medications.map(({ name, dose, frequency, status }) => ({ name, dose, frequency, status }))).toEqual(
			note.medications!.map((medication) => ({ name: medication.name, dose: medication.strength, frequency: medication.frequency, status: medication.status })),
		)
	})

	it('describes the DICOM study without the patient', () => {
		const dicom = manifest.files.find((file) => file.path.endsWith('.dcm'))!
		const result = resultOf(dicom)
		expect(result.dicom).toMatchObject({ modality: 'CR', studyDescription: 'XR CHEST 2 VIEWS', bodyPart: 'CHEST', rows: 64, columns: 64 })
		expect(result.title).toBe('XR Chest 2 Views (CR) — Elmridge Radiology Associates')
		for (const name of [...(dicom.title_must_not_contain ?? []), 'KOWALCZYK', '32506674']) {
			for (const field of [result.title, result.summary, result.text, ...result.tags]) expect(field.toLowerCase()).not.toContain(name.toLowerCase())
		}
	})

	it('never puts the patient name in a title or summary', () => {
		for (const file of accepted) {
			const result = resultOf(file)
			for (const part of [file.patient?.first, file.patient?.last].filter((part): part is string => Boolean(part))) {
				expect(`${result.title} ${result.summary}`.toLowerCase()).not.toContain(part.toLowerCase())
			}
		}
	})
})

describe('scans (OCR)', () => {
	it.each(scans.map((file) => [file.path, file] as const))('%s: kind, date, provider and at least 90 %% of values exactly', (_, file) => {
		const result = resultOf(file)
		expect(result.accepted).toBe(true)
		expect(result.kind).toBe(file.kind)
		expect(result.date).toBe(file.document_date)
		expect(result.provider?.toLowerCase()).toBe(file.provider?.toLowerCase())
		expect(result.timings.ocrMs).toBeGreaterThan(0)
		const checks = compareParameters(expectedParameters(file), result.parameters)
		const share = checks.filter((check) => check.matched).length / checks.length
		expect(
			share,
			checks
				.filter((check) => !check.matched)
				.map((check) => `${check.code}: ${check.mismatches.join(', ')}`)
				.join('; '),
		).toBeGreaterThanOrEqual(SCAN_FLOOR_PER_FILE)
		expect(result.parameters.every((parameter) => parameter.testDate === file.document_date)).toBe(true)
	})

	it('matches at least 95 % of the scanned lab values overall', () => {
		const share = matchedShare(scans.map((file) => checkExtraction(file, resultOf(file))))
		expect(share.share).toBeGreaterThanOrEqual(SCAN_FLOOR_OVERALL)
	})
})

describe('bad files', () => {
	it.each(rejectedFiles.map((file) => [file.path, file] as const))('%s is rejected as %s', (_, file) => {
		const result = resultOf(file)
		expect(result.accepted).toBe(false)
		expect(result.reason).toBe(file.expected.reason)
		expect(result.message).toMatch(/\w{4,}/)
		expect(result.parameters).toEqual([])
		expect(result.text).toBe('')
	})

	it('sanitises a hostile upload name and still extracts the document', async () => {
		const upload = manifest.upload_cases.find((item) => item.id === 'bad-traversal')!
		const stored = sanitizeFileName(upload.upload_name)
		for (const forbidden of upload.expected.stored_name_must_not_contain ?? []) expect(stored).not.toContain(forbidden)
		const result = await extractDocument({ bytes: await readFile(path.join(dir, upload.content_from!)), fileName: upload.upload_name })
		expect(result).toMatchObject({ accepted: true, kind: upload.kind, date: upload.document_date })
		expect(result.provider?.toLowerCase()).toBe(upload.provider?.toLowerCase())
		expect(result.title).not.toMatch(/\.\.|\//)
	})
})

describe('determinism', () => {
	it('gives the same result for the same bytes', async () => {
		const file = textDocuments.find((item) => item.path.includes('ashgrove'))!
		const again = await extractDocument({ bytes: await readFile(path.join(dir, file.path)), fileName: path.basename(file.path) })
		const { timings: _first, ...first } = resultOf(file)
		const { timings: _second, ...second } = again
		expect(second).toEqual(first)
	})
})
