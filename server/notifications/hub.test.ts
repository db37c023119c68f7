import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { MAX_STREAMS_PER_ADDRESS, MAX_STREAMS_PER_USER, reserveStreamSlot } from './hub.ts'

describe('stream places', () => {
	it(`allow ${MAX_STREAMS_PER_USER} streams per user and give a place back once when released`, () => {
		const userId = randomUUID()
		const releases = Array.from({ length: MAX_STREAMS_PER_USER }, (_, index) => reserveStreamSlot(userId, `198.51.100.${index}`))
		expect(releases.every(Boolean)).toBe(true)
		expect(reserveStreamSlot(userId, '198.51.100.200')).toBeNull()
		releases[0]!()
		releases[0]!()
		const again = reserveStreamSlot(userId, '198.51.100.201')
		expect(again).not.toBeNull()
		expect(reserveStreamSlot(userId, '198.51.100.202')).toBeNull()
		for (const release of [...releases, again]) release?.()
	})

	it(`allow ${MAX_STREAMS_PER_ADDRESS} streams per client address, whichever users hold them`, () => {
		const address = '203.0.113.99'
		const releases = Array.from({ length: MAX_STREAMS_PER_ADDRESS }, () => reserveStreamSlot(randomUUID(), address))
		expect(releases.every(Boolean)).toBe(true)
		expect(reserveStreamSlot(randomUUID(), address)).toBeNull()
		expect(reserveStreamSlot(randomUUID(), '203.0.113.100')).not.toBeNull()
		for (const release of releases) release?.()
		expect(reserveStreamSlot(randomUUID(), address)).not.toBeNull()
	})
})
