import { textLinesOf } from '../pages/text-lines.ts'
import type { Box } from '../pages/word-boxes.ts'

/**
 * One table reader for every source. It works on word boxes: pdf.js text items with their
 * positions, tesseract's TSV words (and any engine's line boxes given as OcrWord). Nothing
 * depends on exact baselines:
 * - a table starts at a header row, found by its vocabulary (test / result / unit / reference /
 *   low / high / flag in English, German, French, Spanish, Italian, Portuguese, Turkish, Polish);
 *   a header row holding a column twice starts a second table beside the first;
 * - columns come from the header cells, every box of the table's body then placed in one (a
 *   box starting with a letter by its left edge, a number or range by its middle); boxes are
 *   joined into cells only inside a column, so a name touching its result stays apart;
 * - a row is anchored on each value in the result column; the other cells join the value
 *   nearest to them vertically (within a line height), so a result printed a few points lower
 *   than its name still reads; the name is the nearest line of the name column that reads as a
 *   result row with that value, so a method or comment line ('Calculated', an assay name)
 *   between two names is attached to its row and skipped;
 * - a range in one column, or in two (low, high); a flag column between value and range.
 * It returns each row as a line of cells ('name  value  unit  range  flag'), read by the same
 * row reader as laid-out text (lab-values.ts), so the OCR repairs apply alike.
 */

export type ColumnRole = 'name' | 'result' | 'unit' | 'range' | 'low' | 'high' | 'flag' | 'other'

export type TableRow = {
	/** the name column's lines near the value, nearest first (the first that reads as a row is the name) */
	names: string[]
	value: string
	unit: string | null
	/** one range cell, or 'low - high' from two columns */
	range: string | null
	flag: string | null
}

const HEADER_WORDS: Record<Exclude<ColumnRole, 'other'>, string[]> = {
	name: [
		'test',
		'tests',
		'test name',
		'test description',
		'investigation',
		'investigations',
		'parameter',
		'parameters',
		'analyte',
		'analysis',
		'examination',
		'description',
		'exame',
		'exames',
		'prueba',
		'pruebas',
		'determinacion',
		'determinaciones',
		'analisis',
		'esame',
		'esami',
		'analisi',
		'analyse',
		'analyses',
		'examen',
		'untersuchung',
		'parametre',
		'test adi',
		'tetkik',
		'tetkik adi',
		'badanie',
		'nazwa badania',
		'parametr',
	],
	result: [
		'result',
		'results',
		'value',
		'your result',
		'your value',
		'observed value',
		'resultado',
		'resultados',
		'valor',
		'risultato',
		'risultati',
		'valore',
		'resultat',
		'resultats',
		'ergebnis',
		'befund',
		'wert',
		'sonuc',
		'sonuclar',
		'wynik',
		'wyniki',
	],
	unit: ['unit', 'units', 'uom', 'unidad', 'unidades', 'unidade', 'unita', 'unite', 'unites', 'einheit', 'birim', 'jednostka', 'jednostki', 'jedn'],
	range: [
		'reference',
		'reference range',
		'reference ranges',
		'reference interval',
		'reference value',
		'reference values',
		'ref range',
		'ref. range',
		'ref',
		'range',
		'normal range',
		'normal values',
		'normal value',
		'biological reference interval',
		'biological ref interval',
		'bio ref interval',
		'expected values',
		'valores de referencia',
		'valor de referencia',
		'intervalo de referencia',
		'rango de referencia',
		'referencia',
		'valores normales',
		'valori di riferimento',
		'valore di riferimento',
		'intervallo di riferimento',
		'valeurs de reference',
		'valeur de reference',
		'valeurs normales',
		'referenzbereich',
		'normbereich',
		'referenzwert',
		'referenzwerte',
		'normalwerte',
		'referans',
		'referans araligi',
		'referans degerleri',
		'referans degeri',
		'zakres referencyjny',
		'wartosci referencyjne',
		'norma',
		'normy',
		'zakres',
	],
	low: ['low', 'lower', 'min', 'minimum', 'lower limit', 'alt sinir', 'alt deger', 'minimo', 'untergrenze', 'dolna granica'],
	high: ['high', 'upper', 'max', 'maximum', 'upper limit', 'ust sinir', 'ust deger', 'maximo', 'obergrenze', 'gorna granica'],
	flag: [
		'flag',
		'flags',
		'status',
		'interpretation',
		'abnormal',
		'indicator',
		'estado',
		'indicador',
		'stato',
		'statut',
		'hinweis',
		'kennzeichen',
		'durum',
		'flaga',
	],
}

