import { currentSigningKey, publicJwks } from '#server/portals/index.ts'

/**
 * Carebook's public keys for private_key_jwt (SMART's asymmetric client authentication): the
 * stable URL given to Epic, Oracle Health and other portals when registering
 * (<APP_ORIGIN>/.well-known/jwks.json). Public data; the first key is made on first use.
 */
export async function loader() {
	let jwks = await publicJwks()
	if (jwks.keys.length === 0) {
		await currentSigningKey()
		jwks = await publicJwks()
	}
	return Response.json(jwks, { headers: { 'Cache-Control': 'public, max-age=300' } })
}
