import { isIP } from 'node:net'

/**
 * Coarse facts about who opened a share, for its access log: the browser
 * family and system from the User-Agent (never the string itself), and the
 * address cut to its network (IPv4 /24, IPv6 /48). Enough for a patient to
 * tell their doctor's office from a stranger, not enough to follow anyone.
 */

const BROWSERS: Array<[RegExp, string]> = [
	[/\bEdg(e|A|iOS)?\//, 'Edge'],
	[/\bOPR\/|\bOpera\b/, 'Opera'],
	[/\bSamsungBrowser\//, 'Samsung Internet'],
	[/\bFirefox\/|\bFxiOS\//, 'Firefox'],
	[/\bChrom(e|ium)\/|\bCriOS\//, 'Chrome'],
	[/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
	[/\bcurl\/|\bWget\/|\bpython-requests\/|\bnode\b|\bundici\b/i, 'Script'],
]

const SYSTEMS: Array<[RegExp, string]> = [
	[/\biPhone\b/, 'iPhone'],
	[/\biPad\b/, 'iPad'],
	[/\bAndroid\b/, 'Android'],
	[/\bWindows\b/, 'Windows'],
	[/\bCrOS\b/, 'ChromeOS'],
	[/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
	[/\bLinux\b/, 'Linux'],
]

/** 'Chrome on Windows', 'Safari on iPhone', 'Unknown browser'. */
export function describeClient(userAgent: string | null | undefined): string {
	const agent = userAgent ?? ''
	const browser = BROWSERS.find(([pattern]) => pattern.test(agent))?.[1]
	const system = SYSTEMS.find(([pattern]) => pattern.test(agent))?.[1]
	if (browser && system) return `${browser} on ${system}`
	if (browser) return browser
	if (system) return `A browser on ${system}`
	return 'Unknown browser'
}

/** '203.0.113.0/24', '2001:db8:1::/48', or null for anything that is not an address. */
export function coarseNetwork(address: string | null | undefined): string | null {
	if (!address) return null
	const mapped = address.startsWith('::ffff:') && isIP(address.slice(7)) === 4 ? address.slice(7) : address
	const version = isIP(mapped)
	if (version === 4) return `${mapped.split('.').slice(0, 3).join('.')}.0/24`
	if (version === 6) return `${expandIpv6(mapped).slice(0, 3).join(':')}::/48`
	return null
}

function expandIpv6(address: string): string[] {
	const [head = '', tail = ''] = address.split('::')
	const headParts = head ? head.split(':') : []
	const tailParts = address.includes('::') && tail ? tail.split(':') : []
	const missing = 8 - headParts.length - tailParts.length
	const parts = address.includes('::') ? [...headParts, ...Array(missing).fill('0'), ...tailParts] : headParts
	return parts.map((part) => (part.replace(/^0+(?=.)/, '') || '0').toLowerCase())
}
