import { redirect } from '@remix-run/node'
import { clearedSessionCookie, readSessionToken } from './cookies.ts'
import { LOGIN_PATH } from './guards.ts'
import { invalidateSession, type SessionKind } from './sessions.ts'

/** Deletes this portal's session row and cookie, then goes to its sign-in page. */
export async function signOut(request: Request, kind: SessionKind) {
	const token = readSessionToken(request, kind)
	if (token) await invalidateSession(token)
	return redirect(LOGIN_PATH[kind], { headers: { 'Set-Cookie': clearedSessionCookie(kind, request) } })
}
