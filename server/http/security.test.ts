import { describe, expect, it } from 'vitest'
import { allowedPostOrigins, isCrossSiteRequest } from './origin-check.ts'
import { contentSecurityPolicy, securityHeaders, sendsStrictTransportSecurity } from './security-headers.ts'

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

describe('Strict-Transport-Security', () => {
	it('is sent always in production with an https public origin, also for a request the TLS proxy forwarded as http', () => {
		expect(sendsStrictTransportSecurity({ isProduction: true, appOrigin: 'https://carebook.example', isSecureRequest: false })).toBe(true)
		expect(sendsStrictTransportSecurity({ isProduction: true, appOrigin: 'https://carebook.example', isSecureRequest: true })).toBe(true)
	})

	it('is not sent for an http request without an https production origin', () => {
		expect(sendsStrictTransportSecurity({ isProduction: true, appOrigin: 'http://localhost:3000', isSecureRequest: false })).toBe(false)
		expect(sendsStrictTransportSecurity({ isProduction: false, appOrigin: 'https://carebook.example', isSecureRequest: false })).toBe(false)
		expect(sendsStrictTransportSecurity({ isProduction: false, appOrigin: undefined, isSecureRequest: true })).toBe(true)
	})
})

describe('headers of the public shared pages', () => {
	it('send no referrer and forbid indexing under /shared/ only', () => {
		const shared = securityHeaders({ nonce: 'n', isDevelopment: false, isHttps: false, path: '/shared/abc' })
		expect(shared['Referrer-Policy']).toBe('no-referrer')
		expect(shared['X-Robots-Tag']).toBe('noindex, nofollow')
		const file = securityHeaders({ nonce: 'n', isDevelopment: false, isHttps: false, path: '/shared/abc/files/x' })
		expect(file['Referrer-Policy']).toBe('no-referrer')
		const other = securityHeaders({ nonce: 'n', isDevelopment: false, isHttps: false, path: '/share-records' })
		expect(other['Referrer-Policy']).toBe('strict-origin-when-cross-origin')
		expect(other['X-Robots-Tag']).toBeUndefined()
	})
})

describe('cross-site request check', () => {
	const allowedOrigins = ['http://localhost:3000']
	it('lets reads through whatever their origin', () => {
		expect(isCrossSiteRequest({ method: 'GET', origin: 'https://evil.test', secFetchSite: 'cross-site', allowedOrigins })).toBe(false)
	})
	it('accepts a null origin only when the browser says the post is same-origin (a no-referrer page)', () => {
		expect(isCrossSiteRequest({ method: 'POST', origin: 'null', secFetchSite: 'same-origin', allowedOrigins })).toBe(false)
		expect(isCrossSiteRequest({ method: 'POST', origin: 'null', secFetchSite: 'cross-site', allowedOrigins })).toBe(true)
		expect(isCrossSiteRequest({ method: 'POST', origin: 'null', secFetchSite: undefined, allowedOrigins })).toBe(true)
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

describe('origins accepted for posts', () => {
	const attackerHost = 'evil.example'
	/** What the app passes for a request whose Host header the attacker chose. */
	function postFromAttackerHost(isProduction: boolean) {
		return isCrossSiteRequest({
			method: 'POST',
			origin: `https://${attackerHost}`,
			secFetchSite: 'same-origin',
			allowedOrigins: allowedPostOrigins({
				isProduction,
				appOrigin: 'https://carebook.example',
				ownOrigin: `https://${attackerHost}`,
			}),
		})
	}

	it('refuses, in production, a post whose Origin matches an attacker-chosen Host header', () => {
		expect(postFromAttackerHost(true)).toBe(true)
	})

	it('accepts, in production, posts from APP_ORIGIN only', () => {
		const allowedOrigins = allowedPostOrigins({ isProduction: true, appOrigin: 'https://carebook.example', ownOrigin: 'http://10.0.0.5:3000' })
		expect(allowedOrigins).toEqual(['https://carebook.example'])
		expect(isCrossSiteRequest({ method: 'POST', origin: 'https://carebook.example', secFetchSite: 'same-origin', allowedOrigins })).toBe(false)
	})

	it('accepts the origin the request names itself outside production (dev server, e2e on localhost)', () => {
		expect(allowedPostOrigins({ isProduction: false, appOrigin: undefined, ownOrigin: 'http://localhost:3000' })).toEqual(['http://localhost:3000'])
		expect(allowedPostOrigins({ isProduction: false, appOrigin: 'https://carebook.example', ownOrigin: 'http://localhost:3000' })).toEqual([
			'https://carebook.example',
			'http://localhost:3000',
		])
		expect(postFromAttackerHost(false)).toBe(false)
	})
})
