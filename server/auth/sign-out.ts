import { redirect } from '@remix-run/node'
import { clearedSessionCookie, readCookie, SESSION_COOKIE } from './cookies.ts'
import { LOGIN_PATH } from './guards.ts'
import { invalidateSession, type SessionKind } from './sessions.ts'

/** Deletes this portal's session row and cookie, then goes to its sign-in page. */
export async function signOut(request: Request, kind: SessionKind) {
	const token = readCookie(request, SESSION_COOKIE[kind])
	if (token) await invalidateSession(token)
	return redirect(LOGIN_PATH[kind], { headers: { 'Set-Cookie': clearedSessionCookie(kind) } })
}
