import { randomUUID } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { Validator } from '@seriousme/openapi-schema-validator'
import { Ajv2020 } from 'ajv/dist/2020.js'
import addFormats from 'ajv-formats'
import { eq } from 'drizzle-orm'
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest'
import { getDb } from '#db/client.ts'
import { apiKeys, emailOutbox } from '#db/schema/platform.ts'
import { healthParameters } from '#db/schema/tenant.ts'
import { createApiKey, handleApiRequest, listApiKeys, openApiDocument, revokeApiKey } from '#server/api/index.ts'
import { BILLING_MESSAGES, getSubscriptionUsage } from '#server/billing/index.ts'
import { listShares } from '#server/sharing/index.ts'
import { withTenant } from '#server/tenancy/index.ts'
import { patientWithSubscription, storedDocumentOfSize } from '#tests/support/billing-fixture.ts'
import { FIXTURES } from './document-upload.ts'
import { useTestDatabase } from './test-database.ts'

process.env.DATA_DIR = path.resolve(`tests/.tmp/data-${randomUUID()}`)
useTestDatabase()
afterEach(() => vi.unstubAllEnvs())

const ORIGIN = 'http://localhost:3000'

function call(method: string, apiPath: string, key: string | null, init: { body?: BodyInit; json?: unknown } = {}, now?: Date) {
	const headers = new Headers()
	if (key) headers.set('authorization', `Bearer ${key}`)
	let body = init.body
	if (init.json !== undefined) {
		headers.set('content-type', 'application/json')
		body = JSON.stringify(init.json)
	}
	return handleApiRequest(new Request(`${ORIGIN}/api/v1${apiPath}`, { method, headers, body }), { now })
}

async function keyFor(plan: 'professional' | 'enterprise' = 'professional') {
	// A paid subscription: a trial cannot move to another paid plan (POST /subscriptions/upgrade) without a payment.
	const patient = await patientWithSubscription({ plan, status: 'active' })
	const created = await createApiKey(patient, 'Integration')
	if (!created.ok) throw new Error(created.message)
	return { patient, key: created.key, id: created.apiKey.id }
}

describe('API keys', () => {
	it('are shown once, stored hashed, listed with their prefix and last use, and refused once revoked', async () => {
		const { patient, key, id } = await keyFor()
		expect(key).toMatch(/^cbk_[a-z2-7]{52}$/)
		const [stored] = await getDb().select().from(apiKeys).where(eq(apiKeys.id, id))
		expect(stored!.keyHash).not.toContain(key.slice(4))
		expect(JSON.stringify(await listApiKeys(patient))).not.toContain(key)

		const response = await call('GET', '/auth/profile', key)
		expect(response.status).toBe(200)
		expect(await response.json()).toMatchObject({ id: patient.userId, name: 'Billing Owner', role: 'patient' })
		expect((await listApiKeys(patient))[0]).toMatchObject({ id, prefix: key.slice(0, 12), revokedAt: null, lastUsedAt: expect.any(Date) })

		const stranger = await patientWithSubscription({ plan: 'professional' })
		expect(await revokeApiKey(stranger, id)).toMatchObject({ ok: false, kind: 'not-found' })
		expect(await revokeApiKey(patient, id)).toMatchObject({ ok: true })
		const refused = await call('GET', '/auth/profile', key)
		expect(refused.status).toBe(401)
		expect(refused.headers.get('www-authenticate')).toContain('Bearer')
		expect(await refused.json()).toMatchObject({ error: { code: 'unauthorized' } })
	})

	it('are refused without a key, with an unknown key and with a session-like token', async () => {
		for (const key of [null, 'cbk_unknown', 'x'.repeat(52)]) {
			const response = await call('GET', '/documents', key)
			expect(response.status).toBe(401)
			expect(await response.json()).toMatchObject({ error: { code: 'unauthorized' } })
		}
	})

	it('need a plan with API access: Basic cannot create one, and a key stops working on a downgrade to Basic', async () => {
		const basic = await patientWithSubscription({ plan: 'basic' })
		expect(await createApiKey(basic, 'Nope')).toMatchObject({ ok: false, kind: 'forbidden', message: BILLING_MESSAGES.apiNotIncluded('Basic') })

		const { patient, key } = await keyFor()
		expect((await call('GET', '/documents', key)).status).toBe(200)
		await getDb().execute(`update app.subscriptions set plan = 'basic' where organization_id = '${patient.organizationId}'`)
		const refused = await call('GET', '/documents', key)
		expect(refused.status).toBe(403)
		expect(await refused.json()).toEqual({ error: { code: 'plan_required', message: BILLING_MESSAGES.apiNotIncluded('Basic') } })
		expect((await getSubscriptionUsage(patient.organizationId))!.apiCalls).toBe(1)
	})
})

