import dicomParser from 'dicom-parser'
import sharp from 'sharp'
import { inflateRawSync } from 'node:zlib'
import { parseDicomDate } from '../facts/document-date.ts'
import { assertPixelBudget, MAX_DECODED_PIXELS, MAX_INFLATED_BYTES, ProcessingLimitError } from '../intake/limits.ts'
import type { DicomSummary } from '../types.ts'

/**
 * DICOM files with dicom-parser: the study tags a record needs (never the
 * patient's identity) and a preview of the first frame. Previews cover
 * uncompressed pixel data (8/16 bit, signed or not, grey or RGB; modality
 * rescale and VOI window applied, MONOCHROME1 inverted) and JPEG Baseline
 * fragments; other compressed transfer syntaxes give no preview.
 */

const TRANSFER_SYNTAX = {
	implicitLittle: '1.2.840.10008.1.2',
	explicitLittle: '1.2.840.10008.1.2.1',
	deflatedExplicitLittle: '1.2.840.10008.1.2.1.99',
	explicitBig: '1.2.840.10008.1.2.2',
	jpegBaseline: '1.2.840.10008.1.2.4.50',
	jpegExtended: '1.2.840.10008.1.2.4.51',
} as const

export class DicomReadError extends Error {
	constructor(message: string) {
		super(message)
		this.name = 'DicomReadError'
	}
}

