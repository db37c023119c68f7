import { readFile } from 'node:fs/promises'
import path from 'node:path'
import sharp from 'sharp'
import { beforeAll, describe, expect, it } from 'vitest'
import { extractDocument } from '#server/extraction/index.ts'
import { ANALYTE_CODES } from '#server/lab-vocabulary/index.ts'
import {
	checkPublicSample,
	loadPublicSamples,
	publicSamplesDir,
	realReports3Dir,
	realReportsDir,
	sampleMedium,
	shownShare,
	valueShare,
	type DocumentCheck,
} from '#tests/support/extraction-checks.ts'

/**
 * The 43 real published reports (../shared/fixtures/real-reports,
 * ../shared/fixtures/public-samples and, held out until issue 38,
 * ../shared/fixtures/real-reports-3), read as production reads them
 * (tesseract, then PaddleOCR on the pages tesseract reads poorly), and
 * checked per document: values read exactly (value, unit, range, status)
 * and values shown that do not match the printed row, apart.
 *
 * Each document's figures are asserted where `npm run accuracy -- --only=real`
 * measured them (decision 018): a change that loses a value on one document,
 * or shows one more wrong value, fails here even when the set's total holds.
 * Where a figure improves, raise its floor here.
 */

type Expectation = { read: number; wrongAtMost: number; facts: 'kind+date+provider' | 'kind+date' | 'none' }

