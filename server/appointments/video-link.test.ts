import { describe, expect, it } from 'vitest'
import { buildVideoJoinUrl, isValidVideoBaseUrl } from './video-link.ts'

describe('buildVideoJoinUrl', () => {
	it('appends the appointment id as the last path segment', () => {
		expect(buildVideoJoinUrl('https://meet.example.com/carebook', 'abc-123')).toBe('https://meet.example.com/carebook/abc-123')
		expect(buildVideoJoinUrl('https://meet.example.com/carebook/', 'abc-123')).toBe('https://meet.example.com/carebook/abc-123')
		expect(buildVideoJoinUrl('https://meet.example.com', 'abc-123')).toBe('https://meet.example.com/abc-123')
	})

	it('keeps the base query string', () => {
		expect(buildVideoJoinUrl('https://video.example.com/rooms?lang=en', 'abc')).toBe('https://video.example.com/rooms/abc?lang=en')
	})

	it('fills an {id} template', () => {
		expect(buildVideoJoinUrl('https://meet.jit.si/carebook-{id}', '7f3e')).toBe('https://meet.jit.si/carebook-7f3e')
	})

	it('encodes the id', () => {
		expect(buildVideoJoinUrl('https://meet.example.com/r', 'a b/c?d')).toBe('https://meet.example.com/r/a%20b%2Fc%3Fd')
	})

	it('refuses a base that is not http(s) and an empty id', () => {
		expect(isValidVideoBaseUrl('javascript:alert(1)')).toBe(false)
		expect(isValidVideoBaseUrl('not a url')).toBe(false)
		expect(isValidVideoBaseUrl('https://meet.example.com')).toBe(true)
		expect(() => buildVideoJoinUrl('javascript:alert(1)', 'a')).toThrow(TypeError)
		expect(() => buildVideoJoinUrl('https://meet.example.com', ' ')).toThrow(TypeError)
	})
})
