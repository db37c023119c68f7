import { describe, expect, it } from 'vitest'
import { clientErrorStatus, isDecodablePath } from './client-errors.ts'

describe('client errors', () => {
	it('tells a malformed percent-encoding from a good one', () => {
		expect(isDecodablePath('/foo%ZZ')).toBe(false)
		expect(isDecodablePath('/%')).toBe(false)
		expect(isDecodablePath('/records/%E0%A4%A')).toBe(false)
		expect(isDecodablePath('/records/a%20b')).toBe(true)
		expect(isDecodablePath('/shared/abc')).toBe(true)
	})

	it('maps errors the client caused to their 4xx status and others to null', () => {
		expect(clientErrorStatus(new URIError('URI malformed'))).toBe(400)
		expect(clientErrorStatus(Object.assign(new Error('too large'), { status: 413 }))).toBe(413)
		expect(clientErrorStatus(Object.assign(new Error('bad json'), { statusCode: 400 }))).toBe(400)
		expect(clientErrorStatus(Object.assign(new Error('boom'), { status: 503 }))).toBeNull()
		expect(clientErrorStatus(new Error('boom'))).toBeNull()
		expect(clientErrorStatus('text')).toBeNull()
	})
})
