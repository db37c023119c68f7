import { beforeAll, describe, expect, it } from 'vitest'
import { extractDocument, type ExtractionResult } from '#server/extraction/index.ts'
import { ANALYTE_CODES } from '#server/lab-vocabulary/index.ts'
import { checkCorpusDocument, factsShare, percent, valueShare, type DocumentCheck } from '#tests/support/extraction-checks.ts'
import { FAMILIES, generateCorpus, type CorpusDocument } from '#tests/support/lab-corpus/index.ts'

/**
 * Extraction on the held-out layout families of the generated corpus (text
 * PDFs, scans and phone-photo simulations made at test time), a stress test
 * of layouts the readers were not tuned on. The real published reports are
 * checked per document in extraction-real-documents.test.ts.
 *
 * Targets of issue 27: lab values exact >= 97 % from text PDFs, >= 90 % from
 * scans, >= 80 % from phone photos; kind, date and provider right on >= 95 %
 * of documents; no date in the future; no invented code. One document per
 * family and medium keeps the run short.
 */

const TEXT_TARGET = 0.97
const FACTS_TARGET = 0.95
const SCAN_TARGET = 0.9
const PHOTO_TARGET = 0.8

const heldOut = FAMILIES.filter((family) => family.heldOut).map((family) => family.name)
let corpus: Array<{ document: CorpusDocument; result: ExtractionResult; check: DocumentCheck }> = []

beforeAll(async () => {
	const documents = await generateCorpus({ families: heldOut, perFamily: 1 })
	corpus = await Promise.all(
		documents.map(async (document) => {
			const result = await extractDocument({ bytes: document.bytes, fileName: document.fileName })
			return { document, result, check: checkCorpusDocument(document, result) }
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

describe('every document read', () => {
	it('never dates a document in the future or before 1900, and never invents a code', () => {
		const results = corpus.map((item) => item.result)
		expect(corpus.filter((item) => item.check.isImpossibleDate)).toEqual([])
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
