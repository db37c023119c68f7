import { describe, expect, it } from 'vitest'
import { DOCUMENT_TYPES, documentTypeLabel, isDocumentType } from './document-type-label.ts'

describe('documentTypeLabel', () => {
	it('turns underscores into capitalised words', () => {
		expect(documentTypeLabel('lab_report')).toBe('Lab Report')
		expect(documentTypeLabel('clinical_notes')).toBe('Clinical Notes')
		expect(documentTypeLabel('imaging')).toBe('Imaging')
		expect(documentTypeLabel('other')).toBe('Other')
	})

	it('ignores doubled or trailing underscores and keeps an empty type empty', () => {
		expect(documentTypeLabel('lab__report_')).toBe('Lab Report')
		expect(documentTypeLabel('')).toBe('')
	})

	it('knows the five types of the spec', () => {
		expect(DOCUMENT_TYPES.map(documentTypeLabel)).toEqual(['Lab Report', 'Imaging', 'Clinical Notes', 'Immunization', 'Other'])
		expect(isDocumentType('immunization')).toBe(true)
		expect(isDocumentType('bloodwork')).toBe(false)
	})
})
