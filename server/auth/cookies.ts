import { getEnv } from '#server/env.server.ts'
import type { SessionKind } from './sessions.ts'

/** Two portals, two cookies: a patient token never reaches the admin portal's lookup. */
export const SESSION_COOKIE: Record<SessionKind, string> = {
	patient: 'carebook_session',
	admin: 'carebook_admin_session',
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

/**
 * A browser-session cookie (no Max-Age): it ends with the browser, and the
 * server's sliding idle expiry ends it sooner. HttpOnly, SameSite=Lax,
 * Secure in production.
 */
export function sessionCookie(kind: SessionKind, token: string) {
	return serialize(SESSION_COOKIE[kind], encodeURIComponent(token), [])
}

export function clearedSessionCookie(kind: SessionKind) {
	return serialize(SESSION_COOKIE[kind], '', ['Max-Age=0'])
}

function serialize(name: string, value: string, extra: string[]) {
	const attributes = [`${name}=${value}`, 'Path=/', 'HttpOnly', 'SameSite=Lax', ...extra]
	if (getEnv().isProduction) attributes.push('Secure')
	return attributes.join('; ')
}