/** Words that sit in a header row without naming a column (left unread). */
const HEADER_OTHER = new Set([
	'lab',
	'method',
	'metodo',
	'methode',
	'metoda',
	'yontem',
	'specimen',
	'sample',
	'comment',
	'comments',
	'notes',
	'previous',
	'date',
	'code',
	'loinc',
	'cpt',
])

function headerKey(text: string): string {
	return (
		text
			// two header cells printed without a gap ('Reference RangeStatus')
			.replace(/(\p{Ll})(\p{Lu})/gu, '$1 $2')
			.normalize('NFKD')
			.replace(/[\u0300-\u036f]/g, '')
			.replace(/ı/g, 'i')
			.replace(/ł/g, 'l')
			.toLowerCase()
			.replace(/[^a-z0-9 ]+/g, ' ')
			.replace(/\s+/g, ' ')
			.trim()
	)
}

const HEADER_PHRASES: Array<{ key: string; role: ColumnRole }> = [
	...Object.entries(HEADER_WORDS).flatMap(([role, words]) => words.map((word) => ({ key: headerKey(word), role: role as ColumnRole }))),
	...[...HEADER_OTHER].map((word) => ({ key: word, role: 'other' as const })),
].sort((a, b) => b.key.split(' ').length - a.key.split(' ').length)

type HeaderCell = { role: ColumnRole; left: number; right: number }

/**
 * The header cells of a line: its boxes' words read as a sequence of header phrases (longest
 * first). A header row holds header words, and from OCR a stray mark or a word misread: at most
 * one word in four may be none.
 */
function headerCells(line: Box[]): HeaderCell[] | null {
	const words: Array<{ key: string; left: number; right: number }> = []
	for (const box of line) {
		const keys = headerKey(box.text).split(' ').filter(Boolean)
		if (keys.length === 0) continue
		const total = keys.reduce((sum, key) => sum + key.length + 1, -1)
		let offset = 0
		for (const key of keys) {
			const left = box.left + ((box.right - box.left) * offset) / Math.max(1, total)
			const right = box.left + ((box.right - box.left) * (offset + key.length)) / Math.max(1, total)
			words.push({ key, left, right })
			offset += key.length + 1
		}
	}
	if (words.length === 0 || words.length > 14) return null
	const cells: HeaderCell[] = []
	let index = 0
	let unknown = 0
	while (index < words.length) {
		const found = HEADER_PHRASES.find((phrase) => {
			const size = phrase.key.split(' ').length
			return (
				index + size <= words.length &&
				words
					.slice(index, index + size)
					.map((word) => word.key)
					.join(' ') === phrase.key
			)
		})
		if (!found) {
			unknown++
			index++
			continue
		}
		const size = found.key.split(' ').length
		const previous = cells[cells.length - 1]
		const left = words[index].left
		const right = words[index + size - 1].right
		// 'Reference' then 'Range' read as two phrases: one range column
		if (previous && previous.role === found.role && found.role === 'range' && left - previous.right < (right - left) * 1.5) previous.right = right
		else cells.push({ role: found.role, left, right })
		index += size
	}
	if (unknown * 4 > words.length) return null
	const roles = new Set(cells.map((cell) => cell.role))
	if (!roles.has('result')) return null
	if (!roles.has('name') && !roles.has('unit') && !roles.has('range') && !(roles.has('low') && roles.has('high'))) return null
	return cells
}

