import { randomUUID } from 'node:crypto'
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { getDb } from '#db/client.ts'
import { documents } from '#db/schema/tenant.ts'
import { PortalFetchRefusedError, portalFetch } from '#server/portals/safe-fetch.ts'
import {
	addDeploymentEndpoint,
	currentSigningKey,
	disconnectPortal,
	listPortalConnections,
	publicJwks,
	saveClientRegistration,
	startPortalSignIn,
	syncPortalConnection,
} from '#server/portals/index.ts'
import { withTenant } from '#server/tenancy/index.ts'
import { startTestPortal, TEST_PORTAL_CLIENTS, type TestPortal } from '../support/portal-server.ts'
import { connectAtTestPortal, processQueuedDocuments, REDIRECT_URI, signedInPatient } from './portal-support.ts'
import { useTestDatabase } from './test-database.ts'

process.env.DATA_DIR = path.resolve(`tests/.tmp/data-${randomUUID()}`)
useTestDatabase()

const production = { allowLoopback: false, maxBytes: 1_000_000, timeoutMs: 2_000 }
const development = { allowLoopback: true, maxBytes: 1_000_000, timeoutMs: 2_000 }
const noWait = async () => {}

/** A loopback HTTP server answering with `handler`. */
async function localServer(handler: http.RequestListener) {
	const server = http.createServer(handler)
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()))
	const { port } = server.address() as AddressInfo
	return {
		url: `http://127.0.0.1:${port}`,
		close: () =>
			new Promise<void>((resolve) => {
				server.closeAllConnections()
				server.close(() => resolve())
			}),
	}
}

async function refusalOf(promise: Promise<unknown>) {
	try {
		await promise
		return 'answered'
	} catch (error) {
		return error instanceof PortalFetchRefusedError ? error.reason : `other: ${(error as Error).message}`
	}
}

describe('the portal fetch refuses hostile addresses', () => {
	it('refuses http, and loopback and private addresses in production, after DNS resolution', async () => {
		expect(await refusalOf(portalFetch('http://fhir.example.org/r4/metadata', {}, production))).toBe('not_https')
		expect(await refusalOf(portalFetch('http://127.0.0.1:9/metadata', {}, production))).toBe('not_https')
		// a name that resolves to loopback: refused by the connection's own lookup
		expect(await refusalOf(portalFetch('https://localhost:9/metadata', {}, production))).toBe('private_address')
		expect(await refusalOf(portalFetch('https://10.1.2.3/metadata', {}, production))).toBe('private_address')
		expect(await refusalOf(portalFetch('https://[::1]:9/metadata', {}, production))).toBe('private_address')
		expect(await refusalOf(portalFetch('https://169.254.169.254/latest/meta-data', {}, development))).toBe('private_address')
	})

	it('checks every redirect, and limits size and time', async () => {
		const server = await localServer((request, response) => {
			if (request.url === '/to-metadata-service') {
				response.writeHead(302, { location: 'https://169.254.169.254/latest/meta-data' })
				return response.end()
			}
			if (request.url === '/to-http') {
				response.writeHead(302, { location: 'http://fhir.example.org/r4' })
				return response.end()
			}
			if (request.url === '/loop') {
				response.writeHead(302, { location: '/loop' })
				return response.end()
			}
			if (request.url === '/big') {
				response.writeHead(200, { 'content-type': 'application/json' })
				// no content-length: counted as it arrives
				for (let index = 0; index < 30; index++) response.write('x'.repeat(64 * 1024))
				return response.end()
			}
			if (request.url === '/declared-big') {
				response.writeHead(200, { 'content-length': String(5_000_000) })
				return response.end()
			}
			if (request.url === '/slow') return // never answers
			response.writeHead(200, { 'content-type': 'application/json' })
			response.end('{"ok":true}')
		})
		try {
			expect((await portalFetch(`${server.url}/fine`, {}, development)).status).toBe(200)
			expect(await refusalOf(portalFetch(`${server.url}/to-metadata-service`, {}, development))).toBe('private_address')
			expect(await refusalOf(portalFetch(`${server.url}/to-http`, {}, development))).toBe('not_https')
			expect(await refusalOf(portalFetch(`${server.url}/loop`, {}, development))).toBe('too_many_redirects')
			expect(await refusalOf(portalFetch(`${server.url}/big`, {}, development))).toBe('too_large')
			expect(await refusalOf(portalFetch(`${server.url}/declared-big`, {}, development))).toBe('too_large')
			expect(await refusalOf(portalFetch(`${server.url}/slow`, {}, { ...development, timeoutMs: 300 }))).toBe('timeout')
			// a redirect answered as it is when asked (oauth4webapi's token requests)
			expect((await portalFetch(`${server.url}/to-http`, { redirect: 'manual' }, development)).status).toBe(302)
		} finally {
			await server.close()
		}
	})
})

