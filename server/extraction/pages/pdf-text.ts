import type { PDFDocumentProxy, PDFPageProxy } from 'pdfjs-dist/types/src/display/api.js'
import { MAX_DECODED_PIXELS } from '../intake/limits.ts'

/**
 * The text layer of PDF pages through pdfjs-dist (Apache-2.0), laid out as
 * lines: items on one baseline joined left to right, a wide gap kept as two
 * or more spaces so table columns stay apart (like `pdftotext -layout`).
 */

type PdfjsModule = typeof import('pdfjs-dist/legacy/build/pdf.mjs')

let pdfjsPromise: Promise<PdfjsModule> | null = null

// The minified builds: the same code, and half the load time under tsx (which transforms every module it loads).
const PDFJS_MODULE = 'pdfjs-dist/legacy/build/pdf.min.mjs'
const PDFJS_WORKER_MODULE = 'pdfjs-dist/legacy/build/pdf.worker.min.mjs'

/**
 * pdfjs's legacy build (the one meant for Node), loaded once, with its
 * worker code loaded in-process (pdfjs's 'fake worker': Node has no web
 * workers) and registered on globalThis.pdfjsWorker, where pdfjs looks first.
 */
export function loadPdfjs(): Promise<PdfjsModule> {
	pdfjsPromise ??= (async () => {
		const [pdfjs, worker] = await Promise.all([
			import(/* @vite-ignore */ PDFJS_MODULE) as Promise<PdfjsModule>,
			import(/* @vite-ignore */ PDFJS_WORKER_MODULE) as Promise<unknown>,
		])
		const scope = globalThis as { pdfjsWorker?: unknown }
		scope.pdfjsWorker ??= worker
		return pdfjs
	})()
	return pdfjsPromise
}

export class PdfOpenError extends Error {
	constructor(
		readonly reason: 'corrupt_pdf' | 'encrypted_pdf',
		message: string,
	) {
		super(message)
		this.name = 'PdfOpenError'
	}
}

/** Opens a PDF; a password-protected file or unreadable bytes become a PdfOpenError. */
export async function openPdf(bytes: Uint8Array): Promise<PDFDocumentProxy> {
	const pdfjs = await loadPdfjs()
	// pdfjs takes ownership of (and may detach) the buffer it gets: give it a copy
	const data = new Uint8Array(bytes.byteLength)
	data.set(bytes)
	const task = pdfjs.getDocument({
		data,
		isEvalSupported: false,
		disableFontFace: true,
		useSystemFonts: false,
		stopAtErrors: false,
		verbosity: 0,
		// images over the pixel budget are never decoded (pdfjs leaves them out of the page)
		maxImageSize: MAX_DECODED_PIXELS,
	})
	try {
		return await task.promise
	} catch (error) {
		await task.destroy().catch(() => {})
		const name = error instanceof Error ? error.name : ''
		if (name === 'PasswordException') throw new PdfOpenError('encrypted_pdf', 'password required')
		throw new PdfOpenError('corrupt_pdf', error instanceof Error ? error.message : 'unreadable PDF')
	}
}

export type PositionedText = { str: string; x: number; y: number; width: number; size: number }

type RawTextItem = { str?: string; transform?: number[]; width?: number; height?: number }

/**
 * Text items of a page with their position (PDF units, y up). Text set at a slant or on its side
 * ('SAMPLE REPORT' across the page, a margin note running up it) is left out when most of the
 * page's text runs level: its letters would land inside the rows it crosses.
 */
export async function readPositionedText(page: PDFPageProxy): Promise<PositionedText[]> {
	const content = await page.getTextContent()
	const level: PositionedText[] = []
	const turned: PositionedText[] = []
	for (const raw of content.items as RawTextItem[]) {
		if (typeof raw.str !== 'string' || !raw.transform) continue
		const [a, b, c, d, x, y] = raw.transform
		const size = Math.hypot(c, d) || Math.hypot(a, b) || raw.height || 10
		const isTurned = Math.abs(b) > 0.05 * Math.abs(a) || Math.abs(c) > 0.05 * Math.abs(d)
		;(isTurned ? turned : level).push({ str: raw.str, x, y, width: raw.width ?? 0, size })
	}
	const count = (items: PositionedText[]) => items.filter((item) => item.str.trim() !== '').length
	return count(turned) < count(level) ? level : [...level, ...turned]
}

/** Joins positioned text into lines, columns separated by at least two spaces. */
export function layoutLines(items: PositionedText[]): string[] {
	const visible = items.filter((item) => item.str.trim() !== '')
	visible.sort((p, q) => q.y - p.y || p.x - q.x)
	const rows: PositionedText[][] = []
	let rowY = Number.NaN
	let rowSize = 0
	for (const item of visible) {
		const tolerance = Math.max(1.5, 0.35 * Math.min(item.size, rowSize || item.size))
		if (rows.length > 0 && Math.abs(item.y - rowY) <= tolerance) {
			rows[rows.length - 1].push(item)
		} else {
			rows.push([item])
			rowY = item.y
			rowSize = item.size
		}
	}
	return rows.map((row) => {
		row.sort((p, q) => p.x - q.x)
		let line = ''
		let end = Number.NaN
		for (const item of row) {
			const charWidth = item.str.length > 0 && item.width > 0 ? item.width / item.str.length : item.size * 0.5
			const gap = Number.isNaN(end) ? 0 : item.x - end
			if (!Number.isNaN(end)) {
				if (gap > charWidth * 1.6) line += ' '.repeat(Math.min(40, Math.max(2, Math.round(gap / charWidth))))
				else if (gap > charWidth * 0.2 && !line.endsWith(' ') && !item.str.startsWith(' ')) line += ' '
			}
			line += item.str
			end = Math.max(Number.isNaN(end) ? -Infinity : end, item.x + item.width)
		}
		return line.replace(/\s+$/, '')
	})
}

/** items: the page's text items with their positions (the table reader's word boxes) */
export type PdfPageText = { pageNumber: number; text: string; characters: number; items: PositionedText[] }

/** The laid-out text of every page. */
export async function extractPdfPageTexts(doc: PDFDocumentProxy): Promise<PdfPageText[]> {
	const pages: PdfPageText[] = []
	for (let pageNumber = 1; pageNumber <= doc.numPages; pageNumber++) {
		const page = await doc.getPage(pageNumber)
		const items = await readPositionedText(page)
		const text = layoutLines(items).join('\n')
		pages.push({ pageNumber, text, characters: text.replace(/\s+/g, '').length, items })
		page.cleanup()
	}
	return pages
}
