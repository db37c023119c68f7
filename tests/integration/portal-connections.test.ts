import { randomUUID } from 'node:crypto'
import path from 'node:path'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { getDb } from '#db/client.ts'
import { auditLog } from '#db/schema/platform.ts'
import { documents, healthParameters, medications, portalConnections, portalResources } from '#db/schema/tenant.ts'
import {
	addDeploymentEndpoint,
	completePortalSignIn,
	listPortalConnections,
	requestPortalSync,
	saveClientRegistration,
	startPortalSignIn,
	syncPortalConnection,
} from '#server/portals/index.ts'
import { answerDocumentSubject } from '#server/documents/index.ts'
import { openJson } from '#server/portals/token-seal.ts'
import { withTenant } from '#server/tenancy/index.ts'
import { captureProcessOutput } from '../support/captured-output.ts'
import { signInAtTestPortal, startTestPortal, TEST_PORTAL_CLIENTS, type TestPortal } from '../support/portal-server.ts'
import { connectAtTestPortal, processQueuedDocuments, REDIRECT_URI, signedInPatient } from './portal-support.ts'
import { useTestDatabase } from './test-database.ts'
import { withWarrantedPrecision } from '#server/extraction/structured/warranted-precision.ts'

process.env.DATA_DIR = path.resolve(`tests/.tmp/data-${randomUUID()}`)
useTestDatabase()

let portal: TestPortal
let endpointKey: string
const noWait = async () => {}

beforeAll(async () => {
	portal = await startTestPortal({ redirectUris: [REDIRECT_URI], pageSize: 40 })
	const added = await addDeploymentEndpoint({ name: 'Riverside Health', fhirBaseUrl: portal.fhirBaseUrl })
	endpointKey = added.key
	const admin = await signedInPatient('Admin Placeholder')
	await saveClientRegistration(endpointKey, { clientId: TEST_PORTAL_CLIENTS.public, authMethod: 'none', clientSecret: null }, admin.userId)
})
afterAll(async () => {
	await portal?.close()
})

async function rowsOf(patient: { userId: string; organizationId: string }) {
	return withTenant(patient.organizationId, async (tx) => ({
		documents: await tx.select().from(documents).where(eq(documents.ownerId, patient.userId)),
		parameters: await tx.select().from(healthParameters).where(eq(healthParameters.ownerId, patient.userId)),
		medications: await tx.select().from(medications).where(eq(medications.ownerId, patient.userId)),
	}))
}

