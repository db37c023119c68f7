import { describe, expect, it } from 'vitest'
import { unlinkableSenderName } from './sender-name.ts'

/** What mail clients and markdown renderers turn into links: a scheme, www., a domain, an address. */
const LINK_LOOKING = /[a-z][a-z0-9+.-]*:\/\/|www\.|[\p{L}\p{N}-]+\.[\p{L}]{2,}|[\w.+-]+@[\w-]+\.\w{2,}/iu

describe('unlinkableSenderName', () => {
	it.each([
		'Visit http://evil.example now',
		'https://evil.example/login?x=1',
		'www.evil.example',
		'evil.example',
		'EVIL.COM support',
		'mail admin@evil.example',
		'javascript:alert(1)',
		'xn--80ak6aa92e.com',
	])('leaves nothing link-looking in %s', (name) => {
		const plain = unlinkableSenderName(name)
		expect(plain).not.toMatch(LINK_LOOKING)
		expect(plain).not.toContain('://')
	})

	it('keeps ordinary names as they are', () => {
		for (const name of ['Dr. Jane Doe', "Anne-Marie O'Neil", 'José Ñúñez', 'J. R. R. Smith']) expect(unlinkableSenderName(name)).toBe(name)
	})
})
