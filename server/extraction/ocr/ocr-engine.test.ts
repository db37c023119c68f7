import { readFileSync } from 'node:fs'
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { fixturesDir } from '#tests/support/fixture-manifest.ts'
import {
	bestIntModelFolder,
	bestIntTessdataDir,
	createDefaultOcrEngine,
	createTesseractCliEngine,
	createTesseractJsEngine,
	findOnPath,
	parseOrientation,
} from './ocr-engine.ts'
import { preprocessForOcr } from './image-preprocess.ts'
import { PAGE_PREPROCESSING, readReportPage, recognizePage } from './ocr-page.ts'
import { countResultRows } from '../rows/row-count.ts'

const scan = path.join(fixturesDir(path.resolve(import.meta.dirname, '../../..')), 'scan/bluewater_scan.jpg')
const hasTesseract = findOnPath('tesseract') !== null

/** Two table rows of the Bluewater scan (250 dpi): GLUCOSE, FASTING 123 ... and HEMOGLOBIN A1C 4.2 ... */
let rows: Buffer

beforeAll(async () => {
	rows = await sharp(readFileSync(scan)).extract({ left: 60, top: 540, width: 1900, height: 130 }).png().toBuffer()
})

function expectRows(text: string) {
	expect(text).toMatch(/GLUCOSE/)
	expect(text).toMatch(/\b123\b/)
	expect(text).toMatch(/A1C/i)
}

describe('best_int model', () => {
	it('is found in @tesseract.js-data/eng and unpacked for the CLI', () => {
		expect(bestIntModelFolder()).toMatch(/4\.0\.0_best_int$/)
		expect(readFileSync(path.join(bestIntTessdataDir(), 'eng.traineddata')).length).toBeGreaterThan(1_000_000)
	})
})

describe.skipIf(!hasTesseract)('tesseract CLI engine', () => {
	it('reads table rows of a scan', async () => {
		const engine = createTesseractCliEngine()
		expect(engine.name).toBe('tesseract-cli')
		const result = await recognizePage(engine, rows, { dpi: 250 })
		expectRows(result.text)
		expect(result.engineMs).toBeGreaterThan(0)
	}, 30_000)

	it('reads with the bundled best_int model where it is given that model', async () => {
		const engine = createTesseractCliEngine({ tessdataDir: bestIntTessdataDir() })
		expect(engine.modelName?.()).toBe(`tessdata:${bestIntTessdataDir()}`)
		expect(engine.availableLanguages?.()).toEqual(['eng'])
		expectRows((await recognizePage(engine, rows, { dpi: 250 })).text)
	}, 30_000)

	it('reads the same with processes started ahead, for the languages they were started with', async () => {
		const engine = createTesseractCliEngine({ concurrency: 2 })
		const { image } = await preprocessForOcr(rows, { ...PAGE_PREPROCESSING, dpi: 250 })
		try {
			const cold = await engine.recognize(image)
			engine.warmUp!(undefined, 2)
			await new Promise((resolve) => setTimeout(resolve, 400))
			const warm = await engine.recognize(image)
			expect(warm.text).toBe(cold.text)
			expectRows(warm.text)
			// the model loaded while waiting: the warm reading skips that load
			expect(warm.ms).toBeLessThan(cold.ms + 50)
		} finally {
			await engine.close()
		}
	}, 30_000)

	it('reports a failing binary as an error', async () => {
		const engine = createTesseractCliEngine({ binary: '/bin/false' })
		await expect(engine.recognize(rows)).rejects.toThrow(/tesseract exited/)
	})

	it('reads a page scanned sideways after turning it upright by its OSD', async () => {
		const engine = createTesseractCliEngine()
		const sideways = await sharp(readFileSync(scan)).rotate(90).png().toBuffer()
		expect(await engine.detectOrientation!(sideways)).toBe(270)
		const page = await readReportPage(engine, sideways, { countRows: countResultRows })
		expect(page.text).toMatch(/GLUCOSE/)
		expect(page.text).toMatch(/\b123\b/)
	}, 60_000)

	it('is the default engine where the binary exists', () => {
		expect(createDefaultOcrEngine().name).toBe('tesseract-cli')
	})
})

describe('parseOrientation', () => {
	it("takes OSD's turn when it is confident, and nothing otherwise", () => {
		expect(parseOrientation('Page number: 0\nOrientation in degrees: 90\nRotate: 270\nOrientation confidence: 11.2\nScript: Latin')).toBe(270)
		expect(parseOrientation('Rotate: 180\nOrientation confidence: 0.4')).toBeNull()
		expect(parseOrientation('')).toBeNull()
	})
})

describe('tesseract.js engine', () => {
	const engine = createTesseractJsEngine()
	afterAll(() => engine.close())

	it('reads table rows of a scan offline with the bundled model', async () => {
		expect(engine.name).toBe('tesseract.js')
		const result = await recognizePage(engine, rows, { dpi: 250 })
		expectRows(result.text)
	}, 60_000)
})