describe('rate limit and usage', () => {
	it('answers 429 with Retry-After past the per-key limit, counted in the database, and lets the key in again next minute', async () => {
		vi.stubEnv('API_RATE_LIMIT_PER_MINUTE', '3')
		const { patient, key } = await keyFor()
		const at = new Date('2026-11-25T10:00:15Z')
		for (let index = 0; index < 3; index += 1) expect((await call('GET', '/auth/profile', key, {}, at)).status).toBe(200)
		const limited = await call('GET', '/auth/profile', key, {}, new Date('2026-11-25T10:00:40Z'))
		expect(limited.status).toBe(429)
		expect(limited.headers.get('retry-after')).toBe('20')
		expect(await limited.json()).toMatchObject({ error: { code: 'rate_limited' } })
		expect((await call('GET', '/auth/profile', key, {}, new Date('2026-11-25T10:01:00Z'))).status).toBe(200)
		// A second key of the same owner has its own window.
		const second = await createApiKey(patient, 'Second')
		expect((await call('GET', '/auth/profile', second.ok ? second.key : '', {}, new Date('2026-11-25T10:00:50Z'))).status).toBe(200)
	})

	it('counts every call of parallel clients exactly (one atomic statement per call)', async () => {
		vi.stubEnv('API_RATE_LIMIT_PER_MINUTE', '100000')
		const { patient, key } = await keyFor('enterprise')
		await Promise.all(Array.from({ length: 200 }, () => call('GET', '/auth/profile', key)))
		expect((await getSubscriptionUsage(patient.organizationId))!.apiCalls).toBe(200)
	})
})

describe('OpenAPI document', () => {
	it('is a valid OpenAPI 3.1 document, served at /api/v1/openapi.json without a key', async () => {
		const response = await call('GET', '/openapi.json', null)
		expect(response.status).toBe(200)
		const document = await response.json()
		const validator = new Validator()
		const result = await validator.validate(document)
		expect(result.errors ?? []).toEqual([])
		expect(result.valid).toBe(true)
		expect(validator.version).toBe('3.1')
		expect(Object.keys(document.paths).sort()).toEqual([
			'/auth/profile',
			'/documents',
			'/documents/share',
			'/documents/upload-and-process',
			'/documents/{id}',
			'/documents/{id}/download',
			'/health/parameters',
			'/health/parameters/{code}/trends',
			'/health/trends',
			'/subscriptions',
			'/subscriptions/cancel',
			'/subscriptions/upgrade',
			'/subscriptions/usage',
		])
	})
})

describe('contract: every documented operation answers as documented', () => {
	type Operation = {
		method: string
		path: string
		operationId: string
		responses: Record<string, { content?: Record<string, { schema: object }> }>
		requestBody?: { content: Record<string, unknown> }
		parameters?: Array<{ name: string; in: string; required?: boolean }>
	}
	const document = openApiDocument() as unknown as { paths: Record<string, Record<string, Operation>>; components: object }
	const operations: Operation[] = Object.entries(document.paths).flatMap(([operationPath, methods]) =>
		Object.entries(methods).map(([method, operation]) => ({ ...operation, method: method.toUpperCase(), path: operationPath })),
	)
	// Destructive operations last, so the others see the document and the subscription.
	const ordered = [...operations].sort((a, b) => Number(isDestructive(a)) - Number(isDestructive(b)))
	function isDestructive(operation: Operation) {
		return operation.method === 'DELETE' || operation.operationId === 'cancelSubscription'
	}

	const ajv = new Ajv2020({ strict: false, allErrors: true })
	addFormats.default(ajv)
	ajv.addSchema({ $id: 'api', components: document.components })
	function validatorOf(schema: object) {
		return ajv.compile(JSON.parse(JSON.stringify(schema).replaceAll('"#/components', '"api#/components')))
	}

	let key = ''
	let documentId = ''
	beforeAll(async () => {
		vi.stubEnv('API_RATE_LIMIT_PER_MINUTE', '100000')
		const { patient, key: created } = await keyFor()
		key = created
		documentId = await storedDocumentOfSize(patient, 1000)
		await withTenant(patient.organizationId, (tx) =>
			tx.insert(healthParameters).values({
				ownerId: patient.userId,
				documentId,
				source: 'document',
				code: 'glucose',
				name: 'Glucose',
				value: 95,
				valueText: '95',
				unit: 'mg/dL',
				referenceRangeMin: 70,
				referenceRangeMax: 99,
				status: 'normal',
				testDate: new Date().toISOString().slice(0, 10),
			}),
		)
	})

	/** A valid body for each operation that takes JSON (an operation added without one fails here). */
	function jsonBodyOf(operationId: string) {
		const bodies: Record<string, unknown> = {
			changePlan: { plan: 'enterprise', paymentMethod: 'credit_card' },
			shareDocument: { documentId, recipientEmail: 'dr.lee@clinic.example', expiresAt: '30d' },
		}
		if (!(operationId in bodies)) throw new Error(`no JSON body for ${operationId}`)
		return bodies[operationId]
	}

	async function requestFor(operation: Operation, withKey: string | null) {
		const apiPath = operation.path.replace('{id}', documentId).replace('{code}', 'glucose')
		const content = operation.requestBody?.content ?? {}
		if ('multipart/form-data' in content) {
			const form = new FormData()
			const bytes = await readFile(path.join(FIXTURES, 'lab/bluewater_final_report.pdf'))
			form.set('file', new File([bytes], 'bluewater_final_report.pdf', { type: 'application/pdf' }))
			form.set('documentType', 'lab_report')
			return call(operation.method, apiPath, withKey, { body: form })
		}
		if ('application/json' in content) return call(operation.method, apiPath, withKey, { json: jsonBodyOf(operation.operationId) })
		return call(operation.method, apiPath, withKey)
	}

	it.each(ordered.map((operation) => [`${operation.method} ${operation.path}`, operation] as const))('%s', async (_name, operation) => {
		const response = await requestFor(operation, key)
		const documented = operation.responses[String(response.status)]
		expect(documented, `status ${response.status} is documented`).toBeDefined()
		expect(response.status).toBeLessThan(300)
		const validate = validatorOf(documented!.content!['application/json']!.schema)
		const body = await response.json()
		expect(validate(body), JSON.stringify(validate.errors)).toBe(true)

		const unauthorized = await requestFor(operation, null)
		expect(unauthorized.status).toBe(401)
		const errorSchema = operation.responses['401']!.content!['application/json']!.schema
		expect(validatorOf(errorSchema)(await unauthorized.json())).toBe(true)
	})

	it('answers documented errors in the documented shape: a bad id, an unknown document, a bad query', async () => {
		for (const [method, apiPath, status] of [
			['GET', '/documents/not-a-uuid', 400],
			['GET', `/documents/${randomUUID()}`, 404],
			['DELETE', `/documents/${randomUUID()}`, 404],
			['GET', `/documents/${randomUUID()}/download`, 404],
			['GET', '/health/trends?days=0', 400],
			['POST', '/documents', 405],
			['GET', '/nothing-here', 404],
		] as const) {
			const response = await call(method, apiPath, key)
			expect(response.status, `${method} ${apiPath}`).toBe(status)
			expect(validatorOf({ $ref: '#/components/schemas/Error' })(await response.json())).toBe(true)
		}
	})
})

