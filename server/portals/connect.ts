import { createHash } from 'node:crypto'
import { and, eq, gt, lt } from 'drizzle-orm'
import { portalAuthorizations, portalConnections } from '#db/schema/tenant.ts'
import { recordAudit } from '#server/audit/index.ts'
import type { SignedInPatient } from '#server/auth/patient.ts'
import { refuse, succeed, type Result } from '#server/errors/shared/result.ts'
import { enqueuePortalSync } from '#server/queue/queue.ts'
import { takeAttempt } from '#server/rate-limits/index.ts'
import { withTenant } from '#server/tenancy/index.ts'
import { checkPortalUrl } from './address-rules.ts'
import { findClientRegistration, registrationByKey } from './client-registrations.ts'
import { chooseScopes, discoverSmartServer, DiscoveryError, normalizeBaseUrl, type SmartServer } from './discovery.ts'
import { findEndpoint } from './endpoints.ts'
import { portalFetcher, portalFetchPolicy } from './fetch-policy.ts'
import { PORTAL_MESSAGES } from './shared/messages.ts'
import type { PortalPlatform } from './shared/directory.ts'
import { buildAuthorizationRequest, exchangeAuthorizationCode, TokenRefusedError } from './smart-client.ts'
import { openJson, sealJson, sealKeysFromEnv } from './token-seal.ts'

/**
 * Connect and Reconnect: SMART App Launch's standalone patient launch. Starting discovers the
 * server, picks the client registration and the scopes, and stores the request (state hash,
 * bound to the session; the PKCE verifier and nonce sealed) for ten minutes; the callback
 * finds it by the state's hash for the same session, uses it once, exchanges the code and
 * stores the connection with its tokens sealed, then queues the first sync. Every step is
 * audited with ids and codes only.
 */
export const AUTHORIZATION_TTL_MS = 10 * 60_000
export const CONNECT_ATTEMPTS_PER_WINDOW = 20
export const CONNECT_WINDOW_MINUTES = 10

export type ConnectInput = { endpointKey: string } | { fhirBaseUrl: string } | { connectionId: string }

type StoredRequest = {
	codeVerifier: string
	state: string
	nonce: string | null
	endpointKey: string
	name: string
	registrationKey: string
	redirectUri: string
	server: Pick<SmartServer, 'fhirBaseUrl' | 'issuer' | 'tokenEndpoint' | 'revocationEndpoint'>
}

export function hashOf(value: string) {
	return createHash('sha256').update(value).digest('base64url')
}

export function portalsAreAvailable() {
	return sealKeysFromEnv() !== null
}

function discoveryRefusal(error: DiscoveryError) {
	switch (error.reason) {
		case 'not_https':
			return refuse('invalid', 'not_https', PORTAL_MESSAGES.notHttps, 'fhirBaseUrl')
		case 'private_address':
			return refuse('invalid', 'private_address', PORTAL_MESSAGES.privateAddress, 'fhirBaseUrl')
		case 'no_smart':
			return refuse('invalid', 'no_smart', PORTAL_MESSAGES.noSmart, 'fhirBaseUrl')
		case 'no_pkce':
			return refuse('invalid', 'no_pkce', PORTAL_MESSAGES.noPkce, 'fhirBaseUrl')
		default:
			return refuse('invalid', 'unreachable', PORTAL_MESSAGES.unreachable, 'fhirBaseUrl')
	}
}

