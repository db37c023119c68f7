import { randomUUID } from 'node:crypto'
import { count } from 'drizzle-orm'
import { beforeEach, describe, expect, it } from 'vitest'
import { action } from '#app/routes/_auth.register.tsx'
import { AUTH_MESSAGES } from '#server/auth/shared/messages.ts'
import { getDb, getSql } from '#db/client.ts'
import { organizations, registrationAttempts } from '#db/schema/platform.ts'
import { useTestDatabase } from './test-database.ts'

// Small limits for this file (read lazily through the env module).
process.env.REGISTER_IP_MAX_PER_HOUR = '3'
process.env.REGISTER_GLOBAL_MAX_PER_HOUR = '5'

useTestDatabase()

const PARALLEL = 12

/** Posts the sign-up form to the route's action as the browser would; the answer's status and form message. */
async function signUp(clientIp: string) {
	const email = `new-${randomUUID()}@example.test`
	const request = new Request('http://localhost/register', {
		method: 'POST',
		body: new URLSearchParams({ name: 'New Patient', email, password: 'Correct-horse-9', confirmPassword: 'Correct-horse-9' }),
	})
	try {
		const answer = (await action({ request, context: { requestId: randomUUID(), cspNonce: 'n', clientIp }, params: {} })) as unknown as {
			data: { result: { error?: Record<string, string[] | null> } }
			init: { status: number }
		}
		return { status: answer.init.status, message: answer.data.result.error?.['']?.[0] ?? null }
	} catch (thrown) {
		if (thrown instanceof Response) return { status: thrown.status, location: thrown.headers.get('Location'), message: null }
		throw thrown
	}
}

async function countSchemasAndOrganizations() {
	const [schemas] = await getSql()<{ n: number }[]>`select count(*)::int as n from pg_namespace where nspname like 'org_%'`
	const [organizationCount] = await getDb().select({ n: count() }).from(organizations)
	return { schemas: schemas!.n, organizations: organizationCount!.n }
}

function address() {
	return `10.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`
}

beforeEach(async () => {
	// Each test starts with an empty hour.
	await getDb().delete(registrationAttempts)
})

describe('registration limits under parallel requests', () => {
	it(`lets REGISTER_IP_MAX_PER_HOUR of ${PARALLEL} parallel sign-ups from one address through; the rest get 429 and make nothing`, async () => {
		const before = await countSchemasAndOrganizations()
		const ip = address()
		const answers = await Promise.all(Array.from({ length: PARALLEL }, () => signUp(ip)))

		const created = answers.filter((answer) => answer.status === 302)
		const limited = answers.filter((answer) => answer.status === 429)
		expect(created).toHaveLength(3)
		expect(created.every((answer) => 'location' in answer && answer.location === '/')).toBe(true)
		expect(limited).toHaveLength(PARALLEL - 3)
		expect(limited.every((answer) => answer.message === AUTH_MESSAGES.registrationFailed)).toBe(true)
		expect(AUTH_MESSAGES.registrationFailed).toBe('Failed to create an account. Please try again.')

		const after = await countSchemasAndOrganizations()
		expect(after.schemas - before.schemas).toBe(3)
		expect(after.organizations - before.organizations).toBe(3)

		// Another address still gets through.
		expect((await signUp(address())).status).toBe(302)
	})

	it(`lets REGISTER_GLOBAL_MAX_PER_HOUR of ${PARALLEL} parallel sign-ups from different addresses through; the rest get 429`, async () => {
		const before = await countSchemasAndOrganizations()
		const answers = await Promise.all(Array.from({ length: PARALLEL }, () => signUp(address())))
		expect(answers.filter((answer) => answer.status === 302)).toHaveLength(5)
		const limited = answers.filter((answer) => answer.status === 429)
		expect(limited).toHaveLength(PARALLEL - 5)
		expect(limited.every((answer) => answer.message === AUTH_MESSAGES.registrationFailed)).toBe(true)
		const after = await countSchemasAndOrganizations()
		expect(after.schemas - before.schemas).toBe(5)
		expect(after.organizations - before.organizations).toBe(5)
	})

	it('frees the slots an hour later', async () => {
		const ip = address()
		for (let index = 0; index < 3; index++) expect((await signUp(ip)).status).toBe(302)
		expect((await signUp(ip)).status).toBe(429)
		await getSql()`update app.registration_attempts set created_at = now() - interval '61 minutes'`
		expect((await signUp(ip)).status).toBe(302)
	})
})