describe('a SMART on FHIR connection', () => {
	it('connects through the portal sign-in, syncs through the FHIR importer, and a second sync adds nothing', async () => {
		const patient = await signedInPatient()
		const connected = await connectAtTestPortal(patient, { endpointKey })
		expect(connected.name).toBe('Riverside Health')
		portal.newRequestLog()

		expect(await syncPortalConnection({ organizationId: patient.organizationId, connectionId: connected.connectionId }, { sleep: noWait })).toBe('synced')
		// one 429 was answered on the first laboratory search, and the search was asked again
		expect(portal.controls.requests.filter((request) => request.status === 429)).toHaveLength(1)
		// paging: more than one page of laboratory results
		expect(portal.controls.requests.filter((request) => request.path.includes('category=laboratory') && request.status === 200).length).toBeGreaterThan(1)
		await processQueuedDocuments(patient)

		const first = await rowsOf(patient)
		expect(first.documents.every((document) => document.status === 'processed')).toBe(true)
		// a bundle record and the DocumentReference's PDF, read like an upload
		expect(first.documents.some((document) => document.fileKind === 'fhir')).toBe(true)
		expect(first.documents.some((document) => document.fileKind === 'pdf')).toBe(true)
		expect(first.parameters.length).toBeGreaterThan(50)
		expect(first.medications.map((medication) => medication.name)).toContain('Simvistatin 10 MG')
		const fhirRecord = first.documents.find((document) => document.fileKind === 'fhir')!
		expect(fhirRecord.subjectMatch).toBe('matched')

		const [summary] = await listPortalConnections(patient)
		expect(summary).toMatchObject({ name: 'Riverside Health', status: 'connected', syncState: 'idle', lastError: null })
		expect(summary!.counts.find((count) => count.type === 'Observation')!.count).toBeGreaterThan(100)
		expect(summary!.progress).toMatchObject({ phase: 'done', refused: 0 })

		// the second sync: incremental (_lastUpdated) and nothing new
		portal.newRequestLog()
		expect(await syncPortalConnection({ organizationId: patient.organizationId, connectionId: connected.connectionId }, { sleep: noWait })).toBe('synced')
		expect(portal.controls.requests.some((request) => request.path.includes('_lastUpdated=gt'))).toBe(true)
		await processQueuedDocuments(patient)
		const second = await rowsOf(patient)
		expect(second.documents.length).toBe(first.documents.length)
		expect(second.parameters.length).toBe(first.parameters.length)
		expect(second.medications.length).toBe(first.medications.length)

		const actions = (await getDb().select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.actorUserId, patient.userId))).map((row) => row.action)
		expect(actions).toEqual(expect.arrayContaining(['portal.connect_started', 'portal.connected', 'portal.synced']))
	})

	it('updates the record holding a resource the portal changed', async () => {
		const patient = await signedInPatient()
		const { connectionId } = await connectAtTestPortal(patient, { endpointKey }, 'kermit')
		await syncPortalConnection({ organizationId: patient.organizationId, connectionId }, { sleep: noWait })
		await processQueuedDocuments(patient)
		const before = await rowsOf(patient)
		const lab = portal
			.resourcesOf('kermit')
			.find(
				(resource) =>
					resource.resourceType === 'Observation' &&
					JSON.stringify(resource.category).includes('laboratory') &&
					typeof (resource.valueQuantity as { value?: number } | undefined)?.value === 'number',
			)!
		const oldValue = (lab.valueQuantity as { value: number }).value
		portal.updateResource('kermit', `Observation/${lab.id}`, (resource) => {
			;(resource.valueQuantity as { value: number }).value = 987.5
		})
		expect(await syncPortalConnection({ organizationId: patient.organizationId, connectionId }, { sleep: noWait })).toBe('synced')
		await processQueuedDocuments(patient)
		const after = await rowsOf(patient)
		expect(after.documents.length).toBe(before.documents.length)
		expect(after.parameters.length).toBe(before.parameters.length)
		expect(after.parameters.some((parameter) => parameter.value === 987.5)).toBe(true)
		// stored with the precision a laboratory value warrants (a computed float is rounded: warranted-precision.ts)
		const storedOld = withWarrantedPrecision(null, oldValue, String(oldValue)).value
		expect(before.parameters.some((parameter) => parameter.value === storedOld)).toBe(true)
		const [summary] = await listPortalConnections(patient)
		expect(summary!.progress).toMatchObject({ updated: 1, new: 0 })
	})

	it('refreshes an access token that expires mid-sync, and a revoked refresh token asks to reconnect', async () => {
		const patient = await signedInPatient()
		const { connectionId } = await connectAtTestPortal(patient, { endpointKey }, 'marcos')
		portal.controls.expireAccessTokenAfter = 3
		expect(await syncPortalConnection({ organizationId: patient.organizationId, connectionId }, { sleep: noWait })).toBe('synced')
		expect(portal.controls.expireAccessTokenAfter).toBeNull()

		// the access token is gone too (as when it expires), and the refresh token was revoked at the portal
		await withTenant(patient.organizationId, (tx) =>
			tx
				.update(portalConnections)
				.set({ accessExpiresAt: new Date(Date.now() - 1000) })
				.where(eq(portalConnections.id, connectionId)),
		)
		await portal.revokeRefreshTokens()
		expect(await syncPortalConnection({ organizationId: patient.organizationId, connectionId }, { sleep: noWait })).toBe('needs_reconnect')
		const [summary] = await listPortalConnections(patient)
		expect(summary).toMatchObject({ status: 'needs_reconnect', lastError: 'needs_reconnect' })
		const refused = await requestPortalSync(patient, connectionId)
		expect(refused).toMatchObject({ ok: false, code: 'needs_reconnect' })

		// Reconnect: the same connection, signed in again
		const reconnected = await connectAtTestPortal(patient, { connectionId }, 'marcos')
		expect(reconnected).toMatchObject({ connectionId, isReconnect: true })
		const [after] = await listPortalConnections(patient)
		expect(after).toMatchObject({ status: 'connected' })
	})

	it('refuses a callback whose state this session did not start, and one from another session', async () => {
		const patient = await signedInPatient()
		const started = await startPortalSignIn(patient, { endpointKey }, REDIRECT_URI)
		if (!started.ok) throw new Error('not started')
		const callback = new URL(await signInAtTestPortal(started.authorizationUrl, 'clint'))
		const forged = new URL(callback)
		forged.searchParams.set('state', 'not-the-state')
		expect(await completePortalSignIn(patient, forged)).toMatchObject({ ok: false, code: 'unknown_state' })
		const otherSession = { ...patient, sessionId: randomUUID() }
		expect(await completePortalSignIn(otherSession, callback)).toMatchObject({ ok: false, code: 'unknown_state' })
		const others = await signedInPatient()
		expect(await completePortalSignIn(others, callback)).toMatchObject({ ok: false, code: 'unknown_state' })
		// the right session still completes it, once
		expect(await completePortalSignIn(patient, callback)).toMatchObject({ ok: true })
		expect(await completePortalSignIn(patient, callback)).toMatchObject({ ok: false, code: 'unknown_state' })
	})

	it('answers a cancelled sign-in with a message and no connection', async () => {
		const patient = await signedInPatient()
		const started = await startPortalSignIn(patient, { endpointKey }, REDIRECT_URI)
		if (!started.ok) throw new Error('not started')
		const callback = new URL(await signInAtTestPortal(started.authorizationUrl, 'clint', { deny: true }))
		expect(callback.searchParams.get('error')).toBe('access_denied')
		expect(await completePortalSignIn(patient, callback)).toMatchObject({ ok: false, code: 'access_denied' })
		expect(await listPortalConnections(patient)).toEqual([])
	})

	it('asks "Is this you?" when the portal’s patient is not the profile’s person, and the answer holds for the connection’s later records', async () => {
		const patient = await signedInPatient('Avery Example')
		const { connectionId } = await connectAtTestPortal(patient, { endpointKey }, 'kermit')
		await syncPortalConnection({ organizationId: patient.organizationId, connectionId }, { sleep: noWait })
		await processQueuedDocuments(patient)
		const first = await rowsOf(patient)
		const bundle = first.documents.find((document) => document.fileKind === 'fhir')!
		expect(bundle.subjectMatch).toBe('mismatch')
		expect(await answerDocumentSubject(patient, bundle.id, 'confirmed_self')).toMatchObject({ ok: true })

		portal.addResource('kermit', {
			resourceType: 'Observation',
			id: `new-${randomUUID()}`,
			status: 'final',
			category: [{ coding: [{ system: 'http://terminology.hl7.org/CodeSystem/observation-category', code: 'laboratory' }] }],
			code: { coding: [{ system: 'http://loinc.org', code: '2093-3', display: 'Cholesterol' }] },
			subject: { reference: `Patient/${portal.patientIdOf('kermit')}` },
			effectiveDateTime: '2026-11-01T09:00:00Z',
			valueQuantity: { value: 201, unit: 'mg/dL', system: 'http://unitsofmeasure.org', code: 'mg/dL' },
		})
		await syncPortalConnection({ organizationId: patient.organizationId, connectionId }, { sleep: noWait })
		await processQueuedDocuments(patient)
		const second = await rowsOf(patient)
		const added = second.documents.find((document) => !first.documents.some((earlier) => earlier.id === document.id))!
		expect(added.subjectMatch).toBe('confirmed_self')
		expect(second.parameters.some((parameter) => parameter.value === 201 && parameter.documentId === added.id)).toBe(true)
	})

	it('writes no token, code, state or patient name into the logs or the audit rows', async () => {
		const patient = await signedInPatient()
		const written = captureProcessOutput()
		let callback: URL
		let connectionId: string
		try {
			const started = await startPortalSignIn(patient, { endpointKey }, REDIRECT_URI)
			if (!started.ok) throw new Error(started.code)
			callback = new URL(await signInAtTestPortal(started.authorizationUrl, 'clint'))
			const completed = await completePortalSignIn(patient, callback)
			if (!completed.ok) throw new Error(completed.code)
			connectionId = completed.connectionId
			await withTenant(patient.organizationId, (tx) =>
				tx
					.update(portalConnections)
					.set({ accessExpiresAt: new Date(Date.now() - 1000) })
					.where(eq(portalConnections.id, connectionId)),
			)
			await syncPortalConnection({ organizationId: patient.organizationId, connectionId }, { sleep: noWait })
		} finally {
			vi.restoreAllMocks()
		}
		const [row] = await withTenant(patient.organizationId, (tx) => tx.select().from(portalConnections).where(eq(portalConnections.id, connectionId)))
		const tokens = openJson<{ accessToken: string; refreshToken: string }>(row!.sealedTokens)
		const audit = JSON.stringify(await getDb().select().from(auditLog).where(eq(auditLog.actorUserId, patient.userId)))
		const secrets = [tokens.accessToken, tokens.refreshToken, callback.searchParams.get('code')!, callback.searchParams.get('state')!, 'Champlin']
		for (const secret of secrets) {
			expect(written.join('\n')).not.toContain(secret)
			expect(audit).not.toContain(secret)
			expect(row!.sealedTokens).not.toContain(secret)
		}
		expect(written.join('\n')).toContain('portals.sync')
	})

	it('keeps one connection from reading another patient’s resources', async () => {
		const patient = await signedInPatient('Kermit Trantow')
		const { connectionId } = await connectAtTestPortal(patient, { endpointKey }, 'kermit')
		await syncPortalConnection({ organizationId: patient.organizationId, connectionId }, { sleep: noWait })
		const rows = await withTenant(patient.organizationId, (tx) =>
			tx
				.select()
				.from(portalResources)
				.where(and(eq(portalResources.connectionId, connectionId), eq(portalResources.resourceType, 'Patient'))),
		)
		expect(rows.map((row) => row.resourceId)).toEqual([portal.patientIdOf('kermit')])
	})
})
