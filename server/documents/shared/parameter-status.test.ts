import { describe, expect, it } from 'vitest'
import { parameterStatusLabel, parameterTone } from './parameter-status.ts'

describe('parameterTone', () => {
	it('is red for high or critical', () => {
		expect(parameterTone('high')).toBe('red')
		expect(parameterTone('critical')).toBe('red')
	})

	it('is yellow for low', () => {
		expect(parameterTone('low')).toBe('yellow')
	})

	it('is green otherwise, including values without a status', () => {
		expect(parameterTone('normal')).toBe('green')
		expect(parameterTone(null)).toBe('green')
		expect(parameterTone(undefined)).toBe('green')
		expect(parameterTone('unexpected')).toBe('green')
	})
})

describe('parameterStatusLabel', () => {
	it('names each status in words', () => {
		expect(parameterStatusLabel('high')).toBe('High')
		expect(parameterStatusLabel('critical')).toBe('Critical')
		expect(parameterStatusLabel('low')).toBe('Low')
		expect(parameterStatusLabel('normal')).toBe('Normal')
	})

	it('says a value without a status is not graded', () => {
		expect(parameterStatusLabel(null)).toBe('Not graded')
		expect(parameterStatusLabel('toString')).toBe('Not graded')
	})
})