/** values read exactly (at least), values shown wrong (at most), facts right */
const EXPECTED: Record<string, Expectation> = {
	'real-reports/text/us-quest-sample-report-watermark-4p.pdf': { read: 57, wrongAtMost: 0, facts: 'kind+date+provider' },
	'real-reports/text/es-sacyl-style-hemograma-bioquimica-2p.pdf': { read: 42, wrongAtMost: 0, facts: 'kind+date+provider' },
	'real-reports/text/es-sacyl-style-gasometria-2p.pdf': { read: 47, wrongAtMost: 0, facts: 'kind+date+provider' },
	'real-reports/text/in-cardiocare-colored-tables-2p.pdf': { read: 28, wrongAtMost: 0, facts: 'kind+date+provider' },
	'real-reports/text/in-cardiocare-status-column-overlap.pdf': { read: 12, wrongAtMost: 0, facts: 'kind+date+provider' },
	'real-reports/text/in-healthfirst-4p-status-column.pdf': { read: 36, wrongAtMost: 0, facts: 'kind+date+provider' },
	'real-reports/text/us-inline-status-words-no-ranges.pdf': { read: 13, wrongAtMost: 0, facts: 'kind+date+provider' },
	'real-reports/text/in-metropolis-branded-synthetic-table.pdf': { read: 12, wrongAtMost: 0, facts: 'kind+date+provider' },
	'real-reports/scan/cn-urinalysis-phone-photo-watermarked.jpg': { read: 8, wrongAtMost: 0, facts: 'kind+date+provider' },
	'real-reports/scan/tr-hemogram-iron-crp-phone-photo.png': { read: 16, wrongAtMost: 0, facts: 'kind+date+provider' },
	'real-reports/scan/in-shree-diagnostic-cbc-redacted.png': { read: 19, wrongAtMost: 0, facts: 'kind+date+provider' },
	'real-reports/scan/pl-diagnostyka-morfologia-glukoza-tsh-scan-p1.jpg': { read: 23, wrongAtMost: 0, facts: 'kind+date+provider' },
	'real-reports/scan/pl-diagnostyka-hormones-scan-p2.jpg': { read: 10, wrongAtMost: 0, facts: 'kind+date+provider' },
	'real-reports/scan/es-gnu-health-demo-cbc-screenshot.jpg': { read: 18, wrongAtMost: 0, facts: 'kind+date+provider' },
	'real-reports/scan/hemolab-fictional-multipanel-render.png': { read: 21, wrongAtMost: 0, facts: 'kind+date+provider' },
	'real-reports/scan/pk-lahore-synthetic-cbc-lft-kft.png': { read: 10, wrongAtMost: 0, facts: 'kind+date' },
	'public-samples/text/br-biovida-laudo-demo.pdf': { read: 5, wrongAtMost: 0, facts: 'kind+date+provider' },
	'public-samples/text/uk-example-pathology-synthetic.pdf': { read: 14, wrongAtMost: 0, facts: 'kind+date+provider' },
	'public-samples/text/us-fictional-cbc-cmp-lipid-2p.pdf': { read: 30, wrongAtMost: 0, facts: 'kind+date+provider' },
	'public-samples/text/inline-john-doe-cbc-chem-lipid.pdf': { read: 24, wrongAtMost: 0, facts: 'kind+date+provider' },
	'public-samples/text/blood-test-word-no-ranges.pdf': { read: 13, wrongAtMost: 0, facts: 'kind+date+provider' },
	'public-samples/text/kml-lft-bracket-ranges.pdf': { read: 8, wrongAtMost: 0, facts: 'kind+date+provider' },
	'public-samples/text/us-latex-cbc-cmp-status-column.pdf': { read: 11, wrongAtMost: 0, facts: 'kind+date+provider' },
	'public-samples/scan/us-theranos-demo-report.jpg': { read: 17, wrongAtMost: 0, facts: 'kind+date+provider' },
	'public-samples/scan/mock-hematology-cbc.png': { read: 19, wrongAtMost: 0, facts: 'kind+date+provider' },
	'public-samples/scan/medikeep-lab-results-cards.png': { read: 2, wrongAtMost: 0, facts: 'kind+date+provider' },
	'public-samples/scan/lowres-lab-report-john-doe.jpg': { read: 5, wrongAtMost: 0, facts: 'kind+date+provider' },
	// held out until issue 38 (../shared/fixtures/real-reports-3): values as first measured there, facts as the facts stage reads them now;
	// three values on the tuned-on scans above are held to check since a value whose digits the two OCR readings dispute needs its ranges' agreement (checks/README.md)
	'real-reports-3/text/in-drlal-s215.pdf': { read: 1, wrongAtMost: 0, facts: 'kind+date+provider' },
	'real-reports-3/text/in-drlal-s056-qualitative.pdf': { read: 0, wrongAtMost: 0, facts: 'kind+date+provider' },
	'real-reports-3/text/in-drlogy-cbc-abnormal.pdf': { read: 13, wrongAtMost: 0, facts: 'kind+date+provider' },
	'real-reports-3/text/in-drlogy-lipid.pdf': { read: 6, wrongAtMost: 0, facts: 'kind+date+provider' },
	'real-reports-3/text/in-drlogy-thyroid-abnormal.pdf': { read: 3, wrongAtMost: 0, facts: 'kind+date+provider' },
	'real-reports-3/text/in-labsmart-cbc.pdf': { read: 13, wrongAtMost: 0, facts: 'kind+date+provider' },
	'real-reports-3/text/in-labsmart-kft.pdf': { read: 10, wrongAtMost: 0, facts: 'kind+date+provider' },
	'real-reports-3/text/in-mylab-crystal-lft.pdf': { read: 11, wrongAtMost: 0, facts: 'kind+date+provider' },
	'real-reports-3/text/us-labcorp-qualitative-titer.pdf': { read: 0, wrongAtMost: 0, facts: 'kind+date+provider' },
	'real-reports-3/text/us-hl7-discharge-summary-3p.pdf': { read: 0, wrongAtMost: 0, facts: 'kind+date+provider' },
	'real-reports-3/text/us-hl7-advance-directive-7p.pdf': { read: 0, wrongAtMost: 0, facts: 'kind+date+provider' },
	'real-reports-3/scan/tr-hemogram-phone-photo-redacted.jpg': { read: 22, wrongAtMost: 0, facts: 'kind+date+provider' },
	'real-reports-3/scan/us-accesa-cbc-scan-150dpi.jpg': { read: 20, wrongAtMost: 0, facts: 'kind+date+provider' },
	'real-reports-3/scan/us-cbc-small-screenshot.png': { read: 18, wrongAtMost: 0, facts: 'kind+date+provider' },
	'real-reports-3/scan/in-drlogy-cbc-raster.png': { read: 19, wrongAtMost: 0, facts: 'kind+date+provider' },
	'real-reports-3/scan/us-hl7-urinalysis-results-screenshot.png': { read: 2, wrongAtMost: 0, facts: 'kind+date+provider' },
}

