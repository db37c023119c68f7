import { FhirJsonTyper } from './json-type.ts'
import { claimedTypeMismatchMessage, NOT_A_HEALTH_RECORD, REJECTION_MESSAGES, typeMismatchMessage } from './messages.ts'
import type { FileKind } from '../types.ts'

/** What a file is, told by its content (never by its name): its first bytes, and a JSON file's structure. */
export type DetectedFileType =
	{ kind: FileKind; mime: string } | { kind: 'rejected'; reason: 'empty_file' | 'type_mismatch' | 'unsupported_type'; message: string }

/** How many leading bytes the magic-byte and XML checks read (JSON is typed by its structure, further: json-type.ts). */
export const FILE_TYPE_HEAD_BYTES = 4096

const MIME: Record<FileKind, string> = {
	pdf: 'application/pdf',
	jpeg: 'image/jpeg',
	png: 'image/png',
	webp: 'image/webp',
	heic: 'image/heic',
	dicom: 'application/dicom',
	ccda: 'application/xml',
	fhir: 'application/fhir+json',
}

/**
 * A C-CDA document: XML whose root element is ClinicalDocument in the
 * urn:hl7-org:v3 namespace (after the XML declaration, processing
 * instructions and comments). 'other' for any other XML, null when the
 * head is not XML.
 */
function sniffXml(text: string): 'ccda' | 'other' | null {
	if (!/^<(?:\?xml|!--|[A-Za-z_])/.test(text)) return null
	// a DTD is refused by the parser with its own reason (safe-xml.ts), so a C-CDA that declares one is let through to it
	if (/<!DOCTYPE|<!ENTITY/.test(text) && /<(?:\w+:)?ClinicalDocument[\s>]/.test(text)) return 'ccda'
	const skipped = text.replace(/^(?:\s*(?:<\?[\s\S]*?\?>|<!--[\s\S]*?-->))*\s*/, '')
	const root = /^<(?:([A-Za-z_][\w.-]*):)?ClinicalDocument[\s>/]/.exec(skipped)
	if (!root) return /^<(?:!DOCTYPE\s+html|html|svg|head|body|script|iframe)/i.test(skipped) ? null : 'other'
	const namespaceAttribute = root[1] ? `xmlns:${root[1]}` : 'xmlns'
	const tagEnd = skipped.indexOf('>')
	const tag = tagEnd < 0 ? skipped : skipped.slice(0, tagEnd)
	return new RegExp(`${namespaceAttribute}\\s*=\\s*["']urn:hl7-org:v3["']`).test(tag) ? 'ccda' : 'other'
}

function startsWith(head: Uint8Array, bytes: number[], offset = 0): boolean {
	if (head.length < offset + bytes.length) return false
	return bytes.every((byte, i) => head[offset + i] === byte)
}

function ascii(head: Uint8Array, start: number, end: number): string {
	let text = ''
	for (let i = start; i < Math.min(end, head.length); i++) text += String.fromCharCode(head[i])
	return text
}

/** Known formats that are not documents, for a precise message. */
function describeOtherContent(head: Uint8Array): string | null {
	if (startsWith(head, [0x50, 0x4b, 0x03, 0x04]) || startsWith(head, [0x50, 0x4b, 0x05, 0x06])) return 'a ZIP archive'
	if (startsWith(head, [0x47, 0x49, 0x46, 0x38])) return 'a GIF image'
	if (isoBrands(head)?.some((brand) => AV1_BRANDS.has(brand))) return 'an AVIF image'
	if (startsWith(head, [0x49, 0x49, 0x2a, 0x00]) || startsWith(head, [0x4d, 0x4d, 0x00, 0x2a])) return 'a TIFF image'
	if (startsWith(head, [0x42, 0x4d])) return 'a BMP image'
	if (startsWith(head, [0x7f, 0x45, 0x4c, 0x46])) return 'an executable'
	if (startsWith(head, [0x4d, 0x5a])) return 'an executable'
	if (startsWith(head, [0x1f, 0x8b])) return 'a gzip archive'
	if (startsWith(head, [0xd0, 0xcf, 0x11, 0xe0])) return 'an Office document'
	const text = ascii(head, 0, 512)
		.replace(/^\uFEFF/, '')
		.replace(/^[\s\u00ef\u00bb\u00bf]+/, '')
		.toLowerCase()
	if (/^(?:<!doctype html|<html|<head|<body|<script|<iframe|<svg|<\?xml)/.test(text) || /<script[\s>]/.test(text)) {
		return text.startsWith('<svg') || text.includes('<svg') ? 'an SVG image' : text.startsWith('<?xml') ? 'an XML document' : 'an HTML page'
	}
	return null
}