/** Answers where to send the patient's browser to sign in at the portal, or why not. */
export async function startPortalSignIn(patient: SignedInPatient, input: ConnectInput, redirectUri: string): Promise<Result<{ authorizationUrl: string }>> {
	if (!portalsAreAvailable()) return refuse('unavailable', 'not_configured', PORTAL_MESSAGES.notAvailable)
	// each attempt makes Carebook call the address given: a patient may start CONNECT_ATTEMPTS_PER_WINDOW in CONNECT_WINDOW_MINUTES
	if (!(await takeAttempt({ bucket: 'portal-connect', max: CONNECT_ATTEMPTS_PER_WINDOW, windowMinutes: CONNECT_WINDOW_MINUTES }, patient.userId))) {
		return refuse('rate-limited', 'too_many_attempts', PORTAL_MESSAGES.tooManyAttempts)
	}
	const policy = portalFetchPolicy()
	let endpoint: { key: string; name: string; platform: PortalPlatform; fhirBaseUrl: string }
	let connectionId: string | null = null
	if ('connectionId' in input) {
		const [connection] = await withTenant(patient.organizationId, (tx) =>
			tx
				.select()
				.from(portalConnections)
				.where(and(eq(portalConnections.id, input.connectionId), eq(portalConnections.ownerId, patient.userId))),
		)
		if (!connection) return refuse('not-found', 'not_found', PORTAL_MESSAGES.notFound)
		const known = await findEndpoint(connection.endpointKey)
		endpoint = { key: connection.endpointKey, name: connection.name, platform: known?.platform ?? 'other', fhirBaseUrl: connection.fhirBaseUrl }
		connectionId = connection.id
	} else if ('endpointKey' in input) {
		const known = await findEndpoint(input.endpointKey)
		if (!known) return refuse('invalid', 'unknown_endpoint', PORTAL_MESSAGES.unknownEndpoint, 'endpointKey')
		endpoint = known
	} else {
		const checked = checkPortalUrl(input.fhirBaseUrl.trim(), policy)
		if (!checked.ok) {
			return checked.reason === 'not_https'
				? refuse('invalid', 'not_https', PORTAL_MESSAGES.notHttps, 'fhirBaseUrl')
				: refuse('invalid', 'bad_url', PORTAL_MESSAGES.badUrl, 'fhirBaseUrl')
		}
		const fhirBaseUrl = normalizeBaseUrl(checked.url)
		endpoint = { key: 'custom', name: checked.url.hostname, platform: 'other', fhirBaseUrl }
	}

	let server: SmartServer
	try {
		server = await discoverSmartServer(endpoint.fhirBaseUrl, portalFetcher(policy), policy)
	} catch (error) {
		if (!(error instanceof DiscoveryError)) throw error
		await recordAudit({ action: 'portal.connect_refused', actor: patient, details: { endpointKey: endpoint.key, reason: error.reason } })
		return discoveryRefusal(error)
	}
	const platform = endpoint.platform === 'other' ? (server.platform ?? 'other') : endpoint.platform
	const registration = await findClientRegistration(endpoint.key, platform)
	if (!registration) {
		await recordAudit({ action: 'portal.connect_refused', actor: patient, details: { endpointKey: endpoint.key, reason: 'not_registered' } })
		return refuse('invalid', 'not_registered', PORTAL_MESSAGES.notRegistered, 'endpointKey')
	}
	const request = await buildAuthorizationRequest({
		authorizationEndpoint: server.authorizationEndpoint,
		fhirBaseUrl: server.fhirBaseUrl,
		registration,
		redirectUri,
		scopes: chooseScopes(server),
	})
	const stored: StoredRequest = {
		codeVerifier: request.codeVerifier,
		state: request.state,
		nonce: request.nonce,
		endpointKey: endpoint.key,
		name: endpoint.name,
		registrationKey: registration.key,
		redirectUri,
		server: { fhirBaseUrl: server.fhirBaseUrl, issuer: server.issuer, tokenEndpoint: server.tokenEndpoint, revocationEndpoint: server.revocationEndpoint },
	}
	await withTenant(patient.organizationId, async (tx) => {
		await tx.delete(portalAuthorizations).where(and(eq(portalAuthorizations.ownerId, patient.userId), lt(portalAuthorizations.expiresAt, new Date())))
		await tx.insert(portalAuthorizations).values({
			stateHash: hashOf(request.state),
			ownerId: patient.userId,
			sessionHash: hashOf(patient.sessionId),
			connectionId,
			sealedRequest: sealJson(stored),
			expiresAt: new Date(Date.now() + AUTHORIZATION_TTL_MS),
		})
		await recordAudit(
			{
				action: 'portal.connect_started',
				actor: patient,
				target: connectionId ? { type: 'portal_connection', id: connectionId } : undefined,
				details: { endpointKey: endpoint.key, platform, discovery: server.source, authMethod: registration.authMethod },
			},
			tx,
		)
	})
	return succeed({ authorizationUrl: request.url })
}

/**
 * The portal sent the browser back. Answers the connection made (or reconnected), or why not:
 * a state that this session did not start or that expired, the patient's cancel, a refused code.
 */
