import type { RawImage } from '../ocr/image-preprocess.ts'
import { assertPixelBudget } from '../intake/limits.ts'

/**
 * A HEIC/HEIF photo (an iPhone's default format) decoded to RGB pixels, for
 * OCR and the preview: sharp's libvips reads HEIF coded in AV1 (AVIF) only,
 * not in HEVC. The decoder is libheif with libde265 compiled to WebAssembly
 * (the npm package libheif-js, pinned), so nothing is downloaded or built.
 *
 * Each decode runs in a WebAssembly instance of its own, made for it and
 * dropped after: the instance's memory (the file, the HEVC frames, the
 * pixels) is never reused, so it is given back once collected and does not
 * stay in a warm extraction child between documents (isolated-extract.ts).
 * The pixels are copied out before the instance is let go.
 *
 * The same checks as every image: the size the file declares is checked
 * against the pixel budget (limits.ts) before any pixel is decoded, and a
 * file libheif cannot parse or decode is a HeicReadError (extraction's
 * 'corrupt_image'). The decode blocks the thread (about 1.5 s for a 12 MP
 * photo here), which runs in the extraction child.
 */

export class HeicReadError extends Error {
	constructor(message: string) {
		super(message)
		this.name = 'HeicReadError'
	}
}

/** The part of libheif-js's interface used here (libheif-js/libheif-wasm/libheif.d.ts). */
type HeifError = { code: unknown; message?: string }
type HeifImageHandle = object
type HeifChannel = { id: unknown; data: Uint8Array; width: number; height: number; stride: number }
type HeifDecoded = { image: object; width: number; height: number; channels: HeifChannel[] }
type Libheif = {
	ready?: Promise<unknown>
	heif_error_code: { heif_error_Ok: unknown }
	heif_colorspace: { heif_colorspace_RGB: unknown }
	heif_chroma: { heif_chroma_interleaved_RGB: unknown }
	heif_channel: { heif_channel_interleaved: unknown }
	heif_context_alloc(): object
	heif_context_free(context: object): void
	heif_context_read_from_memory(context: object, bytes: Uint8Array): HeifError
	heif_js_context_get_primary_image_handle(context: object): HeifImageHandle | HeifError
	heif_image_handle_get_width(handle: HeifImageHandle): number
	heif_image_handle_get_height(handle: HeifImageHandle): number
	heif_image_handle_release(handle: HeifImageHandle): void
	heif_js_decode_image2(handle: HeifImageHandle, colorspace: unknown, chroma: unknown): Promise<HeifDecoded | HeifError | null>
	heif_image_release(image: object): void
}

/** A new libheif instance (its own WebAssembly memory); the module itself is loaded once, on the first HEIC. */
async function newLibheif(): Promise<Libheif> {
	const { default: createLibheif } = await import('libheif-js/libheif-wasm/libheif-bundle.js')
	const libheif = createLibheif() as Libheif
	await libheif.ready
	return libheif
}

function isError(value: unknown): value is HeifError {
	return typeof value === 'object' && value !== null && 'code' in value && !('channels' in value)
}

/** The primary image's declared size, without decoding it (throws HeicReadError when the file does not parse). */
function openPrimaryImage(libheif: Libheif, context: object, bytes: Uint8Array): { handle: HeifImageHandle; width: number; height: number } {
	const read = libheif.heif_context_read_from_memory(context, bytes)
	if (read.code !== libheif.heif_error_code.heif_error_Ok) throw new HeicReadError('the HEIF container does not parse')
	const handle = libheif.heif_js_context_get_primary_image_handle(context)
	if (!handle || isError(handle)) throw new HeicReadError('the HEIF file has no primary image')
	return { handle, width: libheif.heif_image_handle_get_width(handle), height: libheif.heif_image_handle_get_height(handle) }
}

/**
 * The primary image of a HEIC/HEIF file as 8-bit RGB, upright (libheif
 * applies the file's rotation and mirroring). Throws ProcessingLimitError
 * over the pixel budget, HeicReadError for a file it cannot read.
 */
export async function decodeHeic(bytes: Uint8Array): Promise<RawImage> {
	const libheif = await newLibheif()
	const context = libheif.heif_context_alloc()
	if (!context) throw new HeicReadError('no HEIF context')
	try {
		const { handle, width, height } = openPrimaryImage(libheif, context, bytes)
		try {
			if (!(width > 0 && height > 0)) throw new HeicReadError('the image has no size')
			// before any pixel is decoded: a small file may declare a huge picture
			assertPixelBudget(width, height)
			const decoded = await libheif.heif_js_decode_image2(handle, libheif.heif_colorspace.heif_colorspace_RGB, libheif.heif_chroma.heif_chroma_interleaved_RGB)
			if (!decoded || isError(decoded)) throw new HeicReadError('the image data does not decode')
			try {
				const channel = decoded.channels.find((candidate) => candidate.id === libheif.heif_channel.heif_channel_interleaved)
				if (!channel || channel.width !== width || channel.height !== height || channel.stride < width * 3) {
					throw new HeicReadError('the decoded image is not the declared size')
				}
				// copied out of the instance's memory, row by row where rows are padded
				const rgb = new Uint8Array(width * height * 3)
				if (channel.stride === width * 3) rgb.set(channel.data.subarray(0, rgb.length))
				else for (let y = 0; y < height; y++) rgb.set(channel.data.subarray(y * channel.stride, y * channel.stride + width * 3), y * width * 3)
				return { data: rgb, width, height, channels: 3 }
			} finally {
				libheif.heif_image_release(decoded.image)
			}
		} finally {
			libheif.heif_image_handle_release(handle)
		}
	} finally {
		libheif.heif_context_free(context)
	}
}

/**
 * One decode per file object: extraction and the preview of the same
 * document (extract-child.ts) share the pixels instead of decoding twice.
 * Held only as long as the bytes are.
 */
const decodedByBytes = new WeakMap<Uint8Array, Promise<RawImage>>()

export function decodeHeicOnce(bytes: Uint8Array): Promise<RawImage> {
	let decoded = decodedByBytes.get(bytes)
	if (!decoded) {
		decoded = decodeHeic(bytes)
		decodedByBytes.set(bytes, decoded)
		// a failure is not kept: the next caller gets the same error afresh
		decoded.catch(() => decodedByBytes.delete(bytes))
	}
	return decoded
}