describe('POST /documents/share', () => {
	it("shares the key owner's document through the sharing domain: a link, or an e-mail to the recipient; another's document or a bad body is refused and shares nothing", async () => {
		vi.stubEnv('API_RATE_LIMIT_PER_MINUTE', '100000')
		const { patient, key } = await keyFor()
		const documentId = await storedDocumentOfSize(patient, 1000)
		const now = new Date('2026-11-25T10:00:00Z')

		const byLink = await call('POST', '/documents/share', key, { json: { documentId } }, now)
		expect(byLink.status).toBe(201)
		const link = await byLink.json()
		expect(link).toMatchObject({ recipientEmail: null, expiresAt: '2026-12-02T10:00:00.000Z' })
		expect(link.url).toMatch(/\/shared\/[a-z2-7]{52}$/)

		const byEmail = await call(
			'POST',
			'/documents/share',
			key,
			{ json: { documentId, recipientEmail: 'dr.lee@clinic.example', expiresAt: 'never', passcode: 'open-sesame' } },
			now,
		)
		expect(byEmail.status).toBe(201)
		expect(await byEmail.json()).toMatchObject({ recipientEmail: 'dr.lee@clinic.example', expiresAt: null })
		const mails = await getDb().select().from(emailOutbox).where(eq(emailOutbox.recipient, 'dr.lee@clinic.example'))
		expect(mails.map((mail) => mail.kind)).toContain('share_link')

		const shares = await listShares(patient)
		expect(shares.map((share) => [share.sharedWith, share.hasPasscode, share.expiresOn?.toISOString() ?? null]).sort()).toEqual(
			[
				[null, false, '2026-12-02T10:00:00.000Z'],
				['dr.lee@clinic.example', true, null],
			].sort(),
		)

		const stranger = await keyFor()
		const strangersDocument = await storedDocumentOfSize(stranger.patient, 1000)
		for (const json of [
			{ documentId: strangersDocument },
			{ documentId: randomUUID() },
			{ documentId: 'not-a-uuid' },
			{ documentId, expiresAt: '1y' },
			{ documentId, recipientEmail: 'not-an-address' },
			{ documentId, passcode: 'abc' },
		]) {
			const refused = await call('POST', '/documents/share', key, { json }, now)
			expect(refused.status, JSON.stringify(json)).toBe(400)
			expect((await refused.json()).error.code).toBe('invalid_request')
		}
		expect(await listShares(patient)).toHaveLength(2)
		expect(await listShares(stranger.patient)).toHaveLength(0)
	})
})
