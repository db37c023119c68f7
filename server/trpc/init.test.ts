import { describe, expect, it } from 'vitest'
import { refuse, succeed } from '#server/errors/shared/result.ts'
import { publicTrpcMessage, refusalToTrpcError, trpcNotFound, unwrapResult } from './init.ts'

describe('tRPC answers of domain refusals', () => {
	it('answers not found with NOT_FOUND and the domain text', () => {
		let thrown: unknown
		try {
			trpcNotFound('Document Not Found')
		} catch (error) {
			thrown = error
		}
		expect(thrown).toMatchObject({ code: 'NOT_FOUND', message: 'Document Not Found' })
		expect(publicTrpcMessage(thrown as never)).toBe('Document Not Found')
	})

	it('maps a refusal kind to its code and keeps the message for the browser', () => {
		const error = refusalToTrpcError(refuse('conflict', 'cancelled', 'This appointment is already cancelled.'))
		expect(error.code).toBe('CONFLICT')
		expect(publicTrpcMessage(error)).toBe('This appointment is already cancelled.')
		expect(refusalToTrpcError(refuse('too-large', 'x', 'm')).code).toBe('PAYLOAD_TOO_LARGE')
	})

	it('unwraps a success and throws a refusal', () => {
		expect(unwrapResult(succeed({ deleted: true }))).toEqual({ deleted: true })
		expect(() => unwrapResult(refuse('invalid', 'same-time', 'Pick a different time.'))).toThrow('Pick a different time.')
	})
})
