export {}

/**
 * npm run portal:reseal
 *
 * The second step of a PORTAL_TOKEN_KEY rotation (README, docs/decisions/031): with the new key
 * in PORTAL_TOKEN_KEY and the old one in PORTAL_TOKEN_KEY_PREVIOUS, seals again under the new
 * key every portal secret the old one sealed (client secrets, signing keys, every
 * organization's connection tokens). Then PORTAL_TOKEN_KEY_PREVIOUS can be removed.
 */
const { getEnv } = await import('#server/env.server.ts')
if (!getEnv().PORTAL_TOKEN_KEY_PREVIOUS) console.warn('PORTAL_TOKEN_KEY_PREVIOUS is not set: only values sealed by PORTAL_TOKEN_KEY can be read.')
const { resealPortalSecrets } = await import('#server/portals/index.ts')
const { closeDb } = await import('#db/client.ts')
const result = await resealPortalSecrets()
console.log(`sealed again: ${result.platform} platform secret(s), ${result.connections} connection secret(s)`)
await closeDb()
