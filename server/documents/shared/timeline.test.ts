import { describe, expect, it } from 'vitest'
import { groupByMonth, recordDate } from './timeline.ts'

const doc = (id: string, documentDate: string | null, uploadedAt = '2025-06-01T12:00:00Z') => ({
	id,
	documentDate,
	uploadedAt: new Date(uploadedAt),
})

describe('recordDate', () => {
	it('is the document date when there is one', () => {
		expect(recordDate(doc('a', '2025-03-14'), 'UTC')).toBe('2025-03-14')
	})

	it('is the upload day in the patient zone otherwise', () => {
		expect(recordDate(doc('a', null, '2025-04-01T03:00:00Z'), 'UTC')).toBe('2025-04-01')
		expect(recordDate(doc('a', null, '2025-04-01T03:00:00Z'), 'America/New_York')).toBe('2025-03-31')
	})
})

describe('groupByMonth', () => {
	it('groups by month and year in the given order', () => {
		const groups = groupByMonth([doc('a', '2025-03-14'), doc('b', '2025-03-02'), doc('c', '2025-01-22'), doc('d', '2024-03-05')], 'UTC')
		expect(groups.map((group) => group.label)).toEqual(['March 2025', 'January 2025', 'March 2024'])
		expect(groups[0]!.documents.map((document) => document.id)).toEqual(['a', 'b'])
	})

	it('files an undated document under its upload month', () => {
		const groups = groupByMonth([doc('a', null, '2025-06-10T12:00:00Z'), doc('b', '2025-05-01')], 'UTC')
		expect(groups.map((group) => group.key)).toEqual(['2025-06', '2025-05'])
	})

	it('returns nothing for no documents', () => {
		expect(groupByMonth([], 'UTC')).toEqual([])
	})
})
