import { and, desc, eq, isNotNull, isNull } from 'drizzle-orm'
import { calculateJwkThumbprint, exportJWK, generateKeyPair, importJWK, type JWK } from 'jose'
import { getDb } from '#db/client.ts'
import { portalSigningKeys } from '#db/schema/platform.ts'
import { openJson, sealJson } from './token-seal.ts'

/**
 * Carebook's keys for private_key_jwt (SMART's asymmetric client authentication): RS384, the
 * algorithm every SMART server must accept. The newest key not retired signs; every key still
 * stored is in the JWKS served at /.well-known/jwks.json, so a portal that cached the set goes on
 * verifying through a rotation. The private half is sealed like the tokens.
 */
export const SIGNING_ALGORITHM = 'RS384'

export type SigningKey = { kid: string; key: CryptoKey }

async function createSigningKey(): Promise<{ kid: string }> {
	const { privateKey, publicKey } = await generateKeyPair(SIGNING_ALGORITHM, { extractable: true, modulusLength: 2048 })
	const publicJwk = await exportJWK(publicKey)
	const kid = await calculateJwkThumbprint(publicJwk)
	await getDb()
		.insert(portalSigningKeys)
		.values({
			kid,
			alg: SIGNING_ALGORITHM,
			publicJwk: { ...publicJwk, kid, alg: SIGNING_ALGORITHM, use: 'sig' },
			sealedPrivateJwk: sealJson(await exportJWK(privateKey)),
		})
		.onConflictDoNothing()
	return { kid }
}

/** The key that signs now; made on first use. */
export async function currentSigningKey(): Promise<SigningKey> {
	let [row] = await getDb().select().from(portalSigningKeys).where(isNull(portalSigningKeys.retiredAt)).orderBy(desc(portalSigningKeys.createdAt)).limit(1)
	if (!row) {
		await createSigningKey()
		;[row] = await getDb().select().from(portalSigningKeys).where(isNull(portalSigningKeys.retiredAt)).orderBy(desc(portalSigningKeys.createdAt)).limit(1)
	}
	const key = (await importJWK(openJson<JWK>(row!.sealedPrivateJwk), row!.alg)) as CryptoKey
	return { kid: row!.kid, key }
}

/** The public JWKS: every stored key, newest first. */
export async function publicJwks(): Promise<{ keys: Record<string, unknown>[] }> {
	const rows = await getDb().select({ publicJwk: portalSigningKeys.publicJwk }).from(portalSigningKeys).orderBy(desc(portalSigningKeys.createdAt))
	return { keys: rows.map((row) => row.publicJwk) }
}

export type SigningKeySummary = { kid: string; alg: string; createdAt: Date; retiredAt: Date | null }

export async function listSigningKeys(): Promise<SigningKeySummary[]> {
	return getDb()
		.select({ kid: portalSigningKeys.kid, alg: portalSigningKeys.alg, createdAt: portalSigningKeys.createdAt, retiredAt: portalSigningKeys.retiredAt })
		.from(portalSigningKeys)
		.orderBy(desc(portalSigningKeys.createdAt))
}

/** A new signing key; the one before is retired (kept in the JWKS until deleted). */
export async function rotateSigningKey(): Promise<{ kid: string }> {
	await getDb().update(portalSigningKeys).set({ retiredAt: new Date() }).where(isNull(portalSigningKeys.retiredAt))
	return createSigningKey()
}

/** Removes a retired key from the JWKS (once every portal has the new one). */
export async function deleteRetiredSigningKey(kid: string): Promise<boolean> {
	const removed = await getDb()
		.delete(portalSigningKeys)
		.where(and(eq(portalSigningKeys.kid, kid), isNotNull(portalSigningKeys.retiredAt)))
		.returning({ kid: portalSigningKeys.kid })
	return removed.length > 0
}