describe('a hostile or failing portal', () => {
	let portal: TestPortal
	let endpointKey: string
	beforeAll(async () => {
		portal = await startTestPortal({ redirectUris: [REDIRECT_URI], pageSize: 30, rateLimitOnce: false })
		endpointKey = (await addDeploymentEndpoint({ name: 'Hostile Health', fhirBaseUrl: portal.fhirBaseUrl })).key
		await saveClientRegistration(
			endpointKey,
			{ clientId: TEST_PORTAL_CLIENTS.public, authMethod: 'none', clientSecret: null },
			(await signedInPatient('Admin')).userId,
		)
	})
	afterAll(async () => {
		await portal?.close()
	})

	it('refuses malformed resources one by one and keeps the rest', async () => {
		const patient = await signedInPatient('Kermit Trantow')
		const { connectionId } = await connectAtTestPortal(patient, { endpointKey }, 'kermit')
		portal.controls.extraEntries.Condition = [
			'not a resource',
			{ resourceType: 'Condition' },
			{ resourceType: 'Condition', id: 'someone-else', subject: { reference: 'Patient/another-patient' } },
			JSON.parse('{"resourceType":"Condition","id":"proto","code":{"__proto__":{"polluted":true}},"subject":{"reference":"Patient/x"}}'),
			{ resourceType: 'Claim', id: 'claim-1' },
		]
		portal.controls.foreignNextLink = 'https://evil.example/steal-the-token'
		try {
			expect(await syncPortalConnection({ organizationId: patient.organizationId, connectionId }, { sleep: noWait })).toBe('synced')
		} finally {
			portal.controls.extraEntries = {}
			portal.controls.foreignNextLink = null
		}
		const [summary] = await listPortalConnections(patient)
		expect(summary!.progress!.refusedReasons).toMatchObject({ not_a_resource: 1, bad_id: 1, other_patient: 1, reserved_key: 1, unexpected_type: 1 })
		expect(summary!.progress!.refusedReasons.next_link_elsewhere).toBeGreaterThan(0)
		expect(summary!.progress!.new).toBeGreaterThan(50)
		expect(summary!.lastError).toBeNull()
		await processQueuedDocuments(patient)
		const stored = await withTenant(patient.organizationId, (tx) => tx.select().from(documents).where(eq(documents.ownerId, patient.userId)))
		expect(stored.every((document) => document.status === 'processed')).toBe(true)
		expect(Object.prototype).not.toHaveProperty('polluted')
	})

	it('backs off on 5xx and stops past its retries, keeping what it read', async () => {
		const patient = await signedInPatient()
		const { connectionId } = await connectAtTestPortal(patient, { endpointKey }, 'clint')
		const waits: number[] = []
		portal.controls.failNext = { status: 503, count: 2 }
		expect(await syncPortalConnection({ organizationId: patient.organizationId, connectionId }, { sleep: async (ms) => void waits.push(ms) })).toBe('synced')
		expect(waits).toEqual([1000, 2000])

		// a portal that keeps failing: the sync stops with a reason, the connection stays
		await withTenant(patient.organizationId, (tx) => tx.execute(sql`update portal_connections set synced_up_to = null`))
		await withTenant(patient.organizationId, (tx) => tx.execute(sql`delete from portal_resources`))
		portal.controls.failNext = { status: 500, count: 100 }
		try {
			expect(await syncPortalConnection({ organizationId: patient.organizationId, connectionId }, { sleep: noWait })).toBe('stopped')
		} finally {
			portal.controls.failNext = { status: 0, count: 0 }
		}
		const [summary] = await listPortalConnections(patient)
		expect(summary).toMatchObject({ status: 'connected', syncState: 'failed', lastError: 'server_error' })
	})

	it('stops at the resource limit, keeping what came before it', async () => {
		const patient = await signedInPatient()
		const { connectionId } = await connectAtTestPortal(patient, { endpointKey }, 'clint')
		expect(await syncPortalConnection({ organizationId: patient.organizationId, connectionId }, { sleep: noWait, maxResources: 40, batchResources: 10 })).toBe(
			'stopped',
		)
		const [summary] = await listPortalConnections(patient)
		expect(summary).toMatchObject({ lastError: 'too_large' })
		expect(summary!.counts.reduce((total, count) => total + count.count, 0)).toBeGreaterThanOrEqual(40)
	})

	it('schedules the daily refresh after a sync, and Disconnect revokes the tokens and deletes the records when asked', async () => {
		const patient = await signedInPatient()
		const { connectionId } = await connectAtTestPortal(patient, { endpointKey }, 'clint')
		// the sync Connect queued is running: a worker holds its job
		await getDb().execute(
			sql`update graphile_worker._private_jobs set locked_at = now(), locked_by = 'test-worker' where key = ${`portal-sync:${connectionId}`}`,
		)
		await syncPortalConnection({ organizationId: patient.organizationId, connectionId }, { sleep: noWait })
		const [job] = await getDb().execute<{ run_at: Date }>(sql`select run_at from graphile_worker._private_jobs where key = ${`portal-sync:${connectionId}`}`)
		expect(new Date(job!.run_at).getTime()).toBeGreaterThan(Date.now() + 23 * 3_600_000)
		await processQueuedDocuments(patient)
		const revocationsBefore = portal.controls.revocations
		const result = await disconnectPortal(patient, connectionId, { deleteRecords: true })
		expect(result).toMatchObject({ ok: true, revoked: true })
		expect(portal.controls.revocations).toBeGreaterThan(revocationsBefore)
		expect(result.ok && result.deletedRecords).toBeGreaterThan(0)
		expect(await listPortalConnections(patient)).toEqual([])
		const left = await withTenant(patient.organizationId, (tx) => tx.select().from(documents).where(eq(documents.ownerId, patient.userId)))
		expect(left).toEqual([])
		const [jobAfter] = await getDb().execute(sql`select 1 from graphile_worker._private_jobs where key = ${`portal-sync:${connectionId}`}`)
		expect(jobAfter).toBeUndefined()
	})
})

