import { parseWithZod } from '@conform-to/zod'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { formReply } from './form-reply.ts'
import { refuse } from './shared/result.ts'

const Schema = z.object({ title: z.string({ required_error: 'Title is required' }), password: z.string().optional() })

function submit(fields: Record<string, string>) {
	const formData = new FormData()
	for (const [name, value] of Object.entries(fields)) formData.set(name, value)
	return parseWithZod(formData, { schema: Schema })
}

/** The body and status of what formReply returned (Remix's data()). */
function unpack(reply: ReturnType<typeof formReply>) {
	return { result: reply.data.result, status: reply.init?.status }
}

describe('formReply', () => {
	it('answers a submission that failed its schema with the field errors and 400', () => {
		const { result, status } = unpack(formReply(submit({})))
		expect(status).toBe(400)
		expect(result.status).toBe('error')
		expect(result.error).toMatchObject({ title: ['Title is required'] })
	})

	it('puts a refusal about a field beside that field, with the status of its kind', () => {
		const { result, status } = unpack(formReply(submit({ title: 'Check-up' }), refuse('invalid', 'new-time-in-past', 'Pick a future time.', 'date')))
		expect(status).toBe(400)
		expect(result.error).toEqual({ date: ['Pick a future time.'] })
	})

	it('puts any other refusal above the form', () => {
		const { result, status } = unpack(formReply(submit({ title: 'Check-up' }), refuse('conflict', 'email-taken', 'An account with this email already exists.')))
		expect(status).toBe(409)
		expect(result.error).toEqual({ '': ['An account with this email already exists.'] })
	})

	it('does not send hidden fields back', () => {
		const { result } = unpack(
			formReply(submit({ title: 'x', password: 'secret-value' }), refuse('unauthenticated', 'bad', 'Invalid email or password.'), { hideFields: ['password'] }),
		)
		expect(JSON.stringify(result)).not.toContain('secret-value')
	})

	it('answers a not-found refusal in the form when asked to (a row that is gone, not the page)', () => {
		const { result, status } = unpack(
			formReply(submit({ title: 'x' }), refuse('not-found', 'not-found', 'That reading no longer exists.'), { notFound: 'form' }),
		)
		expect(status).toBe(404)
		expect(result.error).toEqual({ '': ['That reading no longer exists.'] })
		expect(result.initialValue).toMatchObject({ title: 'x' })
	})

	it('throws a not-found refusal as the route 404, with the given text', async () => {
		let thrown: unknown
		try {
			formReply(submit({ title: 'x' }), refuse('not-found', 'not-found', 'Appointment not found'), { notFoundText: 'Appointment not found' })
		} catch (error) {
			thrown = error
		}
		expect(thrown).toBeInstanceOf(Response)
		expect((thrown as Response).status).toBe(404)
		expect(await (thrown as Response).text()).toBe('Appointment not found')
	})
})
