import { parseWithZod } from '@conform-to/zod'
import { redirect } from '@remix-run/node'
import { formReply } from '#server/errors/index.ts'
import {
	completeTwoFactorChallenge,
	isChallengeOpen,
	LOGIN_PATH,
	readTwoFactorToken,
	safeRedirectPath,
	signedInRedirect,
	type SessionKind,
} from '#server/auth/index.ts'
import { TwoFactorCodeSchema } from '#server/auth/shared/schemas.ts'
import { signedInThemeCookie } from './theme.ts'
import { appOrigin } from '#server/http/app-origin.ts'

/** The code page's loader (both portals): without an open challenge, back to sign in. */
export async function requireOpenChallenge(request: Request, kind: SessionKind) {
	if (!(await isChallengeOpen(readTwoFactorToken(request, kind), kind))) throw redirect(LOGIN_PATH[kind])
	return null
}

const HOME: Record<SessionKind, string> = { patient: '/', admin: '/admin' }

/** The code page's action (both portals): the code finishes the sign-in, or the form says why not. */
export async function answerTwoFactorChallenge(request: Request, kind: SessionKind, ipAddress: string) {
	const submission = parseWithZod(await request.formData(), { schema: TwoFactorCodeSchema })
	if (submission.status !== 'success') return formReply(submission, null, { hideFields: ['code'] })
	const result = await completeTwoFactorChallenge({ token: readTwoFactorToken(request, kind), kind, code: submission.value.code, ipAddress })
	if (!result.ok) return formReply(submission, result, { hideFields: ['code'] })
	let target = safeRedirectPath(submission.value.redirectTo, HOME[kind], appOrigin(request))
	if (kind === 'admin' && !/^\/admin(?:[/?#]|$)/.test(target)) target = '/admin'
	throw signedInRedirect(request, kind, result.token, target, [await signedInThemeCookie(result.userId, request)])
}