describe('starting a connection', () => {
	it('limits how often a patient may make Carebook call a portal', async () => {
		const patient = await signedInPatient()
		for (let attempt = 0; attempt < 20; attempt++) {
			expect(await startPortalSignIn(patient, { endpointKey: 'no-such-portal' }, REDIRECT_URI)).toMatchObject({ ok: false, code: 'unknown_endpoint' })
		}
		expect(await startPortalSignIn(patient, { fhirBaseUrl: 'https://fhir.example.org/r4' }, REDIRECT_URI)).toMatchObject({
			ok: false,
			code: 'too_many_attempts',
		})
	})
})

describe('discovery and client authentication', () => {
	it('falls back to the CapabilityStatement when there is no smart-configuration', async () => {
		const portal = await startTestPortal({ redirectUris: [REDIRECT_URI], smartConfiguration: false })
		try {
			const { key } = await addDeploymentEndpoint({ name: 'Older Portal', fhirBaseUrl: portal.fhirBaseUrl })
			await saveClientRegistration(
				key,
				{ clientId: TEST_PORTAL_CLIENTS.public, authMethod: 'none', clientSecret: null },
				(await signedInPatient('Admin')).userId,
			)
			const patient = await signedInPatient()
			const started = await startPortalSignIn(patient, { endpointKey: key }, REDIRECT_URI)
			if (!started.ok) throw new Error(started.code)
			const scope = new URL(started.authorizationUrl).searchParams.get('scope')!.split(' ')
			// no issuer declared: no ID token asked for; v1 scopes (no capabilities declared)
			expect(scope).toEqual(['launch/patient', 'offline_access', 'patient/*.read'])
			const { connectionId } = await connectAtTestPortal(patient, { endpointKey: key })
			expect(await syncPortalConnection({ organizationId: patient.organizationId, connectionId }, { sleep: noWait })).toBe('synced')
		} finally {
			await portal.close()
		}
	})

	it('signs in as a confidential client with client_secret_basic, and with private_key_jwt against the JWKS', async () => {
		await currentSigningKey()
		const jwks = await localServer(async (_request, response) => {
			response.writeHead(200, { 'content-type': 'application/json' })
			response.end(JSON.stringify(await publicJwks()))
		})
		const portal = await startTestPortal({ redirectUris: [REDIRECT_URI], jwksUri: `${jwks.url}/.well-known/jwks.json` })
		try {
			const admin = await signedInPatient('Admin')
			const secretKey = (await addDeploymentEndpoint({ name: 'Secret Portal', fhirBaseUrl: portal.fhirBaseUrl })).key
			await saveClientRegistration(
				secretKey,
				{ clientId: TEST_PORTAL_CLIENTS.confidential, authMethod: 'client_secret_basic', clientSecret: TEST_PORTAL_CLIENTS.confidentialSecret },
				admin.userId,
			)
			const jwtKey = (await addDeploymentEndpoint({ name: 'Key Portal', fhirBaseUrl: portal.fhirBaseUrl })).key
			await saveClientRegistration(jwtKey, { clientId: TEST_PORTAL_CLIENTS.keyJwt, authMethod: 'private_key_jwt', clientSecret: null }, admin.userId)
			for (const key of [secretKey, jwtKey]) {
				const patient = await signedInPatient()
				const { connectionId } = await connectAtTestPortal(patient, { endpointKey: key })
				// refresh works with the same client authentication
				await withTenant(patient.organizationId, (tx) => tx.execute(sql`update portal_connections set access_expires_at = now() - interval '1 minute'`))
				expect(await syncPortalConnection({ organizationId: patient.organizationId, connectionId }, { sleep: noWait })).toBe('synced')
			}
			// a wrong secret is refused at the token endpoint: no connection, a message
			await saveClientRegistration(
				secretKey,
				{ clientId: TEST_PORTAL_CLIENTS.confidential, authMethod: 'client_secret_basic', clientSecret: 'wrong-secret' },
				admin.userId,
			)
			const patient = await signedInPatient()
			await expect(connectAtTestPortal(patient, { endpointKey: secretKey })).rejects.toThrow('Callback refused: token_refused')
			expect(await listPortalConnections(patient)).toEqual([])
		} finally {
			await portal.close()
			await jwks.close()
		}
	})
})
