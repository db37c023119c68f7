import { recordAudit } from '#server/audit/index.ts'
import { getEnv } from '#server/env.server.ts'
import { refuse, succeed, type Result } from '#server/errors/shared/result.ts'
import { checkPortalUrl } from './address-rules.ts'
import {
	deleteClientRegistration,
	environmentRegistrations,
	listStoredRegistrations,
	platformKey,
	saveClientRegistration,
	type ClientAuthMethod,
} from './client-registrations.ts'
import { portalsAreAvailable } from './connect.ts'
import { addDeploymentEndpoint, listEndpoints, removeDeploymentEndpoint } from './endpoints.ts'
import { PLATFORM_NAMES, type PortalPlatform } from './shared/directory.ts'
import { deleteRetiredSigningKey, listSigningKeys, rotateSigningKey } from './signing-keys.ts'

/**
 * The admin portal's 'Portal connections' page: Carebook's client registration per endpoint or
 * platform (client id, and a secret or Carebook's key), the providers this deployment adds,
 * and the signing keys behind the JWKS URL. Secrets are sealed and never shown again.
 */
export type PortalAdmin = { userId: string; ipAddress: string | null }

export const PORTAL_ADMIN_MESSAGES = {
	saved: 'Registration saved.',
	removed: 'Registration removed; the environment’s default (if any) applies again.',
	unknownKey: 'Choose an endpoint or platform from the list.',
	secretRequired: 'Enter the client secret the portal gave you.',
	endpointAdded: 'Provider added to the directory.',
	endpointRemoved: 'Provider removed from the directory.',
	badEndpoint: 'Enter the provider’s FHIR address, starting with https://.',
	rotated: 'A new signing key is in use; the old one stays in the JWKS until you delete it.',
	keyDeleted: 'Retired key deleted.',
} as const

async function registrationKeys() {
	const env = getEnv()
	const platforms: PortalPlatform[] = ['epic', 'oracle', 'smart-sandbox', 'other', ...(env.isProduction ? [] : (['test'] as PortalPlatform[]))]
	const endpoints = await listEndpoints()
	return [
		...platforms.map((platform) => ({ key: platformKey(platform), name: PLATFORM_NAMES[platform], kind: 'platform' as const })),
		...endpoints.map((endpoint) => ({ key: endpoint.key, name: endpoint.name, kind: 'endpoint' as const })),
	]
}

export async function portalAdminOverview(origin: string) {
	const stored = await listStoredRegistrations()
	const fromEnv = environmentRegistrations()
	const keys = await registrationKeys()
	const endpoints = await listEndpoints()
	return {
		isAvailable: portalsAreAvailable(),
		redirectUri: `${origin}/connections/callback`,
		jwksUrl: `${origin}/.well-known/jwks.json`,
		registrations: keys.map(({ key, name, kind }) => {
			const admin = stored.find((row) => row.key === key)
			const environment = fromEnv.get(key)
			return {
				key,
				name,
				kind,
				source: admin ? ('admin' as const) : environment ? ('environment' as const) : null,
				clientId: admin?.clientId ?? environment?.clientId ?? null,
				authMethod: admin?.authMethod ?? environment?.authMethod ?? null,
				hasSecret: admin ? admin.hasSecret : Boolean(environment?.clientSecret),
			}
		}),
		deploymentEndpoints: endpoints
			.filter((endpoint) => endpoint.key.startsWith('endpoint:'))
			.map((endpoint) => ({ ...endpoint, id: endpoint.key.slice('endpoint:'.length) })),
		signingKeys: await listSigningKeys(),
	}
}

export async function savePortalRegistration(
	admin: PortalAdmin,
	input: { key: string; clientId: string; authMethod: ClientAuthMethod; clientSecret: string | null },
): Promise<Result> {
	if (!(await registrationKeys()).some((entry) => entry.key === input.key)) return refuse('invalid', 'unknown_key', PORTAL_ADMIN_MESSAGES.unknownKey, 'key')
	const stored = await listStoredRegistrations()
	const hadSecret = stored.find((row) => row.key === input.key)?.hasSecret ?? false
	if (input.authMethod === 'client_secret_basic' && !input.clientSecret && !hadSecret) {
		return refuse('invalid', 'secret_required', PORTAL_ADMIN_MESSAGES.secretRequired, 'clientSecret')
	}
	await saveClientRegistration(input.key, input, admin.userId)
	await recordAudit({
		action: 'admin.portal_registration_saved',
		actor: admin,
		target: { type: 'portal_registration', id: input.key },
		details: { authMethod: input.authMethod, secretChanged: Boolean(input.clientSecret) },
	})
	return succeed({})
}

export async function removePortalRegistration(admin: PortalAdmin, key: string): Promise<Result> {
	if (!(await deleteClientRegistration(key))) return refuse('not-found', 'not_found', PORTAL_ADMIN_MESSAGES.unknownKey)
	await recordAudit({ action: 'admin.portal_registration_removed', actor: admin, target: { type: 'portal_registration', id: key } })
	return succeed({})
}

export async function addPortalEndpoint(admin: PortalAdmin, input: { name: string; fhirBaseUrl: string }): Promise<Result> {
	const checked = checkPortalUrl(input.fhirBaseUrl, { allowLoopback: !getEnv().isProduction })
	if (!checked.ok) return refuse('invalid', 'bad_url', PORTAL_ADMIN_MESSAGES.badEndpoint, 'fhirBaseUrl')
	const { key } = await addDeploymentEndpoint({ name: input.name, fhirBaseUrl: checked.url.href.replace(/\/+$/, '') })
	await recordAudit({ action: 'admin.portal_endpoint_added', actor: admin, target: { type: 'portal_endpoint', id: key } })
	return succeed({})
}

export async function removePortalEndpoint(admin: PortalAdmin, id: string): Promise<Result> {
	if (!(await removeDeploymentEndpoint(id))) return refuse('not-found', 'not_found', PORTAL_ADMIN_MESSAGES.unknownKey)
	await deleteClientRegistration(`endpoint:${id}`)
	await recordAudit({ action: 'admin.portal_endpoint_removed', actor: admin, target: { type: 'portal_endpoint', id: `endpoint:${id}` } })
	return succeed({})
}

export async function rotatePortalSigningKey(admin: PortalAdmin) {
	const { kid } = await rotateSigningKey()
	await recordAudit({ action: 'admin.portal_signing_key_rotated', actor: admin, target: { type: 'portal_signing_key', id: kid } })
}

export async function deletePortalSigningKey(admin: PortalAdmin, kid: string): Promise<Result> {
	if (!(await deleteRetiredSigningKey(kid))) return refuse('not-found', 'not_found', PORTAL_ADMIN_MESSAGES.unknownKey)
	await recordAudit({ action: 'admin.portal_signing_key_deleted', actor: admin, target: { type: 'portal_signing_key', id: kid } })
	return succeed({})
}
