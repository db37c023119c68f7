import { describe, expect, it } from 'vitest'
import { textLinesOf } from './text-lines.ts'
import type { Box } from './word-boxes.ts'

/** A table of rows (name, value, unit, low, high) at 30 px pitch, each cell 24 px high, its middle moved by `bend(x)`. */
function table(names: string[], bend: (x: number) => number): Box[] {
	const columns = [200, 560, 660, 860, 1000]
	return names.flatMap((name, row) =>
		[name, `${row + 1}.5`, 'g/dL', `${row}.1`, `${row + 9}.9`].map((text, column) => {
			const left = columns[column]
			const right = left + 40 + (column === 0 ? 100 : 0)
			const middle = 400 + row * 30 + bend((left + right) / 2)
			return { text, left, right, top: middle - 12, bottom: middle + 12 }
		}),
	)
}

const NAMES = ['RBC', 'HGB', 'HCT', 'MCV', 'MCH', 'MCHC', 'RDW', 'WBC']
const rowsOf = (boxes: Box[]) => textLinesOf(boxes, (box) => box).map((line) => line.boxes.map((box) => box.text).join(' '))

describe('textLinesOf', () => {
	it('gives a level page the lines cutting by height gives', () => {
		expect(rowsOf(table(NAMES, () => 0))).toEqual(NAMES.map((name, row) => `${name} ${row + 1}.5 g/dL ${row}.1 ${row + 9}.9`))
	})

	it('keeps a row whole on a photo whose lines rise to the right by more than half a line', () => {
		// the range columns sit 20 px (two thirds of a line) above their names
		const rows = rowsOf(table(NAMES, (x) => -x * 0.022))
		expect(rows).toEqual(NAMES.map((name, row) => `${name} ${row + 1}.5 g/dL ${row}.1 ${row + 9}.9`))
	})

	it('follows a curled sheet whose lines bow down across the page', () => {
		const rows = rowsOf(table(NAMES, (x) => 22 * Math.sin((Math.PI * x) / 1200)))
		expect(rows).toEqual(NAMES.map((name, row) => `${name} ${row + 1}.5 g/dL ${row}.1 ${row + 9}.9`))
	})

	it('does not join two columns of one line that overlap, nor two lines a full line apart', () => {
		const boxes: Box[] = [
			{ text: 'Glucose', left: 0, right: 100, top: 0, bottom: 20 },
			{ text: '95', left: 200, right: 230, top: 0, bottom: 20 },
			{ text: 'Sodium', left: 0, right: 100, top: 30, bottom: 50 },
			{ text: '140', left: 200, right: 240, top: 30, bottom: 50 },
			{ text: 'overprint', left: 190, right: 250, top: 2, bottom: 22 },
		]
		const rows = rowsOf(boxes)
		expect(rows).toContain('Sodium 140')
		expect(rows.some((row) => row.includes('95') && row.includes('overprint'))).toBe(false)
		expect(rows).toHaveLength(3)
	})
})
