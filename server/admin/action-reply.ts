import { redirectWithToast, type ToastInput } from '#server/notices/index.ts'
import { notFound } from '#server/errors/index.ts'
import type { Refusal } from '#server/errors/index.ts'

/** The page the action was posted from, without a `confirm` question (the no-JavaScript ConfirmPanel). */
export function pageOf(request: Request) {
	const url = new URL(request.url)
	url.searchParams.delete('confirm')
	url.searchParams.delete('id')
	url.searchParams.delete('index')
	return `${url.pathname}${url.search}`
}

/**
 * The answer to a one-button admin action (status, delete, payment, retry):
 * back to `to` (the page it came from) with the spec's notice, or with the
 * refusal's message; a record that does not exist is the page's 404.
 */
export async function replyWithToast(request: Request, result: { ok: true } | Refusal, success: ToastInput, to = pageOf(request)) {
	if (!result.ok) {
		if (result.kind === 'not-found') notFound(result.message)
		return redirectWithToast(request, to, { title: result.message, tone: 'error' })
	}
	return redirectWithToast(request, to, { tone: 'success', ...success })
}
