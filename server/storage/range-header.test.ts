import { describe, expect, it } from 'vitest'
import { parseRangeHeader } from './range-header.ts'

describe('parseRangeHeader', () => {
	it('reads a closed range, an open-ended one and a suffix', () => {
		expect(parseRangeHeader('bytes=0-99', 1_000)).toEqual({ start: 0, end: 99 })
		expect(parseRangeHeader('bytes=900-', 1_000)).toEqual({ start: 900, end: 999 })
		expect(parseRangeHeader('bytes=-100', 1_000)).toEqual({ start: 900, end: 999 })
		expect(parseRangeHeader('bytes=-5000', 1_000)).toEqual({ start: 0, end: 999 })
	})

	it('clamps an end past the file and calls a start past it unsatisfiable', () => {
		expect(parseRangeHeader('bytes=500-5000', 1_000)).toEqual({ start: 500, end: 999 })
		expect(parseRangeHeader('bytes=1000-1001', 1_000)).toBe('unsatisfiable')
		expect(parseRangeHeader('bytes=-0', 1_000)).toBe('unsatisfiable')
		expect(parseRangeHeader('bytes=9-3', 1_000)).toBe('unsatisfiable')
	})

	it('answers the whole file (null) for no header, several ranges or other units', () => {
		expect(parseRangeHeader(null, 1_000)).toBeNull()
		expect(parseRangeHeader('bytes=0-1,5-6', 1_000)).toBeNull()
		expect(parseRangeHeader('items=0-1', 1_000)).toBeNull()
		expect(parseRangeHeader('bytes=-', 1_000)).toBeNull()
	})
})
