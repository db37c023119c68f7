import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { ANALYTE_CODES, extractDocument, type ExtractionResult } from '#server/extraction/index.ts'
import {
	checkCorpusDocument,
	checkPublicSample,
	factsShare,
	loadPublicSamples,
	percent,
	publicSamplesDir,
	valueShare,
	type DocumentCheck,
} from '#tests/support/extraction-checks.ts'
import { FAMILIES, generateCorpus, type CorpusDocument } from '#tests/support/lab-corpus/index.ts'

/**
 * Extraction on documents it was not tuned on (issue 19): the held-out
 * layout families of the generated corpus (text PDFs, scans and phone-photo
 * simulations made at test time) and the public samples published by other
 * people. Figures are printed and asserted.
 *
 * Targets of the issue: lab values exact >= 97 % from text PDFs, >= 90 % from
 * scans, >= 80 % from phone photos; kind, date and provider right on >= 95 %
 * of documents; no date in the future; no invented code. The held-out
 * families' targets are asserted as they stand (one document per family and
 * medium keeps the run short), and so are the public samples' (held-out scans
 * 96.2 %, photos 90.6 %, public-sample scans 93.2 %, kind, date and provider
 * 96.8 % of held-out and public documents, measured with npm run accuracy; other
 * samples of the same families, --seed=23 / 31: scans 96.7 / 87.7 %, photos
 * 90.0 / 91.2 %).
 */

const TEXT_TARGET = 0.97
const FACTS_TARGET = 0.95
const SCAN_TARGET = 0.9
const PHOTO_TARGET = 0.8
/**
 * The public samples' images, read by tesseract and, where its reading is poor or its numbers
 * doubtful, PaddleOCR: 41 of 44 (93.2 %; 39 before a flag on the very bound it points past stopped
 * keeping chloride and HDL of the Theranos scan to check). The scan target applies.
 */

const root = path.resolve(import.meta.dirname, '../..')
const heldOut = FAMILIES.filter((family) => family.heldOut).map((family) => family.name)
let corpus: Array<{ document: CorpusDocument; result: ExtractionResult; check: DocumentCheck }> = []
let samples: Array<{ result: ExtractionResult; check: DocumentCheck }> = []

beforeAll(async () => {
	const documents = await generateCorpus({ families: heldOut, perFamily: 1 })
	corpus = await Promise.all(
		documents.map(async (document) => {
			const result = await extractDocument({ bytes: document.bytes, fileName: document.fileName })
			return { document, result, check: checkCorpusDocument(document, result) }
		}),
	)
	const dir = publicSamplesDir(root)
	samples = await Promise.all(
		loadPublicSamples(dir).map(async (sample) => {
			const result = await extractDocument({ bytes: await readFile(path.join(dir, sample.path)), fileName: path.basename(sample.path) })
			return { result, check: checkPublicSample(sample, result) }
		}),
	)
	const print = (label: string, checks: DocumentCheck[]) => {
		const by = (medium: DocumentCheck['medium']) => percent(valueShare(checks.filter((check) => check.medium === medium)))
		console.log(`${label}: text ${by('text_pdf')}, scans ${by('scan')}, photos ${by('photo')}, kind+date+provider ${percent(factsShare(checks))}`)
	}
	for (const family of heldOut)
		print(
			`held-out family ${family}`,
			corpus.filter((item) => item.document.family === family).map((item) => item.check),
		)
	print(
		'held-out families',
		corpus.map((item) => item.check),
	)
	print(
		'public samples',
		samples.map((item) => item.check),
	)
}, 600_000)

function share(checks: DocumentCheck[], medium: DocumentCheck['medium']): number {
	return valueShare(checks.filter((check) => check.medium === medium)).share
}

describe('layout families not used while tuning', () => {
	it('reads the lab values of their text PDFs', () => {
		expect(
			share(
				corpus.map((item) => item.check),
				'text_pdf',
			),
		).toBeGreaterThanOrEqual(TEXT_TARGET)
	})

	it('reads the lab values of their scans and phone photos', () => {
		const checks = corpus.map((item) => item.check)
		expect(share(checks, 'scan')).toBeGreaterThanOrEqual(SCAN_TARGET)
		expect(share(checks, 'photo')).toBeGreaterThanOrEqual(PHOTO_TARGET)
	})

	it('gets kind, date and provider of their text PDFs right', () => {
		expect(factsShare(corpus.filter((item) => item.document.medium === 'text_pdf').map((item) => item.check)).share).toBeGreaterThanOrEqual(FACTS_TARGET)
	})
})

describe('public samples', () => {
	it('reads the lab values of their text PDFs and images', () => {
		const checks = samples.map((item) => item.check)
		expect(share(checks, 'text_pdf')).toBeGreaterThanOrEqual(TEXT_TARGET)
		expect(share(checks, 'scan')).toBeGreaterThanOrEqual(SCAN_TARGET)
	})

	it('gets kind, date and provider right on the held-out families and the public samples together', () => {
		expect(factsShare([...corpus, ...samples].map((item) => item.check)).share).toBeGreaterThanOrEqual(FACTS_TARGET)
	})

	it('files every text PDF as a lab report and dates it as printed', () => {
		const texts = samples.filter((item) => item.check.medium === 'text_pdf').map((item) => item.check)
		expect(texts.every((check) => check.kindMatched && check.dateMatched)).toBe(true)
	})
})

describe('every document read', () => {
	it('never dates a document in the future or before 1900, and never invents a code', () => {
		const results = [...corpus, ...samples].map((item) => item.result)
		expect([...corpus, ...samples].filter((item) => item.check.isImpossibleDate)).toEqual([])
		const known = new Set(ANALYTE_CODES)
		expect(results.flatMap((result) => result.parameters.map((parameter) => parameter.code)).filter((code) => !known.has(code))).toEqual([])
		expect(results.flatMap((result) => result.parameters).every((parameter) => parameter.loinc === null || /^\d{1,6}-\d$/.test(parameter.loinc))).toBe(true)
	})

	it('says which languages OCR read a page with', () => {
		const languages = corpus.filter((item) => item.document.medium !== 'text_pdf' && item.document.language !== 'en').map((item) => item.result.ocrLanguages)
		// tesseract's models, English first; or PaddleOCR's where it read a page tesseract read poorly
		for (const used of languages) expect(['eng', 'paddle']).toContain(used[0])
		expect(corpus.filter((item) => item.document.medium === 'text_pdf').every((item) => item.result.ocrLanguages.length === 0)).toBe(true)
	})
})
