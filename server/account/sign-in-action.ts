import { parseWithZod } from '@conform-to/zod'
import { data } from '@remix-run/node'
import { authenticate, loginSuccessRedirect, safeRedirectPath, type LoginResult, type SessionKind } from '#server/auth/index.ts'
import { adminLoginMessage } from '#server/auth/shared/messages.ts'
import { LoginSchema } from '#server/auth/shared/schemas.ts'
import { formReply } from '#server/errors/index.ts'
import { appOrigin } from '#server/http/app-origin.ts'
import { describeError, logger } from '#server/logger.ts'
import { signedInThemeCookie } from './theme.ts'

/** Each portal's home, where a sign-in leads when it was not sent elsewhere; the admin portal's return path stays inside it. */
const PORTAL_HOME: Record<SessionKind, string> = { patient: '/', admin: '/admin' }
const ADMIN_PATH = /^\/admin(?:[/?#]|$)/

const hideFields = ['password']

/**
 * The sign-in form's action of both portals (/login, /admin/login): checks the
 * e-mail and password, answers a refusal in the form (the password never sent
 * back), and on a right password throws the redirect to the second-factor
 * page or, with the session and theme cookies, to the return path. An
 * unexpected error (the database) is the error page's on the patient portal;
 * the admin portal logs it (class and code only) and answers in the form.
 */
export async function answerSignIn(request: Request, context: { clientIp: string; requestId: string }, portal: SessionKind) {
	const submission = parseWithZod(await request.formData(), { schema: LoginSchema })
	if (submission.status !== 'success') return formReply(submission, null, { hideFields })
	const { email, password, redirectTo } = submission.value
	let signedIn: { result: Extract<LoginResult, { ok: true }>; themeCookie: string }
	try {
		const result = await authenticate({ email, password, portal, ipAddress: context.clientIp })
		if (!result.ok) return formReply(submission, result, { hideFields })
		signedIn = { result, themeCookie: await signedInThemeCookie(result.userId, request) }
	} catch (error) {
		if (portal !== 'admin') throw error
		logger.error('auth.admin_login_failed', { requestId: context.requestId, ...describeError(error) })
		return data({ result: submission.reply({ formErrors: [adminLoginMessage(500)], hideFields }) }, { status: 500 })
	}
	const home = PORTAL_HOME[portal]
	const target = safeRedirectPath(redirectTo, home, appOrigin(request))
	const allowedTarget = portal === 'admin' && !ADMIN_PATH.test(target) ? home : target
	throw loginSuccessRedirect(request, portal, signedIn.result, allowedTarget, { redirectTo, cookies: [signedIn.themeCookie] })
}
