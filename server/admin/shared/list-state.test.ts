import { describe, expect, it } from 'vitest'
import { listSearch, pageCount, readListState, sortSearch, type ListSpec } from './list-state.ts'

const SPEC: ListSpec<'name' | 'email', 'status' | 'organization'> = {
	sorts: ['name', 'email'],
	defaultSort: 'name',
	filters: { status: ['active', 'inactive'], organization: null },
}

describe('admin list URL state', () => {
	it('reads search, filters, sort and page, falling back to defaults for anything unknown', () => {
		const state = readListState(new URLSearchParams('q=%20ann%20&status=inactive&organization=not-an-id&sort=password&dir=up&page=-3'), SPEC)
		expect(state).toMatchObject({ q: 'ann', page: 1, sort: 'name', dir: 'asc', filters: { status: 'inactive', organization: 'all' } })
		const id = '4b0c8e2a-1111-4222-8333-944455556666'
		expect(readListState(new URLSearchParams(`organization=${id}&status=deleted`), SPEC).filters).toEqual({ organization: id, status: 'all' })
	})

	it('refuses a search with control characters and never searches it', () => {
		const state = readListState(new URLSearchParams('q=a%00b'), SPEC)
		expect(state.q).toBe('')
		expect(state.qError).toBe('Contains characters that are not allowed.')
	})

	it('writes links that keep the state, leave defaults out and toggle a sorted column', () => {
		const state = readListState(new URLSearchParams('q=ann&status=active&page=3'), SPEC)
		expect(listSearch(state, { page: 4 })).toBe('?q=ann&page=4&sort=name&dir=asc&status=active')
		expect(sortSearch(state, 'name')).toContain('dir=desc')
		expect(sortSearch(state, 'name')).not.toContain('page=')
		expect(sortSearch(state, 'email')).toContain('sort=email&dir=asc')
		expect(pageCount(0)).toBe(1)
		expect(pageCount(51)).toBe(3)
	})
})
