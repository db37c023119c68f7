import { describe, expect, it } from 'vitest'
import { guessCategoryFromFileName, sanitizeFileName, titleFromFileName } from './file-name.ts'

describe('sanitizeFileName', () => {
	it('strips directories and traversal', () => {
		const name = sanitizeFileName('../../../etc/cron.d/lab_results.pdf')
		expect(name).toBe('lab_results.pdf')
		for (const forbidden of ['..', '/', '\\']) expect(name).not.toContain(forbidden)
	})

	it('strips Windows paths and control characters', () => {
		expect(sanitizeFileName('C:\\Users\\me\\scan\u0000\u0007.jpg')).toBe('scan.jpg')
		expect(sanitizeFileName('report\u202egnp.pdf')).toBe('reportgnp.pdf')
	})

	it('keeps a readable name with its extension', () => {
		expect(sanitizeFileName('  Lab Results  March.pdf ')).toBe('Lab Results March.pdf')
		expect(sanitizeFileName('a..b.pdf')).toBe('a.b.pdf')
	})

	it('is never empty', () => {
		expect(sanitizeFileName('')).toBe('document')
		expect(sanitizeFileName('../..')).toBe('document')
		expect(sanitizeFileName('/')).toBe('document')
		expect(sanitizeFileName('.pdf')).toBe('document.pdf')
	})

	it('caps the length, keeping the extension', () => {
		const name = sanitizeFileName(`${'x'.repeat(400)}.pdf`)
		expect(name.length).toBeLessThanOrEqual(200)
		expect(name.endsWith('.pdf')).toBe(true)
	})
})

describe('titleFromFileName', () => {
	it('drops the extension', () => {
		expect(titleFromFileName('LabResults_Meridian_2025-03-14.pdf')).toBe('LabResults_Meridian_2025-03-14')
		expect(titleFromFileName('../x/visit.note.pdf')).toBe('visit.note')
	})
})

describe('guessCategoryFromFileName', () => {
	it('follows the spec rule', () => {
		expect(guessCategoryFromFileName('LabResults.pdf')).toBe('bloodwork')
		expect(guessCategoryFromFileName('chest-imaging.pdf')).toBe('imaging')
		expect(guessCategoryFromFileName('visit_note.pdf')).toBe('visit')
		expect(guessCategoryFromFileName('Procedure summary.pdf')).toBe('procedure')
		expect(guessCategoryFromFileName('scan_0001.jpg')).toBe('other')
	})

	it('checks lab first', () => {
		expect(guessCategoryFromFileName('lab visit.pdf')).toBe('bloodwork')
	})
})
