import { createHmac, timingSafeEqual } from 'node:crypto'
import { signingSecret } from '#server/http/signing-secret.ts'

const LINK_LIFETIME_MS = 5 * 60_000
function signature(payload: string) {
	return createHmac('sha256', signingSecret()).update(payload).digest('base64url')
}

/** A short-lived link to a document's file, bound to the document and the user. */
export function signDocumentLink(input: { documentId: string; userId: string; now?: number }) {
	const expires = (input.now ?? Date.now()) + LINK_LIFETIME_MS
	const sig = signature(`${input.documentId}.${input.userId}.${expires}`)
	return `/api/documents/${input.documentId}/file?${new URLSearchParams({ expires: String(expires), sig })}`
}

export function isDocumentLinkValid(input: { documentId: string; userId: string; expires: string | null; sig: string | null; now?: number }) {
	if (!input.expires || !input.sig || !/^\d+$/.test(input.expires)) return false
	if (Number(input.expires) < (input.now ?? Date.now())) return false
	const expected = Buffer.from(signature(`${input.documentId}.${input.userId}.${input.expires}`))
	const given = Buffer.from(input.sig)
	return expected.length === given.length && timingSafeEqual(expected, given)
}
