import { describe, expect, it } from 'vitest'
import { toCsv } from './csv.ts'
import { isLoadHigh, megabytesToGigabytes, percentChange, storageBarTone } from './format.ts'

describe('admin display rules', () => {
	it('colours the storage bar red above 90 %, amber above 75 %, else blue', () => {
		expect(storageBarTone(90.1)).toBe('red')
		expect(storageBarTone(90)).toBe('amber')
		expect(storageBarTone(75.5)).toBe('amber')
		expect(storageBarTone(75)).toBe('blue')
	})

	it('turns CPU and memory red above 80 % and converts MB to GB by 1000', () => {
		expect(isLoadHigh(81)).toBe(true)
		expect(isLoadHigh(80)).toBe(false)
		expect(megabytesToGigabytes(1500)).toBe(1.5)
	})

	it('gives the month-on-month change, or null when nothing came before', () => {
		expect(percentChange(110, 100)).toBe(10)
		expect(percentChange(50, 0)).toBeNull()
		expect(percentChange(0, 0)).toBe(0)
	})

	it('writes CSV with quoting and defuses spreadsheet formulas', () => {
		expect(
			toCsv(
				['a', 'b'],
				[
					['x,y', '=1+1'],
					['say "hi"', null],
				],
			),
		).toBe('a,b\r\n"x,y",\'=1+1\r\n"say ""hi""",\r\n')
	})
})
