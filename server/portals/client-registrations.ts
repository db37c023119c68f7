import { eq } from 'drizzle-orm'
import { getDb } from '#db/client.ts'
import { portalClients } from '#db/schema/platform.ts'
import { getEnv, type Env } from '#server/env.server.ts'
import type { PortalPlatform } from './shared/directory.ts'
import { logger } from '#server/logger.ts'
import { open, seal, SealOpenError } from './token-seal.ts'

/**
 * Carebook's client registration with a portal: its client id, and how it proves itself at
 * the token endpoint (a public client, a secret with client_secret_basic, or Carebook's key with
 * private_key_jwt). Looked up for an endpoint by its own key first ('epic-sandbox',
 * 'endpoint:<id>'), then its platform ('platform:epic': Epic's one client id serves every Epic
 * organization), then 'platform:other' for any typed address. An administrator's settings
 * (app.portal_clients) win over the environment's defaults.
 */
export type ClientAuthMethod = 'none' | 'client_secret_basic' | 'private_key_jwt'

export type ClientRegistration = {
	/** Where it is stored: the key an administrator edits. */
	key: string
	clientId: string
	authMethod: ClientAuthMethod
	clientSecret: string | null
	source: 'admin' | 'environment'
}

export function platformKey(platform: PortalPlatform) {
	return `platform:${platform}`
}

/** The environment's defaults, by registration key. */
export function environmentRegistrations(env: Env = getEnv()): Map<string, Omit<ClientRegistration, 'key'>> {
	const found = new Map<string, Omit<ClientRegistration, 'key'>>()
	const add = (key: string, clientId: string | undefined, secret: string | undefined, auth: ClientAuthMethod | undefined) => {
		if (!clientId) return
		const authMethod = auth ?? (secret ? 'client_secret_basic' : 'none')
		found.set(key, { clientId, authMethod, clientSecret: authMethod === 'client_secret_basic' ? (secret ?? null) : null, source: 'environment' })
	}
	add(platformKey('epic'), env.PORTAL_EPIC_CLIENT_ID, env.PORTAL_EPIC_CLIENT_SECRET, env.PORTAL_EPIC_AUTH)
	add(platformKey('oracle'), env.PORTAL_ORACLE_CLIENT_ID, env.PORTAL_ORACLE_CLIENT_SECRET, env.PORTAL_ORACLE_AUTH)
	add(platformKey('smart-sandbox'), env.PORTAL_SMART_SANDBOX_CLIENT_ID, undefined, 'none')
	add(platformKey('other'), env.PORTAL_DEFAULT_CLIENT_ID, env.PORTAL_DEFAULT_CLIENT_SECRET, env.PORTAL_DEFAULT_AUTH)
	if (!env.isProduction) add(platformKey('test'), env.PORTAL_TEST_CLIENT_ID, undefined, 'none')
	return found
}

async function storedRegistration(key: string): Promise<ClientRegistration | null> {
	const [row] = await getDb().select().from(portalClients).where(eq(portalClients.key, key))
	if (!row) return null
	return { key, clientId: row.clientId, authMethod: row.authMethod, clientSecret: openSecret(key, row.sealedClientSecret), source: 'admin' }
}

/**
 * A stored secret, or null when there is none or it cannot be opened (sealed under a key this
 * server no longer has: the administrator enters it again; the portal refuses the sign-in meanwhile).
 */
function openSecret(key: string, sealed: string | null): string | null {
	if (!sealed) return null
	try {
		return open(sealed)
	} catch (error) {
		if (!(error instanceof SealOpenError)) throw error
		logger.warn('portals.client_secret_unreadable', { code: key, reason: error.reason })
		return null
	}
}

/** The registration for an endpoint: its own, else its platform's, else the one for any server. */
export async function findClientRegistration(endpointKey: string, platform: PortalPlatform): Promise<ClientRegistration | null> {
	const environment = environmentRegistrations()
	for (const key of [...new Set([endpointKey, platformKey(platform), platformKey('other')])]) {
		const stored = await storedRegistration(key)
		if (stored) return stored
		const fromEnv = environment.get(key)
		if (fromEnv) return { key, ...fromEnv }
	}
	return null
}

/** The registration a connection was made with, by its key (a refresh, a revocation). */
export async function registrationByKey(key: string): Promise<ClientRegistration | null> {
	return (await storedRegistration(key)) ?? (environmentRegistrations().has(key) ? { key, ...environmentRegistrations().get(key)! } : null)
}

export type RegistrationInput = { clientId: string; authMethod: ClientAuthMethod; clientSecret: string | null }

/** An administrator's settings for one key; an empty secret keeps the stored one. */
export async function saveClientRegistration(key: string, input: RegistrationInput, updatedByUserId: string) {
	const [existing] = await getDb().select({ sealed: portalClients.sealedClientSecret }).from(portalClients).where(eq(portalClients.key, key))
	const sealedClientSecret = input.authMethod !== 'client_secret_basic' ? null : input.clientSecret ? seal(input.clientSecret) : (existing?.sealed ?? null)
	const values = { clientId: input.clientId, authMethod: input.authMethod, sealedClientSecret, updatedByUserId, updatedAt: new Date() }
	await getDb()
		.insert(portalClients)
		.values({ key, ...values })
		.onConflictDoUpdate({ target: portalClients.key, set: values })
	return { hasSecret: sealedClientSecret !== null }
}

export async function deleteClientRegistration(key: string): Promise<boolean> {
	const removed = await getDb().delete(portalClients).where(eq(portalClients.key, key)).returning({ key: portalClients.key })
	return removed.length > 0
}

/** Every stored registration, without secrets (the admin page). */
export async function listStoredRegistrations() {
	const rows = await getDb().select().from(portalClients)
	return rows.map((row) => ({
		key: row.key,
		clientId: row.clientId,
		authMethod: row.authMethod,
		hasSecret: row.sealedClientSecret !== null,
		updatedAt: row.updatedAt,
	}))
}
