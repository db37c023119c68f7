import { getEnv, type Env } from '#server/env.server.ts'
import type { SessionKind } from './sessions.ts'

/**
 * Two portals, two cookies: a patient token never reaches the admin portal's
 * lookup. These are the names over plain http (development, tests); over
 * https they carry the `__Host-` prefix (see sessionCookieName).
 */
export const SESSION_COOKIE: Record<SessionKind, string> = {
	patient: 'carebook_session',
	admin: 'carebook_admin_session',
}

const HOST_PREFIX = '__Host-'

type OriginSettings = Pick<Env, 'isProduction' | 'APP_ORIGIN'>

/**
 * True when the browser reached the app over https: the request's own URL
 * (the protocol behind a trusted proxy), or, in production, an https
 * APP_ORIGIN (TLS ends at the proxy in front).
 */
export function isServedOverHttps(request: Request, env: OriginSettings = getEnv()) {
	if (new URL(request.url).protocol === 'https:') return true
	return env.isProduction && env.APP_ORIGIN?.startsWith('https:') === true
}

/**
 * Over https the cookie is `__Host-`: the browser then only accepts it Secure,
 * for Path=/ and with no Domain, so a sibling subdomain cannot plant one.
 */
export function sessionCookieName(kind: SessionKind, request: Request, env?: OriginSettings) {
	return isServedOverHttps(request, env) ? `${HOST_PREFIX}${SESSION_COOKIE[kind]}` : SESSION_COOKIE[kind]
}

export function readCookie(request: Request, name: string) {
	const header = request.headers.get('cookie')
	if (!header) return null
	for (const part of header.split(';')) {
		const separator = part.indexOf('=')
		if (separator === -1) continue
		if (part.slice(0, separator).trim() === name) {
			const value = part.slice(separator + 1).trim()
			return value ? decodeURIComponent(value) : null
		}
	}
	return null
}

/** The session token under the cookie name this request was served with (only that name). */
export function readSessionToken(request: Request, kind: SessionKind) {
	return readCookie(request, sessionCookieName(kind, request))
}

/**
 * A browser-session cookie (no Max-Age): it ends with the browser, and the
 * server's idle and absolute expiry end it sooner. HttpOnly, SameSite=Lax,
 * and Secure with the `__Host-` name whenever served over https.
 */
export function sessionCookie(kind: SessionKind, token: string, request: Request) {
	return serialize(kind, request, encodeURIComponent(token), [])
}

export function clearedSessionCookie(kind: SessionKind, request: Request) {
	return serialize(kind, request, '', ['Max-Age=0'])
}

function serialize(kind: SessionKind, request: Request, value: string, extra: string[]) {
	const isHttps = isServedOverHttps(request)
	const attributes = [`${sessionCookieName(kind, request)}=${value}`, 'Path=/', 'HttpOnly', 'SameSite=Lax', ...extra]
	if (isHttps) attributes.push('Secure')
	return attributes.join('; ')
}

/** The cookie of a sign-in waiting for its second factor (five minutes; the row ends it sooner when used). */
export const TWO_FACTOR_COOKIE: Record<SessionKind, string> = {
	patient: 'carebook_2fa',
	admin: 'carebook_admin_2fa',
}

function twoFactorCookieName(kind: SessionKind, request: Request) {
	return isServedOverHttps(request) ? `${HOST_PREFIX}${TWO_FACTOR_COOKIE[kind]}` : TWO_FACTOR_COOKIE[kind]
}

export function twoFactorCookie(kind: SessionKind, token: string, request: Request, maxAgeSeconds: number) {
	const attributes = [`${twoFactorCookieName(kind, request)}=${encodeURIComponent(token)}`, 'Path=/', 'HttpOnly', 'SameSite=Lax', `Max-Age=${maxAgeSeconds}`]
	if (isServedOverHttps(request)) attributes.push('Secure')
	return attributes.join('; ')
}

export function clearedTwoFactorCookie(kind: SessionKind, request: Request) {
	return twoFactorCookie(kind, '', request, 0)
}

export function readTwoFactorToken(request: Request, kind: SessionKind) {
	return readCookie(request, twoFactorCookieName(kind, request))
}
