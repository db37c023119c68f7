import { describe, expect, it } from 'vitest'
import { isDocumentLinkValid, signDocumentLink } from './signed-link.ts'

const documentId = '7d4f6a52-55a8-4c1e-9a59-0f4b0d7e1a11'
const userId = '2b1c58f0-9f3e-4b8e-8e0b-3c6a5e7d9f10'

function parse(link: string) {
	const url = new URL(link, 'http://x')
	return { expires: url.searchParams.get('expires'), sig: url.searchParams.get('sig') }
}

describe('signed document links', () => {
	it('accepts its own link for the same document and user within five minutes', () => {
		const now = 1_800_000_000_000
		const link = signDocumentLink({ documentId, userId, now })
		expect(link.startsWith(`/api/documents/${documentId}/file?`)).toBe(true)
		expect(isDocumentLinkValid({ documentId, userId, ...parse(link), now: now + 4 * 60_000 })).toBe(true)
	})

	it('refuses an expired, altered or borrowed link', () => {
		const now = 1_800_000_000_000
		const link = parse(signDocumentLink({ documentId, userId, now }))
		expect(isDocumentLinkValid({ documentId, userId, ...link, now: now + 6 * 60_000 })).toBe(false)
		expect(isDocumentLinkValid({ documentId, userId: 'someone-else', ...link, now })).toBe(false)
		expect(isDocumentLinkValid({ documentId, userId, expires: String(Number(link.expires) + 60_000), sig: link.sig, now })).toBe(false)
		expect(isDocumentLinkValid({ documentId, userId, expires: link.expires, sig: null, now })).toBe(false)
	})
})
