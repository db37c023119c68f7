import { describe, expect, it } from 'vitest'
import { isCrossSiteRequest } from './origin-check.ts'
import { contentSecurityPolicy, securityHeaders } from './security-headers.ts'

describe('content security policy', () => {
	it('has no unsafe-eval in production and forbids framing', () => {
		const csp = contentSecurityPolicy({ nonce: 'abc', isDevelopment: false })
		expect(csp).not.toContain('unsafe-eval')
		expect(csp).toContain("script-src 'self' 'nonce-abc'")
		expect(csp).toContain("frame-ancestors 'none'")
	})

	it('sets the fixed headers', () => {
		const headers = securityHeaders({ nonce: 'n', isDevelopment: false, isHttps: true })
		expect(headers['X-Content-Type-Options']).toBe('nosniff')
		expect(headers['Referrer-Policy']).toBe('strict-origin-when-cross-origin')
		expect(headers['Strict-Transport-Security']).toContain('max-age=')
	})
})

describe('cross-site request check', () => {
	const allowedOrigins = ['http://localhost:3000']
	it('lets reads through whatever their origin', () => {
		expect(isCrossSiteRequest({ method: 'GET', origin: 'https://evil.test', secFetchSite: 'cross-site', allowedOrigins })).toBe(false)
	})
	it('refuses a post from another origin', () => {
		expect(isCrossSiteRequest({ method: 'POST', origin: 'https://evil.test', secFetchSite: undefined, allowedOrigins })).toBe(true)
		expect(isCrossSiteRequest({ method: 'POST', origin: 'null', secFetchSite: undefined, allowedOrigins })).toBe(true)
		expect(isCrossSiteRequest({ method: 'DELETE', origin: undefined, secFetchSite: 'cross-site', allowedOrigins })).toBe(true)
	})
	it('accepts a post from the app itself or from a non-browser client', () => {
		expect(isCrossSiteRequest({ method: 'POST', origin: 'http://localhost:3000', secFetchSite: 'same-origin', allowedOrigins })).toBe(false)
		expect(isCrossSiteRequest({ method: 'POST', origin: undefined, secFetchSite: undefined, allowedOrigins })).toBe(false)
	})
})
