import { eq } from 'drizzle-orm'
import { getDb } from '#db/client.ts'
import { organizations, portalClients, portalSigningKeys } from '#db/schema/platform.ts'
import { portalAuthorizations, portalConnections } from '#db/schema/tenant.ts'
import { withTenant } from '#server/tenancy/index.ts'
import { isSealedWithOldKey, open, seal } from './token-seal.ts'

/**
 * Key rotation (docs/decisions/031-portal-connections.md): with the new key in
 * PORTAL_TOKEN_KEY and the old one in PORTAL_TOKEN_KEY_PREVIOUS, seals again under the new key
 * everything the old one sealed: client secrets and signing keys (platform), and every
 * organization's connection tokens and sign-ins in progress. `npm run portal:reseal`; syncs
 * also re-seal a connection's tokens whenever they are refreshed.
 */
export async function resealPortalSecrets(): Promise<{ platform: number; connections: number }> {
	let platform = 0
	for (const row of await getDb().select({ key: portalClients.key, sealed: portalClients.sealedClientSecret }).from(portalClients)) {
		if (!row.sealed || !isSealedWithOldKey(row.sealed)) continue
		await getDb()
			.update(portalClients)
			.set({ sealedClientSecret: seal(open(row.sealed)) })
			.where(eq(portalClients.key, row.key))
		platform++
	}
	for (const row of await getDb().select({ kid: portalSigningKeys.kid, sealed: portalSigningKeys.sealedPrivateJwk }).from(portalSigningKeys)) {
		if (!isSealedWithOldKey(row.sealed)) continue
		await getDb()
			.update(portalSigningKeys)
			.set({ sealedPrivateJwk: seal(open(row.sealed)) })
			.where(eq(portalSigningKeys.kid, row.kid))
		platform++
	}
	let connections = 0
	for (const { id } of await getDb().select({ id: organizations.id }).from(organizations)) {
		connections += await withTenant(id, async (tx) => {
			let count = 0
			for (const row of await tx.select({ id: portalConnections.id, sealed: portalConnections.sealedTokens }).from(portalConnections)) {
				if (!isSealedWithOldKey(row.sealed)) continue
				await tx
					.update(portalConnections)
					.set({ sealedTokens: seal(open(row.sealed)) })
					.where(eq(portalConnections.id, row.id))
				count++
			}
			for (const row of await tx.select({ state: portalAuthorizations.stateHash, sealed: portalAuthorizations.sealedRequest }).from(portalAuthorizations)) {
				if (!isSealedWithOldKey(row.sealed)) continue
				await tx
					.update(portalAuthorizations)
					.set({ sealedRequest: seal(open(row.sealed)) })
					.where(eq(portalAuthorizations.stateHash, row.state))
				count++
			}
			return count
		})
	}
	return { platform, connections }
}
