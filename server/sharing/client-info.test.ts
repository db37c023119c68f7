import { describe, expect, it } from 'vitest'
import { coarseNetwork, describeClient } from './client-info.ts'

describe('the client of a share opening', () => {
	it('names the browser family and the system, never the whole user agent', () => {
		expect(describeClient('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36')).toBe(
			'Chrome on Windows',
		)
		expect(
			describeClient('Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1'),
		).toBe('Safari on iPhone')
		expect(describeClient('Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0')).toBe('Firefox on Linux')
		expect(
			describeClient('Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0'),
		).toBe('Edge on Windows')
		expect(describeClient('curl/8.5.0')).toBe('Script')
		expect(describeClient('')).toBe('Unknown browser')
		expect(describeClient(null)).toBe('Unknown browser')
	})

	it('cuts an address to its network', () => {
		expect(coarseNetwork('203.0.113.77')).toBe('203.0.113.0/24')
		expect(coarseNetwork('::ffff:198.51.100.9')).toBe('198.51.100.0/24')
		expect(coarseNetwork('2001:db8:abcd:12::1')).toBe('2001:db8:abcd::/48')
		expect(coarseNetwork('::1')).toBe('0:0:0::/48')
		expect(coarseNetwork('unknown')).toBeNull()
		expect(coarseNetwork(null)).toBeNull()
	})
})