export async function completePortalSignIn(
	patient: SignedInPatient,
	callbackUrl: URL,
): Promise<Result<{ connectionId: string; name: string; isReconnect: boolean }>> {
	const state = callbackUrl.searchParams.get('state')
	const found = state
		? await withTenant(patient.organizationId, async (tx) => {
				const [row] = await tx
					.delete(portalAuthorizations)
					.where(
						and(
							eq(portalAuthorizations.stateHash, hashOf(state)),
							eq(portalAuthorizations.ownerId, patient.userId),
							eq(portalAuthorizations.sessionHash, hashOf(patient.sessionId)),
							gt(portalAuthorizations.expiresAt, new Date()),
						),
					)
					.returning()
				return row ?? null
			})
		: null
	if (!found) {
		await recordAudit({ action: 'portal.connect_refused', actor: patient, details: { reason: 'unknown_state' } })
		return refuse('invalid', 'unknown_state', PORTAL_MESSAGES.signInExpired)
	}
	const request = openJson<StoredRequest>(found.sealedRequest)
	const auditTarget = found.connectionId ? { type: 'portal_connection', id: found.connectionId } : undefined
	if (callbackUrl.searchParams.get('error')) {
		const error = callbackUrl.searchParams.get('error') === 'access_denied' ? 'access_denied' : 'portal_error'
		await recordAudit({ action: 'portal.connect_refused', actor: patient, target: auditTarget, details: { endpointKey: request.endpointKey, reason: error } })
		return refuse('invalid', error, error === 'access_denied' ? PORTAL_MESSAGES.signInCancelled : PORTAL_MESSAGES.signInFailed)
	}
	const registration = await registrationByKey(request.registrationKey)
	if (!registration) return refuse('invalid', 'not_registered', PORTAL_MESSAGES.notRegistered)
	let tokens
	try {
		tokens = await exchangeAuthorizationCode({
			endpoints: request.server,
			registration,
			callbackUrl,
			expectedState: request.state,
			redirectUri: request.redirectUri,
			codeVerifier: request.codeVerifier,
			nonce: request.nonce,
			fetcher: portalFetcher(),
		})
	} catch (error) {
		const reason = error instanceof TokenRefusedError ? (error.oauthError ?? error.reason) : ((error as { reason?: string }).reason ?? 'error')
		await recordAudit({
			action: 'portal.connect_refused',
			actor: patient,
			target: auditTarget,
			details: { endpointKey: request.endpointKey, reason: reason.slice(0, 60) },
		})
		return refuse('invalid', 'token_refused', PORTAL_MESSAGES.signInFailed)
	}
	if (!tokens.patient) {
		await recordAudit({
			action: 'portal.connect_refused',
			actor: patient,
			target: auditTarget,
			details: { endpointKey: request.endpointKey, reason: 'no_patient' },
		})
		return refuse('invalid', 'no_patient', PORTAL_MESSAGES.noPatient)
	}
	const sealedTokens = sealJson({ accessToken: tokens.accessToken, refreshToken: tokens.refreshToken })
	const values = {
		clientKey: registration.key,
		fhirBaseUrl: request.server.fhirBaseUrl,
		issuer: request.server.issuer,
		tokenEndpoint: request.server.tokenEndpoint,
		revocationEndpoint: request.server.revocationEndpoint,
		portalPatientId: tokens.patient,
		scope: tokens.scope ?? '',
		sealedTokens,
		accessExpiresAt: tokens.expiresAt,
		status: 'connected' as const,
		syncState: 'queued' as const,
		lastError: null,
		updatedAt: new Date(),
	}
	const connectionId = await withTenant(patient.organizationId, async (tx) => {
		let id: string
		if (found.connectionId) {
			const [row] = await tx
				.update(portalConnections)
				.set(values)
				.where(and(eq(portalConnections.id, found.connectionId), eq(portalConnections.ownerId, patient.userId)))
				.returning({ id: portalConnections.id })
			if (!row) return null
			id = row.id
		} else {
			const [row] = await tx
				.insert(portalConnections)
				.values({ ...values, ownerId: patient.userId, endpointKey: request.endpointKey, name: request.name })
				.returning({ id: portalConnections.id })
			id = row!.id
		}
		await enqueuePortalSync(tx, { organizationId: patient.organizationId, connectionId: id }, { runAt: new Date(), mode: 'now' })
		await recordAudit(
			{
				action: found.connectionId ? 'portal.reconnected' : 'portal.connected',
				actor: patient,
				target: { type: 'portal_connection', id },
				details: { endpointKey: request.endpointKey, hasRefreshToken: tokens.refreshToken !== null },
			},
			tx,
		)
		return id
	})
	if (!connectionId) return refuse('not-found', 'not_found', PORTAL_MESSAGES.notFound)
	return succeed({ connectionId, name: request.name, isReconnect: Boolean(found.connectionId) })
}
