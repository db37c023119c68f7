import { describe, expect, it } from 'vitest'
import { ocrNumberCandidates, repairOcrNumber, restoreDecimalPoint, restoreRangeDecimal } from './ocr-numbers.ts'

describe('repairOcrNumber', () => {
	it('reads look-alike letters as digits', () => {
		expect(repairOcrNumber('1O4')).toBe('104')
		expect(repairOcrNumber('l3.5')).toBe('13.5')
		expect(repairOcrNumber('O.94')).toBe('0.94')
		expect(repairOcrNumber('9.S')).toBe('9.5')
		expect(repairOcrNumber('4,6')).toBe('4.6')
		expect(repairOcrNumber('203°')).toBe('203')
		expect(repairOcrNumber('343.')).toBe('343')
	})

	it('refuses words and tokens with more letters than digits', () => {
		expect(repairOcrNumber('SLT')).toBeNull()
		expect(repairOcrNumber('OH')).toBeNull()
		expect(repairOcrNumber('lO1')).toBeNull()
		expect(repairOcrNumber('mg/dL')).toBeNull()
	})
})

describe('ocrNumberCandidates', () => {
	it('offers both readings of a mark between digits', () => {
		expect(ocrNumberCandidates('32:7')).toEqual(['32.7', '327'])
		expect(ocrNumberCandidates('7%5')).toEqual(['7.5', '75'])
		expect(ocrNumberCandidates('107')).toEqual(['107'])
	})
})

describe('restoreDecimalPoint', () => {
	it('puts the point back where the range has it', () => {
		expect(restoreDecimalPoint({ valueText: '104', rangeTexts: ['12.0-15.5'], min: 12, max: 15.5 })).toBe('10.4')
		expect(restoreDecimalPoint({ valueText: '317', rangeTexts: ['27.0-33.0'], min: 27, max: 33, plausible: [10, 50] })).toBe('31.7')
		expect(restoreDecimalPoint({ valueText: '2476', rangeTexts: ['0.450-4.500'], min: 0.45, max: 4.5 })).toBe('2.476')
	})

	it('uses the plausible span when no range was read', () => {
		expect(restoreDecimalPoint({ valueText: '49', rangeTexts: [], min: null, max: null, plausible: [1, 10] })).toBe('4.9')
	})

	it('leaves values that fit alone', () => {
		expect(restoreDecimalPoint({ valueText: '127', rangeTexts: ['70-99'], min: 70, max: 99 })).toBeNull()
		expect(restoreDecimalPoint({ valueText: '10.4', rangeTexts: ['12.0-15.5'], min: 12, max: 15.5 })).toBeNull()
	})
})

describe('restoreRangeDecimal', () => {
	it('restores the upper bound from the lower', () => {
		expect(restoreRangeDecimal('3.5', '53')).toBe('5.3')
		expect(restoreRangeDecimal('0.50', '110')).toBe('1.10')
		expect(restoreRangeDecimal('70', '99')).toBeNull()
		expect(restoreRangeDecimal('3.5', '21')).toBeNull()
	})
})
