import type { SubmissionResult } from '@conform-to/react'
import { data } from '@remix-run/node'
import { notFound } from './not-found.ts'
import { refusalStatus, type Refusal } from './shared/result.ts'

/** What an action needs of a Conform submission (parseWithZod's result). */
type Replyable = {
	reply(options?: { formErrors?: string[]; fieldErrors?: Record<string, string[]>; hideFields?: string[] }): SubmissionResult<string[]>
}

export type FormReplyOptions = {
	/** Fields whose typed value must not come back (passwords). */
	hideFields?: string[]
	/** The 404 body when the refusal is 'not-found' (it is thrown to the ErrorBoundary). */
	notFoundText?: string
	/**
	 * 'page' (default): a 'not-found' refusal is the page's 404. 'form': it is
	 * a message like any other (a row of the page that is gone, the page itself is fine).
	 */
	notFound?: 'page' | 'form'
}

/**
 * The one way an action answers a form that did not go through
 * (docs/decisions/010-errors-and-notices.md): `{ result }` for Conform's
 * `useForm({ lastResult })`, with a status.
 * - no refusal: the submission failed its schema; Conform's field errors, 400.
 * - a refusal: its message beside `refusal.field`, or above the form; the
 *   status of its kind (409 conflict, 413, 429 ...). A 'not-found' refusal is
 *   thrown as the route's 404 instead, so "not yours" shows the not-found page.
 * On success an action redirects (with redirectWithToast where the spec names a notice).
 */
export function formReply(submission: Replyable, refusal?: Pick<Refusal, 'kind' | 'message' | 'field'> | null, options: FormReplyOptions = {}) {
	const { hideFields } = options
	if (!refusal) return data({ result: submission.reply({ hideFields }) }, { status: 400 })
	if (refusal.kind === 'not-found' && options.notFound !== 'form') notFound(options.notFoundText)
	const result = refusal.field
		? submission.reply({ fieldErrors: { [refusal.field]: [refusal.message] }, hideFields })
		: submission.reply({ formErrors: [refusal.message], hideFields })
	return data({ result }, { status: refusalStatus(refusal) })
}
