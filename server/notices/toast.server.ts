import { randomUUID } from 'node:crypto'
import { createCookie, redirect } from '@remix-run/node'
import { isServedOverHttps } from '#server/auth/cookies.ts'
import { signingSecret } from '#server/http/signing-secret.ts'
import { ToastSchema, type FlashToast, type ToastInput } from './shared/toast.ts'

/**
 * The one notice-after-redirect mechanism (docs/decisions/010-errors-and-notices.md):
 * a signed flash cookie holding one toast. redirectWithToast sets it on the
 * redirect; the root loader's getToast reads it and clears it in the same
 * answer, so the notice shows once, on the page the redirect lands on.
 * HttpOnly, SameSite=Lax, Path=/; over https `__Host-` and Secure like the
 * session cookies. No patient data goes into a toast: only our fixed texts.
 */
const COOKIE_NAME = 'carebook_toast'
const cookies = new Map<string, ReturnType<typeof createCookie>>()

function toastCookie(request: Request) {
	const isHttps = isServedOverHttps(request)
	const name = isHttps ? `__Host-${COOKIE_NAME}` : COOKIE_NAME
	let cookie = cookies.get(name)
	if (!cookie) {
		cookie = createCookie(name, { path: '/', httpOnly: true, sameSite: 'lax', secure: isHttps, secrets: [signingSecret()] })
		cookies.set(name, cookie)
	}
	return cookie
}

/** The Set-Cookie header value that flashes `toast` to the next page. */
export async function toastCookieHeader(request: Request, toast: ToastInput): Promise<string> {
	const value: FlashToast = ToastSchema.parse({ ...toast, id: randomUUID() })
	return toastCookie(request).serialize(value)
}

/** A redirect that shows `toast` on the page it leads to (an action's success with a spec notice). */
export async function redirectWithToast(request: Request, url: string, toast: ToastInput, init: ResponseInit = {}) {
	const headers = new Headers(init.headers)
	headers.append('Set-Cookie', await toastCookieHeader(request, toast))
	return redirect(url, { ...init, headers })
}

/** The flashed toast of this request, if any, and the header that clears it (for the root loader). */
export async function getToast(request: Request): Promise<{ toast: FlashToast | null; headers: Headers | null }> {
	const cookie = toastCookie(request)
	const parsed = ToastSchema.safeParse(await cookie.parse(request.headers.get('cookie')))
	if (!parsed.success) return { toast: null, headers: null }
	const headers = new Headers({ 'Set-Cookie': await cookie.serialize('', { maxAge: 0 }) })
	return { toast: parsed.data, headers }
}
