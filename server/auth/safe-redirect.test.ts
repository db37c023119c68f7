import { describe, expect, it } from 'vitest'
import { safeRedirectPath } from './safe-redirect.ts'

const ORIGIN = 'https://carebook.example'

describe('safeRedirectPath', () => {
	it.each([
		['/', '/'],
		['/records', '/records'],
		['/records?x=1#y', '/records?x=1#y'],
		['/records?q=blood%20test&page=2', '/records?q=blood%20test&page=2'],
		['/appointments/abc-123/edit', '/appointments/abc-123/edit'],
		['/admin/system', '/admin/system'],
		['/a/../records', '/records'],
		['/records?next=//not-a-host', '/records?next=//not-a-host'],
	])('keeps the same-site path %j as %j', (target, expected) => {
		expect(safeRedirectPath(target, '/fallback', ORIGIN)).toBe(expected)
	})

	it.each([
		['tab after the slash', '/\t/evil.example/x'],
		['tab inside', '/\tevil.example'],
		['newline', '/\n/evil.example'],
		['carriage return', '/\r/evil.example'],
		['space', '/ /evil.example'],
		['NUL', '/\u0000/evil.example'],
		['backslash', '/\\evil.example'],
		['two backslashes', '/\\\\evil.example'],
		['backslash then slash', '\\/evil.example'],
		['doubled slash', '//evil.example'],
		['doubled slash deeper', '/records//evil'],
		['tripled slash', '///evil.example'],
		['encoded slash after a slash', '/%2F/evil.example'],
		['encoded slash, lower case', '/%2f/evil.example'],
		['encoded doubled slash', '%2F%2Fevil.example'],
		['encoded doubled slash after a slash', '/%2F%2Fevil.example'],
		['encoded backslash', '/%5Cevil.example'],
		['encoded tab', '/%09/evil.example'],
		['encoded newline', '/%0A/evil.example'],
		['double-encoded slash', '/%252F/evil.example'],
		['malformed encoding', '/%E0%A4%A'],
		['absolute URL', 'https://evil.example/x'],
		['absolute URL on another port of this host', 'https://carebook.example:8443/x'],
		['scheme-relative with credentials', '//user:pass@evil.example'],
		['javascript: URL', 'javascript:alert(1)'],
		['data: URL', 'data:text/html,hi'],
		['relative path', 'records'],
		['dot segments into a doubled slash', '/a/..//evil.example'],
		['non-breaking space', '/\u00a0/evil.example'],
		['line separator', '/\u2028/evil.example'],
		['empty', ''],
	])('refuses %s', (_name, target) => {
		expect(safeRedirectPath(target, '/fallback', ORIGIN)).toBe('/fallback')
	})

	it('falls back when there is no target', () => {
		expect(safeRedirectPath(null, '/', ORIGIN)).toBe('/')
		expect(safeRedirectPath(undefined, '/admin', ORIGIN)).toBe('/admin')
	})

	it('answers a path (never an absolute URL) even without an origin given', () => {
		expect(safeRedirectPath('/records?x=1', '/')).toBe('/records?x=1')
		expect(safeRedirectPath('/\t/evil.example/x', '/')).toBe('/')
	})
})
