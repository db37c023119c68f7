import { describe, expect, it } from 'vitest'
import { hasShareExpired, shareExpiresAt } from './expiry.ts'
import { SHARE_MESSAGES } from './messages.ts'
import { matchesShareSearch } from './search.ts'
import { ShareFormSchema } from './share-form-schema.ts'

const ID = '6f1c2f1e-8d3b-4c1a-9f2e-1a2b3c4d5e6f'

function issuesOf(input: unknown) {
	const parsed = ShareFormSchema.safeParse(input)
	return parsed.success ? {} : parsed.error.flatten().fieldErrors
}

describe('the Share Records form', () => {
	it("gives the spec's messages for a missing selection or recipient", () => {
		expect(issuesOf({ intent: 'generate-link' })).toEqual({ documentIds: [SHARE_MESSAGES.selectToGenerate] })
		expect(issuesOf({ intent: 'share-email' })).toEqual({ documentIds: [SHARE_MESSAGES.selectToEmail], recipientEmail: [SHARE_MESSAGES.enterRecipient] })
		expect(issuesOf({ intent: 'share-email', documentIds: [ID] })).toEqual({ recipientEmail: [SHARE_MESSAGES.enterRecipient] })
	})

	it('takes a selection with the 7-day default, and refuses a bad id, e-mail or passcode', () => {
		expect(ShareFormSchema.parse({ intent: 'generate-link', documentIds: [ID, ID] })).toEqual({ intent: 'generate-link', documentIds: [ID], expiry: '7d' })
		expect(issuesOf({ intent: 'generate-link', documentIds: ['1 or 1=1'] })).toHaveProperty('documentIds')
		expect(issuesOf({ intent: 'share-email', documentIds: [ID], recipientEmail: 'not an address' })).toHaveProperty('recipientEmail')
		expect(issuesOf({ intent: 'generate-link', documentIds: [ID], passcode: 'abc' })).toHaveProperty('passcode')
		// At least 6 characters, with the message saying so.
		expect(issuesOf({ intent: 'generate-link', documentIds: [ID], passcode: '12345' })).toEqual({ passcode: [SHARE_MESSAGES.passcodeTooShort(6)] })
		expect(issuesOf({ intent: 'generate-link', documentIds: [ID], passcode: '123456' })).toEqual({})
		expect(issuesOf({ intent: 'generate-link', documentIds: [ID], passcode: 'abc\u0000def' })).toHaveProperty('passcode')
		expect(issuesOf({ intent: 'generate-link', documentIds: [ID], expiry: '1y' })).toHaveProperty('expiry')
		expect(issuesOf({ intent: 'revoke', shareId: 'x' })).toHaveProperty('shareId')
	})
})

describe('link expiry', () => {
	const now = new Date('2026-03-07T12:00:00Z')
	it('adds 24 hours, 7 or 30 days, or none', () => {
		expect(shareExpiresAt('24h', now)).toEqual(new Date('2026-03-08T12:00:00Z'))
		expect(shareExpiresAt('7d', now)).toEqual(new Date('2026-03-14T12:00:00Z'))
		expect(shareExpiresAt('30d', now)).toEqual(new Date('2026-04-06T12:00:00Z'))
		expect(shareExpiresAt('never', now)).toBeNull()
	})
	it('has expired from the instant it names', () => {
		expect(hasShareExpired('2026-03-07T12:00:00Z', now)).toBe(true)
		expect(hasShareExpired(new Date('2026-03-07T12:00:01Z'), now)).toBe(false)
		expect(hasShareExpired(null, now)).toBe(false)
	})
})

describe('the record search of step 1', () => {
	const document = { id: ID, title: 'Lipid Panel', documentType: 'lab_report', documentDate: '2025-03-14' }
	it('matches the title, the type and the date as the table shows them, ignoring case', () => {
		for (const query of ['lipid', 'LAB REPORT', 'march 14', '2025', '  ']) expect(matchesShareSearch(document, query)).toBe(true)
		expect(matchesShareSearch(document, 'imaging')).toBe(false)
	})
})
