import { describe, expect, it } from 'vitest'
import { checkPortalUrl, isAllowedAddress, isPublicAddress, unwrapMappedIpv4 } from './address-rules.ts'

const production = { allowLoopback: false }
const development = { allowLoopback: true }

describe('portal address rules', () => {
	it('refuses private, loopback, link-local, shared and reserved addresses in production', () => {
		for (const address of [
			'10.0.0.5',
			'172.16.3.4',
			'192.168.1.1',
			'127.0.0.1',
			'169.254.169.254',
			'100.64.0.1',
			'0.0.0.0',
			'224.0.0.1',
			'::1',
			'fe80::1',
			'fd00::1',
			'::ffff:127.0.0.1',
			'::ffff:7f00:1',
			'::ffff:169.254.169.254',
			'64:ff9b::a9fe:a9fe',
		]) {
			expect(isAllowedAddress(address, production), address).toBe(false)
		}
	})

	it('accepts public addresses', () => {
		for (const address of ['8.8.8.8', '104.16.0.1', '2606:4700::1111']) expect(isPublicAddress(address), address).toBe(true)
	})

	it('allows loopback outside production only', () => {
		expect(isAllowedAddress('127.0.0.1', development)).toBe(true)
		expect(isAllowedAddress('::1', development)).toBe(true)
		expect(isAllowedAddress('10.1.2.3', development)).toBe(false)
	})

	it('reads an IPv4 address written inside IPv6', () => {
		expect(unwrapMappedIpv4('::ffff:10.0.0.1')).toBe('10.0.0.1')
		expect(unwrapMappedIpv4('::ffff:a00:1')).toBe('10.0.0.1')
	})

	it('takes https, and http only to loopback outside production', () => {
		expect(checkPortalUrl('https://fhir.example.org/r4', production).ok).toBe(true)
		expect(checkPortalUrl('http://fhir.example.org/r4', development)).toEqual({ ok: false, reason: 'not_https' })
		expect(checkPortalUrl('http://127.0.0.1:8080/fhir', production)).toEqual({ ok: false, reason: 'not_https' })
		expect(checkPortalUrl('http://127.0.0.1:8080/fhir', development).ok).toBe(true)
		expect(checkPortalUrl('http://localhost:8080/fhir', development).ok).toBe(true)
		expect(checkPortalUrl('ftp://fhir.example.org', development)).toEqual({ ok: false, reason: 'not_https' })
		expect(checkPortalUrl('https://user:pw@fhir.example.org', production)).toEqual({ ok: false, reason: 'credentials' })
		expect(checkPortalUrl('not a url', production)).toEqual({ ok: false, reason: 'not_a_url' })
	})
})