/** HEIF brands of HEVC-coded images and sequences: Apple's and Samsung's photos, cameras' HIF files. */
const HEVC_BRANDS = new Set(['heic', 'heix', 'hevc', 'hevx', 'heim', 'heis', 'hevm', 'hevs'])
/** HEIF's own brands, which say nothing of the codec: HEIC unless an AV1 brand says AVIF. */
const HEIF_BRANDS = new Set(['mif1', 'msf1'])
const AV1_BRANDS = new Set(['avif', 'avis', 'av01'])
/** Boxes that may follow 'ftyp' at the top of an ISO base media file (HEIF files: 'meta', then 'mdat'). */
const TOP_LEVEL_BOXES = new Set(['meta', 'mdat', 'free', 'skip', 'wide', 'moov', 'moof', 'mfra', 'uuid', 'pdin', 'styp', 'sidx', 'jumb'])

/**
 * An ISO base media file's brands from its leading 'ftyp' box (major brand
 * first, then the compatible ones); null when the file does not open with
 * one, or when what follows it in the head is not boxes (the first one of a
 * kind that may follow ftyp, each a size of at least 8 and a type of four
 * printable letters): a forged header over other bytes.
 */
function isoBrands(head: Uint8Array): string[] | null {
	if (head.length < 16 || ascii(head, 4, 8) !== 'ftyp') return null
	const ftypSize = readUint32(head, 0)
	if (ftypSize < 16 || ftypSize % 4 !== 0 || ftypSize > FILE_TYPE_HEAD_BYTES) return null
	const brands = [ascii(head, 8, 12)]
	for (let at = 16; at + 4 <= Math.min(ftypSize, head.length); at += 4) brands.push(ascii(head, at, at + 4))
	if (head.length >= ftypSize + 8 && !TOP_LEVEL_BOXES.has(ascii(head, ftypSize + 4, ftypSize + 8))) return null
	for (let at = ftypSize; at + 8 <= head.length;) {
		const size = readUint32(head, at)
		if (!/^[A-Za-z0-9 ]{4}$/.test(ascii(head, at + 4, at + 8))) return null
		// 0: the box runs to the end of the file; 1: a 64-bit size follows (mdat of a large file)
		if (size === 0 || size === 1) break
		if (size < 8) return null
		at += size
	}
	return brands
}

function readUint32(head: Uint8Array, at: number): number {
	return ((head[at]! << 24) | (head[at + 1]! << 16) | (head[at + 2]! << 8) | head[at + 3]!) >>> 0
}

/** A HEIC/HEIF still image or sequence coded in HEVC, by its brands (AVIF, also HEIF, is another format). */
function heifMime(head: Uint8Array): string | null {
	const brands = isoBrands(head)
	if (!brands || brands.some((brand) => AV1_BRANDS.has(brand))) return null
	const [major] = brands
	if (HEVC_BRANDS.has(major!)) return 'image/heic'
	if (HEIF_BRANDS.has(major!)) return 'image/heif'
	return null
}

/** A WebP image: a RIFF container of form WEBP whose first chunk is an image ('VP8 ' lossy, 'VP8L' lossless, 'VP8X' extended). */
function isWebp(head: Uint8Array): boolean {
	return ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 12) === 'WEBP' && ['VP8 ', 'VP8L', 'VP8X'].includes(ascii(head, 12, 16))
}

/**
 * A file's type from its content, read as a stream: push each chunk in
 * order, then result(). The first FILE_TYPE_HEAD_BYTES bytes give the magic
 * bytes (PDF '%PDF-', JPEG FF D8 FF, PNG's 8-byte signature, WebP 'RIFF' ..
 * 'WEBP', HEIC an 'ftyp' box with an HEVC or HEIF brand, DICOM 'DICM' at
 * offset 128) and a C-CDA's root element; a file that opens as JSON is read
 * on, without keeping it, until its structure tells whether it is FHIR
 * (json-type.ts: a resourceType may come after thousands of bytes of a
 * narrative). The name, when given, only chooses the reason of a
 * rejection: a name claiming a supported type over other content is a
 * 'type_mismatch', a name with an unsupported extension an
 * 'unsupported_type'. Without a name, a recognised non-document format (ZIP,
 * HTML...) is a 'type_mismatch' and unrecognised bytes an 'unsupported_type'.
 */