const root = path.resolve(import.meta.dirname, '../..')
const SETS = [
	{ name: 'real-reports', dir: realReportsDir(root) },
	{ name: 'public-samples', dir: publicSamplesDir(root) },
	{ name: 'real-reports-3', dir: realReports3Dir(root) },
]
const checks = new Map<string, DocumentCheck>()
const codes: string[] = []

beforeAll(async () => {
	for (const set of SETS) {
		const samples = loadPublicSamples(set.dir)
		// one document at a time: OCR already uses the cores, and CI runs other files beside this one
		for (const sample of samples) {
			const result = await extractDocument({ bytes: await readFile(path.join(set.dir, sample.path)), fileName: path.basename(sample.path) })
			codes.push(...result.parameters.map((parameter) => parameter.code))
			checks.set(`${set.name}/${sample.path}`, checkPublicSample(sample, result, set.name))
			expect(sampleMedium(sample)).toBe(checks.get(`${set.name}/${sample.path}`)?.medium)
		}
	}
	const byMedium = (medium: DocumentCheck['medium']) => {
		const of = [...checks.values()].filter((check) => check.medium === medium)
		const read = valueShare(of)
		const shown = shownShare(of)
		return `${medium} read ${read.matched}/${read.total}, shown wrong ${shown.wrong}/${shown.total}`
	}
	console.log(`real documents: ${byMedium('text_pdf')}; ${byMedium('scan')}; ${byMedium('photo')}`)
}, 900_000)

describe('real published reports, per document', () => {
	it('has an expectation for every document of the three sets', () => {
		expect([...checks.keys()].sort()).toEqual(Object.keys(EXPECTED).sort())
	})

	it.each(Object.entries(EXPECTED))('%s: values read and wrong values shown', (id, expected) => {
		const check = checks.get(id)
		expect(check).toBeDefined()
		if (!check) return
		const read = valueShare([check]).matched
		const { wrong } = shownShare([check])
		expect({ id, read: read >= expected.read, wrong: wrong <= expected.wrongAtMost }).toEqual({ id, read: true, wrong: true })
	})

	it.each(Object.entries(EXPECTED).filter(([, expected]) => expected.facts !== 'none'))('%s: kind and date (and provider) as printed', (id, expected) => {
		const check = checks.get(id)
		expect(check?.kindMatched).toBe(true)
		expect(check?.dateMatched).toBe(true)
		if (expected.facts === 'kind+date+provider') expect(check?.providerMatched).toBe(true)
	})

	it('never dates a real report in the future or before 1900, and never invents a code', () => {
		expect([...checks.values()].filter((check) => check.isImpossibleDate).map((check) => check.id)).toEqual([])
		const known = new Set(ANALYTE_CODES)
		expect(codes.filter((code) => !known.has(code))).toEqual([])
	})
})

/**
 * A real scan photographed or scanned turned (sideways, upside down) is read as upright: its first
 * reading is of few sure words, so tesseract's OSD is asked how to turn it (ocr-page.ts
 * readsUpright), and its values are read as from the upright page.
 */
describe('real scans turned', () => {
	const TURNED = [
		{ set: 'real-reports', file: 'scan/pk-lahore-synthetic-cbc-lft-kft.png', degrees: 90 },
		{ set: 'public-samples', file: 'scan/mock-hematology-cbc.png', degrees: 180 },
	]
	it.each(TURNED)(
		'$file turned $degrees degrees reads as upright',
		async ({ set, file, degrees }) => {
			const dir = set === 'real-reports' ? realReportsDir(root) : publicSamplesDir(root)
			const sample = loadPublicSamples(dir).find((item) => item.path === file)
			expect(sample).toBeDefined()
			if (!sample) return
			const turned = await sharp(await readFile(path.join(dir, file)))
				.rotate(degrees)
				.png()
				.toBuffer()
			const result = await extractDocument({ bytes: turned, fileName: path.basename(file) })
			const check = checkPublicSample(sample, result, set)
			expect({ read: valueShare([check]).matched, wrong: shownShare([check]).wrong }).toEqual({ read: EXPECTED[`${set}/${file}`].read, wrong: 0 })
		},
		120_000,
	)
})
