import { describe, expect, it } from 'vitest'
import { formatFileSize } from './format-file-size.ts'

describe('formatFileSize', () => {
	it('shows an empty file as 0 B, not 1 KB', () => {
		expect(formatFileSize(0)).toBe('0 B')
	})

	it('shows sizes under a kilobyte in bytes', () => {
		expect(formatFileSize(1)).toBe('1 B')
		expect(formatFileSize(999)).toBe('999 B')
	})

	it('shows kilobytes with one decimal below 10 and whole above', () => {
		expect(formatFileSize(1_000)).toBe('1.0 KB')
		expect(formatFileSize(1_536)).toBe('1.5 KB')
		expect(formatFileSize(340_400)).toBe('340 KB')
	})

	it('moves to the next unit instead of showing 1000 of one', () => {
		expect(formatFileSize(999_600)).toBe('1.0 MB')
		expect(formatFileSize(999_499)).toBe('999 KB')
	})

	it('shows megabytes and gigabytes', () => {
		expect(formatFileSize(2_400_000)).toBe('2.4 MB')
		expect(formatFileSize(20_000_000)).toBe('20 MB')
		expect(formatFileSize(1_500_000_000)).toBe('1.5 GB')
	})

	it('treats a size that is not a number of bytes as empty', () => {
		expect(formatFileSize(-5)).toBe('0 B')
		expect(formatFileSize(Number.NaN)).toBe('0 B')
	})
})