export class FileTypeReader {
	private readonly head = new Uint8Array(FILE_TYPE_HEAD_BYTES)
	private headLength = 0
	private readonly json = new FhirJsonTyper()

	push(chunk: Uint8Array): void {
		if (this.headLength < FILE_TYPE_HEAD_BYTES) {
			const part = chunk.subarray(0, FILE_TYPE_HEAD_BYTES - this.headLength)
			this.head.set(part, this.headLength)
			this.headLength += part.length
		}
		if (this.json.verdict === 'undecided') this.json.push(chunk)
	}

	result(fileName?: string): DetectedFileType {
		return typeOfContent(this.head.subarray(0, this.headLength), this.json.end(), fileName)
	}
}

/** The type of a file given whole, or of its head (a JSON file cut short is typed by what the head holds): FileTypeReader. */
export function detectFileType(bytes: Uint8Array, fileName?: string): DetectedFileType {
	const reader = new FileTypeReader()
	reader.push(bytes)
	return reader.result(fileName)
}

function typeOfContent(head: Uint8Array, json: 'fhir' | 'not_fhir' | 'not_json', fileName: string | undefined): DetectedFileType {
	if (head.length === 0) return { kind: 'rejected', reason: 'empty_file', message: REJECTION_MESSAGES.empty_file }
	// a PDF may have a little junk before its header; readers accept up to 1 KB
	const pdfAt = ascii(head, 0, Math.min(head.length, 1024)).indexOf('%PDF-')
	if (pdfAt === 0 || (pdfAt > 0 && pdfAt < 1024 && !describeOtherContent(head))) return { kind: 'pdf', mime: MIME.pdf }
	if (startsWith(head, [0xff, 0xd8, 0xff])) return { kind: 'jpeg', mime: MIME.jpeg }
	if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return { kind: 'png', mime: MIME.png }
	if (isWebp(head)) return { kind: 'webp', mime: MIME.webp }
	const heif = heifMime(head)
	if (heif) return { kind: 'heic', mime: heif }
	if (ascii(head, 128, 132) === 'DICM') return { kind: 'dicom', mime: MIME.dicom }
	const text = new TextDecoder('utf-8', { fatal: false })
		.decode(head)
		.replace(/^\uFEFF/, '')
		.trimStart()
	const xml = sniffXml(text)
	if (xml === 'ccda') return { kind: 'ccda', mime: MIME.ccda }
	if (xml === 'other') return { kind: 'rejected', reason: 'unsupported_type', message: NOT_A_HEALTH_RECORD.xml }
	if (json === 'fhir') return { kind: 'fhir', mime: MIME.fhir }
	if (json === 'not_fhir') return { kind: 'rejected', reason: 'unsupported_type', message: NOT_A_HEALTH_RECORD.json }
	const other = describeOtherContent(head)
	const claimed = fileName === undefined ? undefined : kindFromExtension(fileName)
	if (claimed === null) return { kind: 'rejected', reason: 'unsupported_type', message: REJECTION_MESSAGES.unsupported_type }
	if (other) return { kind: 'rejected', reason: 'type_mismatch', message: typeMismatchMessage(other) }
	if (claimed) return { kind: 'rejected', reason: 'type_mismatch', message: claimedTypeMismatchMessage(extensionOf(fileName!)!, claimed) }
	return { kind: 'rejected', reason: 'unsupported_type', message: REJECTION_MESSAGES.unsupported_type }
}

function extensionOf(fileName: string): string | null {
	return /\.([a-z0-9]+)$/i.exec(fileName)?.[1]?.toLowerCase() ?? null
}

/** The file kind a name's extension claims, or null. */
export function kindFromExtension(fileName: string): FileKind | null {
	switch (extensionOf(fileName)) {
		case 'pdf':
			return 'pdf'
		case 'jpg':
		case 'jpeg':
			return 'jpeg'
		case 'png':
			return 'png'
		case 'webp':
			return 'webp'
		case 'heic':
		case 'heif':
			return 'heic'
		case 'dcm':
		case 'dicom':
			return 'dicom'
		case 'xml':
			return 'ccda'
		case 'json':
			return 'fhir'
		default:
			return null
	}
}
