import { redirect } from '@remix-run/node'
import { clearedTwoFactorCookie, sessionCookie, twoFactorCookie } from './cookies.ts'
import type { LoginResult } from './login.ts'
import type { SessionKind } from './sessions.ts'
import { CHALLENGE_MINUTES } from './two-factor.ts'

/** Each portal's page that asks for the second factor. */
export const TWO_FACTOR_PATH: Record<SessionKind, string> = { patient: '/login/two-factor', admin: '/admin/login/two-factor' }

/**
 * Where a right password leads: with a second factor, to the code page
 * (the challenge in its cookie, the return path kept); else to `target`
 * with the session cookie.
 */
export function loginSuccessRedirect(
	request: Request,
	kind: SessionKind,
	result: Extract<LoginResult, { ok: true }>,
	target: string,
	options: { redirectTo?: string; cookies?: string[] } = {},
) {
	const { redirectTo } = options
	if (result.step === 'two-factor') {
		const search = redirectTo ? `?${new URLSearchParams({ redirectTo })}` : ''
		return redirect(`${TWO_FACTOR_PATH[kind]}${search}`, {
			headers: { 'Set-Cookie': twoFactorCookie(kind, result.challengeToken, request, CHALLENGE_MINUTES * 60) },
		})
	}
	return signedInRedirect(request, kind, result.token, target, options.cookies)
}

/** The session cookie set (and a finished challenge's cookie cleared) on the way to `target`. */
export function signedInRedirect(request: Request, kind: SessionKind, token: string, target: string, cookies: string[] = []) {
	const headers = new Headers()
	for (const cookie of cookies) headers.append('Set-Cookie', cookie)
	headers.append('Set-Cookie', sessionCookie(kind, token, request))
	headers.append('Set-Cookie', clearedTwoFactorCookie(kind, request))
	return redirect(target, { headers })
}
