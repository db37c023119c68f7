/**
 * Tesseract's word boxes (its TSV output) laid out as text: one line per
 * line tesseract found, and between two words as many spaces as the gap
 * between their boxes measures in characters of that line. Columns then
 * come from geometry (a gap of two or more spaces separates two cells), as
 * they do for pdf.js text items (`layoutLines`), instead of every word being
 * one space apart.
 */

import { textLinesOf } from '../pages/text-lines.ts'
import type { OcrWord } from '../types.ts'

export type { OcrWord } from '../types.ts'

/** The words (level 5 rows) of tesseract's TSV output; other levels and empty words are skipped. */
export function parseTesseractTsv(tsv: string): OcrWord[] {
	const words: OcrWord[] = []
	for (const row of tsv.split('\n')) {
		const cells = row.split('\t')
		if (cells.length < 12 || cells[0] !== '5') continue
		const text = cells.slice(11).join('\t').trim()
		if (text === '') continue
		const [block, paragraph, line, , left, top, width, height, confidence] = cells.slice(2, 11).map(Number)
		if ([block, paragraph, line, left, top, width, height].some((value) => !Number.isFinite(value))) continue
		words.push({ block, paragraph, line, left, top, width, height, confidence, text })
	}
	return words
}

/** A gap this many characters wide or wider is a column break (two or more spaces). */
const COLUMN_GAP_CHARACTERS = 1.6

/** The text of one line of words, gaps measured in the line's median character width. */
function layoutLine(words: OcrWord[], columnGaps: boolean): string {
	const sorted = [...words].sort((p, q) => p.left - q.left)
	const charWidths = sorted.map((word) => word.width / Math.max(1, word.text.length)).sort((a, b) => a - b)
	const charWidth = Math.max(1, charWidths[Math.floor(charWidths.length / 2)])
	let line = ''
	let end = Number.NaN
	for (const word of sorted) {
		if (!Number.isNaN(end)) {
			const gap = word.left - end
			line += columnGaps && gap >= charWidth * COLUMN_GAP_CHARACTERS ? ' '.repeat(Math.min(40, Math.max(2, Math.round(gap / charWidth)))) : ' '
		}
		line += word.text
		end = Math.max(Number.isNaN(end) ? -Infinity : end, word.left + word.width)
	}
	return line
}

/**
 * The page's text: tesseract's lines in reading order (block, paragraph,
 * line as it numbered them), each laid out by its word boxes; a blank line
 * between blocks, as tesseract's plain text output has.
 */
export function layoutOcrWords(
	words: OcrWord[],
	options: { /** false: one space between words, as tesseract's plain text (for measuring) */ columnGaps?: boolean } = {},
): string {
	const lines = new Map<string, OcrWord[]>()
	for (const word of words) {
		const key = `${word.block}.${word.paragraph}.${word.line}`
		const line = lines.get(key)
		if (line) line.push(word)
		else lines.set(key, [word])
	}
	const out: string[] = []
	let block = Number.NaN
	for (const line of lines.values()) {
		if (!Number.isNaN(block) && line[0].block !== block) out.push('')
		block = line[0].block
		out.push(layoutLine(line, options.columnGaps ?? true))
	}
	return out.length ? `${out.join('\n')}\n` : ''
}

/**
 * Words numbered by the text lines their boxes make (pages/text-lines.ts: each line follows its
 * own slope and curve), for an engine that gives boxes but no lines (PaddleOCR): line numbers in
 * reading order, one paragraph, a new block after a gap of two line heights (as tesseract's
 * blocks: layoutOcrWords puts a blank line there).
 */
export function numberTextLines(words: readonly OcrWord[]): OcrWord[] {
	const lines = textLinesOf(words, (word) => ({
		text: word.text,
		left: word.left,
		right: word.left + word.width,
		top: word.top,
		bottom: word.top + word.height,
	}))
	const heights = lines.map((line) => line.bottom - line.top).sort((a, b) => a - b)
	const lineHeight = heights.length ? heights[Math.floor(heights.length / 2)] : 0
	const numbered: OcrWord[] = []
	let block = 1
	lines.forEach((line, index) => {
		if (index > 0 && line.top - lines[index - 1].bottom > 2 * lineHeight) block++
		for (const word of line.boxes) numbered.push({ ...word, block, paragraph: 1, line: index + 1 })
	})
	return numbered
}
