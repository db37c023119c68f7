import { accessSync, constants, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import os from 'node:os'
import path from 'node:path'
import { gunzipSync } from 'node:zlib'
import { layoutOcrWords, parseTesseractTsv } from './ocr-layout.ts'
import { createPaddleEngine } from './paddle-engine.ts'
import { createSpareProcesses, runTesseract, startTesseract } from './tesseract-process.ts'
import type { OcrEngine, OcrOptions, OcrResult } from '../types.ts'

/**
 * Tesseract behind the OCR engine interface: the tesseract CLI (fast with
 * OMP_THREAD_LIMIT=1) where the binary exists, tesseract.js (WebAssembly,
 * fully offline with the bundled language data) everywhere else. The CLI
 * reads with the system's English model (the 'best_int' model from
 * @tesseract.js-data/eng where the system has none); tesseract.js uses best_int,
 * which ships with the app. PaddleOCR, the engine that reads image pages first, is
 * paddle-engine.ts (createDefaultPaddleEngine below).
 */

export type { OcrEngine, OcrOptions, OcrResult } from '../types.ts'

/** An engine that holds resources (a worker thread, processes started ahead) until closed. */
export type ClosableOcrEngine = OcrEngine & { close(): Promise<void> }

/**
 * Page segmentation for report pages: 6 ('a single uniform block of text')
 * keeps each table row on one line with its columns in order.
 */
export const REPORT_PAGE_SEGMENTATION = 6

/** The resolution the preprocessed images are prepared for. */
export const OCR_DPI = 300

const require = createRequire(import.meta.url)

/** The folder of @tesseract.js-data/eng's best_int model (eng.traineddata.gz). */
export function bestIntModelFolder(): string {
	const packageJson = require.resolve('@tesseract.js-data/eng/package.json')
	return path.join(path.dirname(packageJson), '4.0.0_best_int')
}

let tessdataDir: string | null = null

/**
 * A tessdata folder for the CLI holding the best_int model, unpacked once
 * into a cache folder under the system temp directory (written atomically,
 * so parallel processes never read half a file).
 */
export function bestIntTessdataDir(): string {
	if (tessdataDir) return tessdataDir
	const source = path.join(bestIntModelFolder(), 'eng.traineddata.gz')
	const packed = readFileSync(source)
	const folder = path.join(os.tmpdir(), `carebook-tessdata-best-int-${packed.length}`)
	const target = path.join(folder, 'eng.traineddata')
	if (!existsSync(target)) {
		mkdirSync(folder, { recursive: true })
		const temporary = `${target}.${process.pid}.${Date.now()}.tmp`
		writeFileSync(temporary, gunzipSync(packed))
		renameSync(temporary, target)
	}
	tessdataDir = folder
	return folder
}

/** Where Debian (and most systems) keep tesseract's language data; TESSDATA_PREFIX first. */
const SYSTEM_TESSDATA = [
	process.env.TESSDATA_PREFIX,
	'/usr/share/tesseract-ocr/5/tessdata',
	'/usr/share/tesseract-ocr/4.00/tessdata',
	'/usr/share/tessdata',
	'/usr/local/share/tessdata',
].filter((folder): folder is string => Boolean(folder))

/** The languages of the vocabulary's reports, as tesseract codes. */
export const REPORT_LANGUAGES = ['deu', 'fra', 'spa', 'ita', 'por', 'tur'] as const

/** The folder of the system's English model (Debian's tesseract-ocr-eng), or null. */
export function systemTessdataDir(): string | null {
	return SYSTEM_TESSDATA.find((dir) => existsSync(path.join(dir, 'eng.traineddata'))) ?? null
}

/** The report languages whose data is installed beside it (Debian's tesseract-ocr-<lang> packages). */
export function installedReportLanguages(): string[] {
	const folder = systemTessdataDir()
	return folder ? REPORT_LANGUAGES.filter((language) => existsSync(path.join(folder, `${language}.traineddata`))) : []
}

/** The full path of an executable on PATH, or null. */
export function findOnPath(command: string, envPath = process.env.PATH ?? ''): string | null {
	for (const folder of envPath.split(path.delimiter)) {
		if (!folder) continue
		const candidate = path.join(folder, command)
		try {
			accessSync(candidate, constants.X_OK)
			return candidate
		} catch {
			// not here
		}
	}
	return null
}

/** A small counting semaphore: at most `limit` recognitions at once. */
function createLimiter(limit: number) {
	let active = 0
	const waiting: Array<() => void> = []
	return async function run<T>(task: () => Promise<T>): Promise<T> {
		if (active >= limit) await new Promise<void>((resolve) => waiting.push(resolve))
		active++
		try {
			return await task()
		} finally {
			active--
			waiting.shift()?.()
		}
	}
}

export type TesseractCliOptions = {
	/** the tesseract executable; default: `tesseract` found on PATH */
	binary?: string
	/**
	 * tessdata folder; default: the system's English model (Debian's tesseract-ocr-eng) where
	 * installed, else the bundled best_int model. null: the system's; a folder: that one.
	 */
	tessdataDir?: string | null
	psm?: number
	/** concurrent tesseract processes; default: the number of CPUs */
	concurrency?: number
	timeoutMs?: number
	/** read tesseract's word boxes (TSV) and lay the words out by their positions (default true); false: its plain text */
	wordBoxes?: boolean
}

/**
 * The tesseract CLI, one process per image, image on stdin, text on stdout,
 * OMP_THREAD_LIMIT=1 (tesseract-process.ts). It reads with Debian's English model where installed:
 * on unseen layouts it reads far more than the bundled best_int (held-out + public scans 87.6 %
 * against 78.4 %, photos 73.6 % against 69.8 %, README.md); best_int where the system has none.
 * `warmUp` starts the processes of the next readings while their page is being prepared.
 */
export function createTesseractCliEngine(options: TesseractCliOptions = {}): ClosableOcrEngine {
	const binary = options.binary ?? findOnPath('tesseract') ?? 'tesseract'
	const psm = options.psm ?? REPORT_PAGE_SEGMENTATION
	const parallelism = Math.max(1, options.concurrency ?? os.availableParallelism?.() ?? os.cpus().length)
	const limit = createLimiter(parallelism)
	const timeoutMs = options.timeoutMs ?? 120_000
	const wordBoxes = options.wordBoxes ?? true
	const system = systemTessdataDir()
	const dataDir = options.tessdataDir === undefined ? (system ?? bestIntTessdataDir()) : (options.tessdataDir ?? system)
	const isSystem = dataDir !== null && dataDir === system
	const hasOsdModel = isSystem && existsSync(path.join(dataDir, 'osd.traineddata'))
	/** the report languages this engine can add to English: those installed beside the system's model */
	const reportLanguages = () => (isSystem ? installedReportLanguages() : [])
	/** English and those of the asked languages that are installed */
	const readingLanguages = (asked: readonly string[] = []) => {
		const available = reportLanguages()
		return ['eng', ...asked.filter((language) => language !== 'eng' && available.includes(language))]
	}
	const argsFor = (languages: string[]) => [
		'stdin',
		'stdout',
		'-l',
		languages.join('+'),
		'--psm',
		String(psm),
		'--dpi',
		String(OCR_DPI),
		...(dataDir ? ['--tessdata-dir', dataDir] : []),
		...(wordBoxes ? ['-c', 'tessedit_create_tsv=1'] : []),
	]
	const spares = createSpareProcesses((args) => startTesseract(binary, args, timeoutMs), parallelism)
	return {
		name: 'tesseract-cli',
		parallelism,
		availableLanguages: () => ['eng', ...reportLanguages()],
		modelName: () => (isSystem ? 'system' : options.tessdataDir === undefined ? 'best_int' : `tessdata:${dataDir}`),
		warmUp(languages, count) {
			spares.warm(argsFor(readingLanguages(languages)), count)
		},
		recognize(image: Buffer, recognizeOptions: OcrOptions = {}): Promise<OcrResult> {
			const languages = readingLanguages(recognizeOptions.languages)
			return limit(async () => {
				const started = performance.now()
				const output = await spares.take(argsFor(languages)).read(image)
				const ms = performance.now() - started
				const words = wordBoxes ? parseTesseractTsv(output) : undefined
				return words ? { text: layoutOcrWords(words), ms, languages, words } : { text: output, ms, languages }
			})
		},
		detectOrientation: hasOsdModel
			? (image) =>
					limit(async () => {
						// OSD from the system's tessdata (osd.traineddata: Debian's tesseract-ocr-osd)
						const output = await runTesseract(
							binary,
							['stdin', 'stdout', '--psm', '0', '-l', 'osd', '--dpi', String(OCR_DPI), ...(dataDir ? ['--tessdata-dir', dataDir] : [])],
							image,
							timeoutMs,
						).catch(() => '')
						return parseOrientation(output)
					})
			: undefined,
		async close() {
			spares.close()
		},
	}
}

/** OSD below this confidence is a guess (tesseract prints 'Orientation confidence'). */
const MIN_ORIENTATION_CONFIDENCE = 2

/** The clockwise turn tesseract's OSD asks for (0, 90, 180, 270), or null when unsure. */
export function parseOrientation(output: string): number | null {
	const rotate = /Rotate:\s*(\d+)/.exec(output)
	const confidence = /Orientation confidence:\s*([\d.]+)/.exec(output)
	if (!rotate || !confidence || Number(confidence[1]) < MIN_ORIENTATION_CONFIDENCE) return null
	return Number(rotate[1]) % 360
}

export type TesseractJsOptions = {
	psm?: number
	/** folder holding eng.traineddata.gz; default: the best_int folder of @tesseract.js-data/eng */
	langPath?: string
}

/**
 * tesseract.js 7 (WebAssembly) with the bundled best_int model: no network,
 * no cache written. One worker, created on first use, recognitions queued.
 */
export function createTesseractJsEngine(options: TesseractJsOptions = {}): ClosableOcrEngine {
	const psm = options.psm ?? REPORT_PAGE_SEGMENTATION
	let workerPromise: Promise<import('tesseract.js').Worker> | null = null
	const limit = createLimiter(1)
	async function worker() {
		workerPromise ??= (async () => {
			const tesseract = await import('tesseract.js')
			const created = await tesseract.createWorker('eng', tesseract.OEM.LSTM_ONLY, {
				langPath: options.langPath ?? bestIntModelFolder(),
				gzip: true,
				cacheMethod: 'none',
			})
			await created.setParameters({
				tessedit_pageseg_mode: String(psm) as unknown as import('tesseract.js').PSM,
				user_defined_dpi: String(OCR_DPI),
			})
			return created
		})()
		return workerPromise
	}
	return {
		name: 'tesseract.js',
		recognize(image: Buffer): Promise<OcrResult> {
			return limit(async () => {
				const ready = await worker()
				const started = performance.now()
				const result = await ready.recognize(image)
				return { text: result.data.text ?? '', ms: performance.now() - started, languages: ['eng'] }
			})
		},
		async close() {
			if (!workerPromise) return
			const ready = await workerPromise
			workerPromise = null
			await ready.terminate()
		},
	}
}

let defaultEngine: (OcrEngine & { close?: () => Promise<void> }) | null = null
let defaultPaddle: ClosableOcrEngine | null = null

/** The CLI when `tesseract` is on PATH, else tesseract.js; one instance per process. */
export function createDefaultOcrEngine(): OcrEngine {
	defaultEngine ??= findOnPath('tesseract') ? createTesseractCliEngine() : createTesseractJsEngine()
	return defaultEngine
}

/**
 * PaddleOCR (paddle-engine.ts), which reads the pages tesseract reads poorly (readReportPage, README.md); one
 * instance per process, its models loaded on its first page. CAREBOOK_PADDLE_OCR=0 turns it off
 * (tesseract alone, as before it).
 */
export function createDefaultPaddleEngine(): OcrEngine | null {
	if (process.env.CAREBOOK_PADDLE_OCR === '0') return null
	defaultPaddle ??= createPaddleEngine()
	return defaultPaddle
}

/**
 * Releases the default engines (tesseract.js holds a worker thread that keeps
 * a process alive, PaddleOCR its models); scripts call it before exiting. The next
 * createDefaultOcrEngine() makes a new one.
 */
export async function closeDefaultOcrEngine(): Promise<void> {
	const paddle = defaultPaddle
	defaultPaddle = null
	await Promise.all([closeDefaultTesseractEngine(), paddle?.close()])
}

/**
 * Releases the default tesseract engine alone: its waiting processes are killed, PaddleOCR keeps
 * its models. A warm extraction process calls it after each document, so that nothing it started
 * outlives the document.
 */
export async function closeDefaultTesseractEngine(): Promise<void> {
	const engine = defaultEngine
	defaultEngine = null
	await engine?.close?.()
}
