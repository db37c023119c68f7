import { describe, expect, it } from 'vitest'
import { clearedSessionCookie, isServedOverHttps, readSessionToken, sessionCookie, sessionCookieName } from './cookies.ts'

const overHttps = new Request('https://carebook.example/login')
const overHttp = new Request('http://localhost:3000/login')

describe('session cookies', () => {
	it('uses the __Host- name and Secure when the request came over https', () => {
		expect(sessionCookie('patient', 'tok', overHttps)).toBe('__Host-carebook_session=tok; Path=/; HttpOnly; SameSite=Lax; Secure')
		expect(sessionCookie('admin', 'tok', overHttps)).toBe('__Host-carebook_admin_session=tok; Path=/; HttpOnly; SameSite=Lax; Secure')
		expect(clearedSessionCookie('patient', overHttps)).toBe('__Host-carebook_session=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0; Secure')
	})

	it('uses the plain name without Secure over http in development', () => {
		expect(sessionCookie('patient', 'tok', overHttp)).toBe('carebook_session=tok; Path=/; HttpOnly; SameSite=Lax')
		expect(clearedSessionCookie('admin', overHttp)).toBe('carebook_admin_session=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0')
	})

	it('never sets a Domain, which __Host- forbids', () => {
		expect(sessionCookie('patient', 'tok', overHttps)).not.toMatch(/Domain=/i)
	})

	it('reads only the name the request was served with', () => {
		const tossed = (url: string, cookie: string) => new Request(url, { headers: { cookie } })
		expect(readSessionToken(tossed('https://carebook.example/', '__Host-carebook_session=abc'), 'patient')).toBe('abc')
		// Over https a plain-named cookie (one a sibling subdomain could have set) is not a session.
		expect(readSessionToken(tossed('https://carebook.example/', 'carebook_session=abc'), 'patient')).toBeNull()
		expect(readSessionToken(tossed('http://localhost:3000/', 'carebook_session=abc'), 'patient')).toBe('abc')
		expect(readSessionToken(tossed('http://localhost:3000/', 'carebook_admin_session=abc'), 'patient')).toBeNull()
		expect(readSessionToken(tossed('http://localhost:3000/', 'carebook_admin_session=abc'), 'admin')).toBe('abc')
	})

	it('counts a production app behind an https proxy as https even when the hop to it is plain http', () => {
		const behindProxy = { isProduction: true, APP_ORIGIN: 'https://carebook.example' }
		expect(isServedOverHttps(overHttp, behindProxy)).toBe(true)
		expect(sessionCookieName('patient', overHttp, behindProxy)).toBe('__Host-carebook_session')
		expect(isServedOverHttps(overHttp, { isProduction: false, APP_ORIGIN: 'https://carebook.example' })).toBe(false)
		expect(isServedOverHttps(overHttp, { isProduction: true, APP_ORIGIN: 'http://intranet.example' })).toBe(false)
		expect(isServedOverHttps(overHttps, { isProduction: false, APP_ORIGIN: undefined })).toBe(true)
	})
})
