import { asc, eq } from 'drizzle-orm'
import { getDb } from '#db/client.ts'
import { portalEndpoints } from '#db/schema/platform.ts'
import { getEnv } from '#server/env.server.ts'
import { PORTAL_DIRECTORY, type DirectoryEndpoint } from './shared/directory.ts'

/**
 * The endpoints offered on Connect: the bundled directory, the providers the deployment added
 * (app.portal_endpoints), and outside production the local test portal (PORTAL_TEST_SERVER_URL,
 * set by `npm run dev`).
 */
export const TEST_PORTAL_KEY = 'test-portal'

export function deploymentEndpointKey(id: string) {
	return `endpoint:${id}`
}

export async function listEndpoints(): Promise<DirectoryEndpoint[]> {
	const env = getEnv()
	const added = await getDb().select().from(portalEndpoints).orderBy(asc(portalEndpoints.name))
	const testPortal: DirectoryEndpoint[] =
		!env.isProduction && env.PORTAL_TEST_SERVER_URL
			? [
					{
						key: TEST_PORTAL_KEY,
						name: 'Test portal',
						platform: 'test',
						fhirBaseUrl: env.PORTAL_TEST_SERVER_URL,
						note: 'The local test server `npm run dev` starts: sign in with any password; the login "demo" is a patient with the demo account’s name.',
					},
				]
			: []
	return [
		...testPortal,
		...added.map((row) => ({
			key: deploymentEndpointKey(row.id),
			name: row.name,
			platform: 'other' as const,
			fhirBaseUrl: row.fhirBaseUrl,
			note: 'Added by your Carebook administrator.',
		})),
		...PORTAL_DIRECTORY.endpoints,
	]
}

export async function findEndpoint(key: string): Promise<DirectoryEndpoint | null> {
	return (await listEndpoints()).find((endpoint) => endpoint.key === key) ?? null
}

export async function addDeploymentEndpoint(input: { name: string; fhirBaseUrl: string }) {
	const [row] = await getDb().insert(portalEndpoints).values(input).returning({ id: portalEndpoints.id })
	return { key: deploymentEndpointKey(row!.id) }
}

export async function removeDeploymentEndpoint(id: string) {
	const removed = await getDb().delete(portalEndpoints).where(eq(portalEndpoints.id, id)).returning({ id: portalEndpoints.id })
	return removed.length > 0
}