type Line = { boxes: Box[]; top: number; bottom: number }

/** Boxes grouped into text lines that follow their own slope and curve (pages/text-lines.ts: a photo's row stays one line). */
function groupLines(boxes: Box[]): Line[] {
	return textLinesOf(boxes, (box) => box)
}

type Column = { role: ColumnRole; from: number; to: number }

type Table = { columns: Column[]; top: number; left: number; right: number }

/** The tables a header line starts: a column role seen twice begins the next table. */
function tablesOfHeader(cells: HeaderCell[], line: Line): Table[] {
	const groups: HeaderCell[][] = [[]]
	for (const cell of cells) {
		const current = groups[groups.length - 1]
		if (cell.role !== 'other' && current.some((other) => other.role === cell.role)) groups.push([cell])
		else current.push(cell)
	}
	return groups
		.filter((group) => group.some((cell) => cell.role === 'result'))
		.map((group, index, all) => {
			const next = all[index + 1]
			const previous = all[index - 1]
			const left = previous ? (previous[previous.length - 1].right + group[0].left) / 2 : -Infinity
			const right = next ? (group[group.length - 1].right + next[0].left) / 2 : Infinity
			const withName = group[0].role === 'name' ? group : [{ role: 'name' as const, left, right: group[0].left }, ...group]
			const columns = withName.map((cell, position) => ({
				role: cell.role,
				from: position === 0 ? left : (withName[position - 1].right + cell.left) / 2,
				to: position === withName.length - 1 ? right : (cell.right + withName[position + 1].left) / 2,
			}))
			return { columns, top: line.bottom, left, right }
		})
}

const NUMBER_START = /^[<>≤≥]?\s*[-+]?\d/

