import { NOT_A_HEALTH_RECORD, REJECTION_MESSAGES, typeMismatchMessage } from './messages.ts'
import type { FileKind } from '../types.ts'

/** What a file is, told by its first bytes only (never by its name). */
export type DetectedFileType =
	{ kind: FileKind; mime: string } | { kind: 'rejected'; reason: 'empty_file' | 'type_mismatch' | 'unsupported_type'; message: string }

/** How many leading bytes detectFileType needs. */
export const FILE_TYPE_HEAD_BYTES = 4096

const MIME: Record<FileKind, string> = {
	pdf: 'application/pdf',
	jpeg: 'image/jpeg',
	png: 'image/png',
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

/**
 * FHIR: a JSON object (or a list) with a resourceType in its first bytes, at
 * its root or in its first entry (a bundle written without its own
 * resourceType, as test servers' seed transactions are). 'other' for other JSON.
 */
function sniffJson(text: string): 'fhir' | 'other' | null {
	if (!text.startsWith('{') && !text.startsWith('[')) return null
	return /^[{[][\s\S]*?"resourceType"\s*:\s*"[A-Z][A-Za-z]+"/.test(text) ? 'fhir' : 'other'
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
	if (startsWith(head, [0x52, 0x49, 0x46, 0x46]) && ascii(head, 8, 12) === 'WEBP') return 'a WebP image'
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

/**
 * The file type from magic bytes: PDF '%PDF-', JPEG FF D8 FF, PNG's 8-byte
 * signature, DICOM 'DICM' at offset 128. Pass at least the first 512 bytes
 * (fewer when the file is shorter). The name, when given, only chooses the
 * reason of a rejection: a name claiming a supported type over other content
 * is a 'type_mismatch', a name with an unsupported extension an
 * 'unsupported_type'. Without a name, a recognised non-document format (ZIP,
 * HTML...) is a 'type_mismatch' and unrecognised bytes an 'unsupported_type'.
 */
export function detectFileType(head: Uint8Array, fileName?: string): DetectedFileType {
	if (head.length === 0) return { kind: 'rejected', reason: 'empty_file', message: REJECTION_MESSAGES.empty_file }
	// a PDF may have a little junk before its header; readers accept up to 1 KB
	const pdfAt = ascii(head, 0, Math.min(head.length, 1024)).indexOf('%PDF-')
	if (pdfAt === 0 || (pdfAt > 0 && pdfAt < 1024 && !describeOtherContent(head))) return { kind: 'pdf', mime: MIME.pdf }
	if (startsWith(head, [0xff, 0xd8, 0xff])) return { kind: 'jpeg', mime: MIME.jpeg }
	if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return { kind: 'png', mime: MIME.png }
	if (ascii(head, 128, 132) === 'DICM') return { kind: 'dicom', mime: MIME.dicom }
	const text = new TextDecoder('utf-8', { fatal: false })
		.decode(head)
		.replace(/^\uFEFF/, '')
		.trimStart()
	const xml = sniffXml(text)
	if (xml === 'ccda') return { kind: 'ccda', mime: MIME.ccda }
	if (xml === 'other') return { kind: 'rejected', reason: 'unsupported_type', message: NOT_A_HEALTH_RECORD.xml }
	const json = sniffJson(text)
	if (json === 'fhir') return { kind: 'fhir', mime: MIME.fhir }
	if (json === 'other') return { kind: 'rejected', reason: 'unsupported_type', message: NOT_A_HEALTH_RECORD.json }
	const other = describeOtherContent(head)
	const claimed = fileName === undefined ? undefined : kindFromExtension(fileName)
	if (claimed === null) return { kind: 'rejected', reason: 'unsupported_type', message: REJECTION_MESSAGES.unsupported_type }
	if (other) return { kind: 'rejected', reason: 'type_mismatch', message: typeMismatchMessage(other) }
	if (claimed) return { kind: 'rejected', reason: 'type_mismatch', message: REJECTION_MESSAGES.type_mismatch }
	return { kind: 'rejected', reason: 'unsupported_type', message: REJECTION_MESSAGES.unsupported_type }
}

/** The file kind a name's extension claims, or null. */
export function kindFromExtension(fileName: string): FileKind | null {
	const extension = /\.([a-z0-9]+)$/i.exec(fileName)?.[1]?.toLowerCase()
	switch (extension) {
		case 'pdf':
			return 'pdf'
		case 'jpg':
		case 'jpeg':
			return 'jpeg'
		case 'png':
			return 'png'
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
