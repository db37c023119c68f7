import { describe, expect, it } from 'vitest'
import { CLIENT_IP_HEADER, clientIpOf, stampClientIp } from './client-ip.ts'

describe('client address on the request', () => {
	it("replaces a client's own value with Express's address", () => {
		const req = { ip: '203.0.113.7', headers: { [CLIENT_IP_HEADER]: '10.0.0.1' } as Record<string, string | undefined> }
		stampClientIp(req)
		expect(req.headers[CLIENT_IP_HEADER]).toBe('203.0.113.7')
		expect(clientIpOf(new Request('http://localhost/', { headers: req.headers as Record<string, string> }))).toBe('203.0.113.7')
	})

	it('drops a forged value when Express knows no address', () => {
		const req = { headers: { [CLIENT_IP_HEADER]: '10.0.0.1' } as Record<string, string | undefined> }
		stampClientIp(req)
		expect(CLIENT_IP_HEADER in req.headers).toBe(false)
		expect(clientIpOf(new Request('http://localhost/'))).toBeNull()
	})
})