/** The column a box belongs to: words by their left edge, numbers and ranges by their middle. */
function columnOf(box: Box, columns: Column[]): Column | null {
	const x = /^[\p{L}(]/u.test(box.text) ? box.left + 1e-6 : (box.left + box.right) / 2
	return columns.find((column) => x >= column.from && x < column.to) ?? null
}

function median(values: number[]): number {
	if (values.length === 0) return 0
	const sorted = [...values].sort((a, b) => a - b)
	return sorted[Math.floor(sorted.length / 2)]
}

/** A cell's text: its boxes line by line (a range wrapped onto a second line), left to right. */
function joinText(boxes: Box[]): string {
	return groupLines(boxes)
		.map((line) => line.boxes.map((box) => box.text).join(' '))
		.join(' ')
		.trim()
}

type Placed = { box: Box; role: ColumnRole; middle: number }

/** Every table of a page and its rows (see the module comment). */
export function readTables(boxes: Box[]): TableRow[] {
	const lines = groupLines(boxes)
	const headers: Array<{ line: Line; tables: Table[] }> = []
	for (const line of lines) {
		const cells = headerCells(line.boxes)
		if (cells) headers.push({ line, tables: tablesOfHeader(cells, line) })
	}
	const rows: TableRow[] = []
	for (const [index, header] of headers.entries()) {
		for (const table of header.tables) {
			// the body ends at the next header row over the same columns
			const nextHeader = headers.slice(index + 1).find((other) => other.tables.some((item) => item.left < table.right && item.right > table.left))
			const bottom = nextHeader ? nextHeader.line.top : Infinity
			const body = boxes.filter((box) => {
				const middle = (box.top + box.bottom) / 2
				return middle > table.top && middle < bottom && box.left >= table.left - 1 && box.right <= table.right + 1e9
			})
			rows.push(...rowsOfTable(table, body))
		}
	}
	return rows
}

function rowsOfTable(table: Table, body: Box[]): TableRow[] {
	const placed: Placed[] = []
	for (const box of body) {
		const column = columnOf(box, table.columns)
		if (column) placed.push({ box, role: column.role, middle: (box.top + box.bottom) / 2 })
	}
	const lineHeight = median(placed.map((item) => item.box.bottom - item.box.top)) || 10
	// anchors: the values of the result column, one per line
	const values = placed.filter((item) => item.role === 'result')
	const anchors: Array<{ boxes: Placed[]; middle: number }> = []
	for (const line of groupLines(values.map((item) => item.box))) {
		const members = values.filter((item) => line.boxes.includes(item.box))
		if (!NUMBER_START.test(line.boxes[0].text)) continue
		anchors.push({ boxes: members, middle: (line.top + line.bottom) / 2 })
	}
	if (anchors.length === 0) return []
	// the table ends where its values stop: a stretch of eight lines without one
	const lastAnchor = anchors[anchors.length - 1].middle
	const nearest = (middle: number): number | null => {
		let best: number | null = null
		for (const [position, anchor] of anchors.entries()) {
			const distance = Math.abs(anchor.middle - middle)
			if (distance <= lineHeight * 0.9 && (best === null || distance < Math.abs(anchors[best].middle - middle))) best = position
		}
		return best
	}
	const cells = anchors.map(() => new Map<ColumnRole, Box[]>())
	for (const item of placed) {
		if (item.role === 'result' || item.role === 'name' || item.role === 'other') continue
		if (item.middle > lastAnchor + lineHeight * 2) continue
		const position = nearest(item.middle)
		if (position === null) continue
		const map = cells[position]
		map.set(item.role, [...(map.get(item.role) ?? []), item.box])
	}
	// name lines: the name column's boxes grouped into lines
	const nameLines = groupLines(placed.filter((item) => item.role === 'name').map((item) => item.box)).map((line) => ({
		text: joinText(line.boxes),
		middle: (line.top + line.bottom) / 2,
		top: line.top,
	}))
	return anchors.map((anchor, position) => {
		const previous = anchors[position - 1]?.middle ?? -Infinity
		const next = anchors[position + 1]?.middle ?? Infinity
		// a name sits at its value's height, or up to a line and a half above it (names top-aligned,
		// a method line between), never nearer to another value
		const names = nameLines
			.filter((line) => line.middle <= anchor.middle + lineHeight * 0.9 && line.middle >= anchor.middle - lineHeight * 2.6)
			.filter(
				(line) =>
					Math.abs(line.middle - anchor.middle) <= Math.abs(line.middle - previous) + lineHeight * 0.6 &&
					Math.abs(line.middle - anchor.middle) <= Math.abs(line.middle - next),
			)
			.sort((a, b) => penalised(a.middle, anchor.middle, lineHeight) - penalised(b.middle, anchor.middle, lineHeight))
			.map((line) => line.text)
		const map = cells[position]
		const text = (role: ColumnRole) => (map.get(role) ? joinText(map.get(role)!) : null)
		const low = text('low')
		const high = text('high')
		const range = text('range') ?? (low !== null && high !== null ? `${low} - ${high}` : low !== null ? `>= ${low}` : high !== null ? `<= ${high}` : null)
		return { names, value: joinText(anchor.boxes.map((item) => item.box)), unit: text('unit'), range, flag: text('flag') }
	})
}

/** Vertical distance from a name to its value; a name below its value counts farther. */
function penalised(middle: number, anchor: number, lineHeight: number): number {
	return Math.abs(middle - anchor) + (middle > anchor + lineHeight * 0.25 ? lineHeight * 0.5 : 0)
}

/** A row as a line of cells (two spaces apart) for the row reader, one per name candidate. */
export function rowLines(row: TableRow): string[] {
	const rest = [row.value, row.flag, row.unit, row.range].filter((cell): cell is string => cell !== null && cell !== '')
	return row.names.map((name) => [name, ...rest].join('   '))
}
