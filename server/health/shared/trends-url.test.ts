import { describe, expect, it } from 'vitest'
import { DEFAULT_TRENDS_STATE, addReadingHref, parseTrendsState, trendsHref } from './trends-url.ts'

describe('trends URL state', () => {
	it('reads range, tab, metric and reading kind, with defaults for anything unknown', () => {
		expect(parseTrendsState(new URLSearchParams('range=1y&tab=risk&metric=glucose&reading=weight'))).toEqual({
			range: '1y',
			tab: 'risk',
			metric: 'glucose',
			reading: 'weight',
		})
		expect(parseTrendsState(new URLSearchParams('range=2w&tab=x&metric=height&reading=mood'))).toEqual(DEFAULT_TRENDS_STATE)
	})

	it('writes links that keep the rest of the state', () => {
		const state = parseTrendsState(new URLSearchParams('range=3m&tab=overview&metric=bmi'))
		expect(trendsHref(state, { range: 'all' })).toBe('/trends?range=all&tab=overview&metric=bmi')
		expect(trendsHref(state, { tab: 'predictions', metric: null })).toBe('/trends?range=3m&tab=predictions')
		expect(addReadingHref(state, 'bmi')).toBe('/trends?range=3m&tab=overview&metric=bmi&reading=weight#add-reading')
	})
})
