import type { OcrWord } from '../types.ts'
import type { PositionedText } from './pdf-text.ts'

/**
 * A page's words as boxes, whatever read them: pdf.js text items of a text layer, or an OCR
 * engine's words (tesseract's TSV words, PaddleOCR's lines given as words). Positions are
 * y-down, in the source's own units (PDF units or the prepared image's pixels). The table
 * reader (rows/table-reader.ts) and the letterhead readers (facts/) work on these.
 */
export type Box = { text: string; left: number; right: number; top: number; bottom: number }

/** pdf.js items as boxes (PDF units, turned y-down); an item holding runs of spaces (a monospaced listing) is cut there. */
export function boxesFromPdfItems(items: PositionedText[]): Box[] {
	const boxes: Box[] = []
	for (const item of items) {
		if (item.str.trim() === '') continue
		const top = -item.y - item.size * 0.8
		const bottom = -item.y + item.size * 0.2
		const charWidth = item.str.length > 0 && item.width > 0 ? item.width / item.str.length : item.size * 0.5
		// runs of two or more spaces inside one item separate cells
		const parts = /\S(?:\s?\S)*/g
		for (let m = parts.exec(item.str); m; m = parts.exec(item.str)) {
			const left = item.x + m.index * charWidth
			boxes.push({ text: m[0], left, right: left + m[0].length * charWidth, top, bottom })
		}
	}
	return boxes
}

/** tesseract's words (pixels, y-down) as boxes. */
export function boxesFromOcrWords(words: OcrWord[]): Box[] {
	return words
		.filter((word) => word.text.trim() !== '')
		.map((word) => ({ text: word.text, left: word.left, right: word.left + word.width, top: word.top, bottom: word.top + word.height }))
}

/** Header words per column role; compared without case, accents or punctuation. */
