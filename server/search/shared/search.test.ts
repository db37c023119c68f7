import { describe, expect, it } from 'vitest'
import { highlightSegments, queryWords, searchResultHref, snippetAround } from './search.ts'

describe('global search helpers', () => {
	it('takes letters and digits as words, lower-cased', () => {
		expect(queryWords('  HbA1c, Dr. O’Neil!  ')).toEqual(['hba1c', 'dr', 'o', 'neil'])
		expect(queryWords('&|!:*()')).toEqual([])
	})

	it('highlights words that start with a query word, case-insensitively', () => {
		expect(highlightSegments('Cholesterol panel, total cholesterol', ['chol'])).toEqual([
			{ text: 'Cholesterol', isMatch: true },
			{ text: ' panel, total ', isMatch: false },
			{ text: 'cholesterol', isMatch: true },
		])
		expect(highlightSegments('Microcholesterol', ['chol'])).toEqual([{ text: 'Microcholesterol', isMatch: false }])
		expect(highlightSegments('a+b (c)', ['c'])).toEqual([
			{ text: 'a+b (', isMatch: false },
			{ text: 'c', isMatch: true },
			{ text: ')', isMatch: false },
		])
	})

	it('cuts a snippet around the first match', () => {
		const text = `${'lorem '.repeat(40)}ferritin is low ${'ipsum '.repeat(40)}`
		const snippet = snippetAround(text, ['ferritin'], 30)!
		expect(snippet).toMatch(/^….*ferritin is low.*…$/)
		expect(snippet.length).toBeLessThan(70)
		expect(snippetAround('nothing here', ['ferritin'])).toBeNull()
	})

	it('links each type to its page', () => {
		expect(searchResultHref({ type: 'appointment', id: 'a' })).toBe('/appointments/a')
		expect(searchResultHref({ type: 'document', id: 'd' })).toBe('/records/d')
		expect(searchResultHref({ type: 'medication', id: 'm' })).toBe('/medications/m')
	})
})