/** Deflated data (transfer syntax 1.2.840.10008.1.2.1.99) inflated up to MAX_INFLATED_BYTES; more is a ProcessingLimitError. */
function inflater(bytes: Uint8Array, position: number): Uint8Array {
	let inflated: Buffer
	try {
		inflated = inflateRawSync(Buffer.from(bytes.buffer, bytes.byteOffset + position, bytes.byteLength - position), {
			maxOutputLength: MAX_INFLATED_BYTES,
		})
	} catch (error) {
		if ((error as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') throw new ProcessingLimitError('inflated_size')
		throw error
	}
	const whole = new Uint8Array(position + inflated.length)
	whole.set(bytes.subarray(0, position), 0)
	whole.set(inflated, position)
	return whole
}

function parse(bytes: Uint8Array, untilTag?: string): dicomParser.DataSet {
	try {
		return dicomParser.parseDicom(bytes, untilTag ? { untilTag, inflater } : { inflater })
	} catch (error) {
		// dicom-parser rethrows some errors wrapped as { exception, dataSet }
		const cause = error && typeof error === 'object' && 'exception' in error ? (error as { exception: unknown }).exception : error
		if (cause instanceof ProcessingLimitError) throw cause
		const message = typeof error === 'string' ? error : error instanceof Error ? error.message : 'unreadable DICOM'
		throw new DicomReadError(message)
	}
}

function text(dataSet: dicomParser.DataSet, tag: string): string | null {
	const value = dataSet.string(tag)?.trim()
	return value ? value : null
}

export type DicomInfo = DicomSummary & {
	seriesDescription: string | null
	transferSyntax: string | null
	photometric: string | null
	frames: number
}

/** The study's tags (stops before the pixel data: about a millisecond). */
export function readDicomInfo(bytes: Uint8Array): DicomInfo {
	const dataSet = parse(bytes, 'x7fe00010')
	return {
		modality: text(dataSet, 'x00080060'),
		studyDate: parseDicomDate(text(dataSet, 'x00080020') ?? text(dataSet, 'x00080021') ?? text(dataSet, 'x00080023')),
		studyDescription: text(dataSet, 'x00081030'),
		bodyPart: text(dataSet, 'x00180015'),
		institution: text(dataSet, 'x00080080'),
		rows: dataSet.uint16('x00280010') ?? null,
		columns: dataSet.uint16('x00280011') ?? null,
		seriesDescription: text(dataSet, 'x0008103e'),
		transferSyntax: text(dataSet, 'x00020010'),
		photometric: text(dataSet, 'x00280004'),
		frames: Number(text(dataSet, 'x00280008') ?? 1) || 1,
	}
}

function firstNumber(dataSet: dicomParser.DataSet, tag: string): number | null {
	const value = dataSet.string(tag)
	if (value === undefined) return null
	const number = Number(value.split('\\')[0])
	return Number.isFinite(number) ? number : null
}

export type VoiWindow = { center: number; width: number }

/** DICOM's linear VOI function (PS3.3 C.11.2.1.2) onto 0..255. */
export function applyWindow(value: number, window: VoiWindow): number {
	const { center, width } = window
	if (width <= 1) return value < center ? 0 : 255
	const low = center - 0.5 - (width - 1) / 2
	const high = center - 0.5 + (width - 1) / 2
	if (value <= low) return 0
	if (value > high) return 255
	return Math.round(((value - (center - 0.5)) / (width - 1) + 0.5) * 255)
}

type Frame = { data: Uint8Array; width: number; height: number; channels: 1 | 3 }

/** The first frame of uncompressed pixel data as 8-bit pixels, or null. */
function uncompressedFrame(dataSet: dicomParser.DataSet, isBigEndian: boolean): Frame | null {
	const pixelElement = dataSet.elements.x7fe00010
	if (!pixelElement || pixelElement.encapsulatedPixelData) return null
	const rows = dataSet.uint16('x00280010') ?? 0
	const columns = dataSet.uint16('x00280011') ?? 0
	const bitsAllocated = dataSet.uint16('x00280100') ?? 0
	const bitsStored = dataSet.uint16('x00280101') ?? bitsAllocated
	const isSigned = (dataSet.uint16('x00280103') ?? 0) === 1
	const samples = dataSet.uint16('x00280002') ?? 1
	const planar = dataSet.uint16('x00280006') ?? 0
	const photometric = (text(dataSet, 'x00280004') ?? 'MONOCHROME2').toUpperCase()
	if (!rows || !columns || ![8, 16, 32].includes(bitsAllocated)) return null
	if (samples !== 1 && samples !== 3) return null
	assertPixelBudget(columns, rows)
	const bytesPerSample = bitsAllocated / 8
	const pixelCount = rows * columns
	const frameBytes = pixelCount * samples * bytesPerSample
	if (pixelElement.dataOffset + frameBytes > dataSet.byteArray.length) return null
	const view = new DataView(dataSet.byteArray.buffer, dataSet.byteArray.byteOffset + pixelElement.dataOffset, frameBytes)
	const little = !isBigEndian
	const read = (index: number): number => {
		const offset = index * bytesPerSample
		let raw: number
		if (bitsAllocated === 8) raw = isSigned ? view.getInt8(offset) : view.getUint8(offset)
		else if (bitsAllocated === 16) raw = view.getUint16(offset, little)
		else raw = view.getUint32(offset, little)
		if (bitsAllocated > 8) {
			const mask = bitsStored >= 32 ? 0xffffffff : 2 ** bitsStored - 1
			raw = raw % (mask + 1)
			if (isSigned && raw >= 2 ** (bitsStored - 1)) raw -= 2 ** bitsStored
		}
		return raw
	}
	if (samples === 3) {
		if (bitsAllocated !== 8) return null
		const data = new Uint8Array(pixelCount * 3)
		for (let i = 0; i < pixelCount; i++) {
			for (let c = 0; c < 3; c++) data[i * 3 + c] = read(planar === 1 ? c * pixelCount + i : i * 3 + c)
		}
		return photometric === 'RGB' ? { data, width: columns, height: rows, channels: 3 } : null
	}
	const slope = firstNumber(dataSet, 'x00281053') ?? 1
	const intercept = firstNumber(dataSet, 'x00281052') ?? 0
	const center = firstNumber(dataSet, 'x00281050')
	const width = firstNumber(dataSet, 'x00281051')
	let window: VoiWindow
	if (center !== null && width !== null && width > 0) {
		window = { center, width }
	} else {
		// two passes over the pixels (range, then window) rather than a copy of 8 bytes a pixel
		let min = Number.POSITIVE_INFINITY
		let max = Number.NEGATIVE_INFINITY
		for (let i = 0; i < pixelCount; i++) {
			const value = read(i) * slope + intercept
			if (value < min) min = value
			if (value > max) max = value
		}
		window = { center: (min + max + 1) / 2, width: Math.max(1, max - min + 1) }
	}
	const data = new Uint8Array(pixelCount)
	const invert = photometric === 'MONOCHROME1'
	for (let i = 0; i < pixelCount; i++) {
		const grey = applyWindow(read(i) * slope + intercept, window)
		data[i] = invert ? 255 - grey : grey
	}
	return { data, width: columns, height: rows, channels: 1 }
}

/** The first frame of JPEG Baseline pixel data (decoded by sharp), or null. */
async function jpegBaselineFrame(dataSet: dicomParser.DataSet): Promise<Frame | null> {
	const pixelElement = dataSet.elements.x7fe00010
	if (!pixelElement?.encapsulatedPixelData || !pixelElement.fragments?.length) return null
	const offsets = pixelElement.basicOffsetTable?.length ? pixelElement.basicOffsetTable : dicomParser.createJPEGBasicOffsetTable(dataSet, pixelElement)
	assertPixelBudget(dataSet.uint16('x00280011') ?? 0, dataSet.uint16('x00280010') ?? 0)
	const encoded = dicomParser.readEncapsulatedImageFrame(dataSet, pixelElement, 0, offsets)
	const jpeg = Buffer.from(encoded.buffer, encoded.byteOffset, encoded.byteLength)
	// the JPEG's own header may declare another size than the DICOM tags: check it too
	const declared = await sharp(jpeg, { limitInputPixels: false }).metadata()
	assertPixelBudget(declared.width ?? 0, declared.height ?? 0)
	const { data, info } = await sharp(jpeg, { limitInputPixels: MAX_DECODED_PIXELS }).raw().toBuffer({ resolveWithObject: true })
	const channels = info.channels === 3 ? 3 : 1
	let pixels = new Uint8Array(data.buffer, data.byteOffset, data.byteLength)
	if (info.channels !== channels) {
		pixels = new Uint8Array(
			await sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } })
				.greyscale()
				.toColourspace('b-w')
				.raw()
				.toBuffer(),
		)
	}
	if (channels === 1 && (text(dataSet, 'x00280004') ?? '').toUpperCase() === 'MONOCHROME1') {
		for (let i = 0; i < pixels.length; i++) pixels[i] = 255 - pixels[i]
	}
	return { data: pixels, width: info.width, height: info.height, channels }
}

