import { afterEach, describe, expect, it, vi } from 'vitest'
import { buildVideoJoinUrl } from './video-link.ts'
import { videoBaseUrlFrom } from './video-config.ts'

describe('getVideoBaseUrl', () => {
	afterEach(() => vi.unstubAllEnvs())

	it('appends the id to the default Jitsi prefix', () => {
		expect(buildVideoJoinUrl(videoBaseUrlFrom('')!, 'abc-123')).toBe('https://meet.jit.si/carebook-abc-123')
	})

	it('uses a configured prefix or {id} template, and hides Join for a non-http value', () => {
		expect(buildVideoJoinUrl(videoBaseUrlFrom('https://video.example/rooms/')!, 'abc')).toBe('https://video.example/rooms/abc')
		expect(buildVideoJoinUrl(videoBaseUrlFrom('https://video.example/join?room={id}&lang=en')!, 'abc')).toBe('https://video.example/join?room=abc&lang=en')
		vi.stubEnv('LOG_LEVEL', 'silent')
		expect(videoBaseUrlFrom('javascript:alert(1)')).toBeNull()
	})
})
