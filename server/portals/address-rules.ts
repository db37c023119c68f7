import { BlockList, isIP } from 'node:net'

/**
 * Which addresses a portal may have (issue 40, point 5). The patient types the address, so
 * Carebook must not be made to call into its own network: in production every address a name
 * resolves to must be public (no private, loopback, link-local, shared, documentation,
 * multicast or reserved range, in IPv4 or IPv6, nor an IPv4 one written inside IPv6); outside
 * production loopback is also allowed (the local test portal).
 */
const NOT_PUBLIC = new BlockList()
for (const [network, prefix] of [
	['0.0.0.0', 8],
	['10.0.0.0', 8],
	['100.64.0.0', 10],
	['127.0.0.0', 8],
	['169.254.0.0', 16],
	['172.16.0.0', 12],
	['192.0.0.0', 24],
	['192.0.2.0', 24],
	['192.88.99.0', 24],
	['192.168.0.0', 16],
	['198.18.0.0', 15],
	['198.51.100.0', 24],
	['203.0.113.0', 24],
	['224.0.0.0', 4],
	['240.0.0.0', 4],
] as const) {
	NOT_PUBLIC.addSubnet(network, prefix, 'ipv4')
}
for (const [network, prefix] of [
	['::', 128],
	['::1', 128],
	['64:ff9b::', 96],
	['64:ff9b:1::', 48],
	['100::', 64],
	['2001::', 23],
	['2001:db8::', 32],
	['2002::', 16],
	['fc00::', 7],
	['fe80::', 10],
	['fec0::', 10],
	['ff00::', 8],
] as const) {
	NOT_PUBLIC.addSubnet(network, prefix, 'ipv6')
}

const LOOPBACK = new BlockList()
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4')
LOOPBACK.addAddress('::1', 'ipv6')

/** An IPv4 address written inside IPv6 (::ffff:a.b.c.d, ::a.b.c.d, or their hex forms), else the address itself. */
export function unwrapMappedIpv4(address: string): string {
	const lower = address.toLowerCase().replace(/^\[|\]$/g, '')
	const dotted = /^(?:::ffff:|::ffff:0:|::)(\d+\.\d+\.\d+\.\d+)$/.exec(lower)
	if (dotted) return dotted[1]!
	const hex = /^(?:::ffff:|::)([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower)
	if (hex) {
		const high = parseInt(hex[1]!, 16)
		const low = parseInt(hex[2]!, 16)
		return `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`
	}
	return lower
}

export function isLoopbackAddress(address: string): boolean {
	const plain = unwrapMappedIpv4(address)
	const family = isIP(plain)
	if (family === 0) return false
	return LOOPBACK.check(plain, family === 4 ? 'ipv4' : 'ipv6')
}

export function isPublicAddress(address: string): boolean {
	const plain = unwrapMappedIpv4(address)
	const family = isIP(plain)
	if (family === 0) return false
	return !NOT_PUBLIC.check(plain, family === 4 ? 'ipv4' : 'ipv6')
}

/** What a portal's address may be: production (public only), or development and tests (public, or loopback). */
export type AddressPolicy = { allowLoopback: boolean }

export function isAllowedAddress(address: string, policy: AddressPolicy): boolean {
	return isPublicAddress(address) || (policy.allowLoopback && isLoopbackAddress(address))
}

export type UrlRefusal = 'not_a_url' | 'not_https' | 'credentials' | 'bad_port'

/**
 * The address's form: https (http only to a loopback name or address, and only outside
 * production), no user or password in it, an ordinary port. Its addresses are checked when
 * connecting (safe-fetch.ts), after DNS resolution.
 */
export function checkPortalUrl(value: string, policy: AddressPolicy): { ok: true; url: URL } | { ok: false; reason: UrlRefusal } {
	let url: URL
	try {
		url = new URL(value)
	} catch {
		return { ok: false, reason: 'not_a_url' }
	}
	if (url.username || url.password) return { ok: false, reason: 'credentials' }
	if (url.protocol === 'http:') {
		if (!policy.allowLoopback || !isLoopbackHost(url.hostname)) return { ok: false, reason: 'not_https' }
	} else if (url.protocol !== 'https:') {
		return { ok: false, reason: 'not_https' }
	}
	if (url.port && (Number(url.port) < 1 || Number(url.port) > 65535)) return { ok: false, reason: 'bad_port' }
	return { ok: true, url }
}

/** 'localhost' and its subdomains, or a loopback address literal. */
export function isLoopbackHost(hostname: string): boolean {
	const host = hostname.toLowerCase().replace(/^\[|\]$/g, '')
	if (host === 'localhost' || host.endsWith('.localhost')) return true
	return isLoopbackAddress(host)
}