/** A PNG preview (at most maxWidth wide) of the first frame, or null when the encoding is not supported. */
export async function renderDicomPreview(bytes: Uint8Array, maxWidth = 800): Promise<Buffer | null> {
	const dataSet = parse(bytes)
	const syntax = text(dataSet, 'x00020010') ?? TRANSFER_SYNTAX.implicitLittle
	let frame: Frame | null = null
	if (syntax === TRANSFER_SYNTAX.implicitLittle || syntax === TRANSFER_SYNTAX.explicitLittle || syntax === TRANSFER_SYNTAX.deflatedExplicitLittle) {
		frame = uncompressedFrame(dataSet, false)
	} else if (syntax === TRANSFER_SYNTAX.explicitBig) {
		frame = uncompressedFrame(dataSet, true)
	} else if (syntax === TRANSFER_SYNTAX.jpegBaseline || syntax === TRANSFER_SYNTAX.jpegExtended) {
		frame = await jpegBaselineFrame(dataSet).catch(() => null)
	}
	if (!frame) return null
	return sharp(Buffer.from(frame.data.buffer, frame.data.byteOffset, frame.data.byteLength), {
		raw: { width: frame.width, height: frame.height, channels: frame.channels },
	})
		.resize({ width: maxWidth, withoutEnlargement: true })
		.png()
		.toBuffer()
}

/** Tidies an all-capitals study description: 'XR CHEST 2 VIEWS' -> 'XR Chest 2 Views'. */
export function describeStudy(info: Pick<DicomSummary, 'studyDescription' | 'modality' | 'bodyPart'>): string {
	const description = info.studyDescription ?? [info.modality, info.bodyPart].filter(Boolean).join(' ')
	return description ? smartCase(description) : 'Imaging Study'
}

const KEEP_UPPER = new Set([
	'XR',
	'CR',
	'DX',
	'CT',
	'MR',
	'MRI',
	'US',
	'NM',
	'PET',
	'PA',
	'AP',
	'DEXA',
	'MG',
	'RF',
	'XA',
	'IV',
	'OB',
	'ECG',
	'EKG',
	'KUB',
	'CTA',
	'MRA',
	'L',
	'R',
])

/** Title case for all-capitals imaging text, keeping modality and view abbreviations. */
export function smartCase(value: string): string {
	if (/[a-z]/.test(value)) return value
	return value
		.split(/(\s+|[()/,])/)
		.map((word, index) => {
			if (!/[A-Z]/.test(word)) return word
			if (KEEP_UPPER.has(word)) return word
			const lower = word.toLowerCase()
			if (index > 0 && ['and', 'or', 'of', 'with', 'without', 'w', 'wo', 'the', 'to'].includes(lower)) return lower
			return lower.charAt(0).toUpperCase() + lower.slice(1)
		})
		.join('')
}
