import { checkPortalUrl, type AddressPolicy } from './address-rules.ts'
import type { PortalFetcher } from './fetch-policy.ts'
import type { PortalPlatform } from './shared/directory.ts'

/**
 * SMART App Launch 2.x discovery: `<base>/.well-known/smart-configuration`, else the
 * CapabilityStatement's oauth-uris extension (SMART 1.0 servers). Answers the endpoints, what
 * the server declares (scopes, capabilities, PKCE methods), and the platform its software
 * names, so a typed address can use Epic's or Oracle's registration.
 */
export type SmartServer = {
	fhirBaseUrl: string
	issuer: string | null
	authorizationEndpoint: string
	tokenEndpoint: string
	revocationEndpoint: string | null
	scopesSupported: string[]
	capabilities: string[]
	codeChallengeMethods: string[] | null
	authMethods: string[] | null
	platform: PortalPlatform | null
	source: 'smart-configuration' | 'capability-statement'
}

export type DiscoveryRefusal = 'unreachable' | 'no_smart' | 'no_pkce' | 'not_https' | 'private_address'

export class DiscoveryError extends Error {
	constructor(readonly reason: DiscoveryRefusal) {
		super(`SMART discovery failed: ${reason}`)
	}
}

const OAUTH_URIS = 'http://fhir-registry.smarthealthit.org/StructureDefinition/oauth-uris'

/** A FHIR base URL as we store it: no query or fragment, no trailing slash. */
export function normalizeBaseUrl(url: URL): string {
	const copy = new URL(url.href)
	copy.search = ''
	copy.hash = ''
	return copy.href.replace(/\/+$/, '')
}

async function readJson(fetcher: PortalFetcher, url: string, accept: string): Promise<Record<string, unknown> | null> {
	const response = await fetcher(url, { headers: { accept } })
	if (!response.ok) return null
	try {
		const parsed: unknown = await response.json()
		return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : null
	} catch {
		return null
	}
}

const strings = (value: unknown): string[] => (Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [])
const text = (value: unknown): string | null => (typeof value === 'string' && value ? value : null)

function platformOf(capability: Record<string, unknown> | null): PortalPlatform | null {
	if (!capability) return null
	const software = capability.software as { name?: unknown } | undefined
	const words = `${text(software?.name) ?? ''} ${text(capability.publisher) ?? ''}`.toLowerCase()
	if (/\bepic\b/.test(words)) return 'epic'
	if (/cerner|oracle/.test(words)) return 'oracle'
	return null
}

function oauthUrisOf(capability: Record<string, unknown>): Record<string, string> {
	const rest = (capability.rest as { security?: { extension?: { url?: string; extension?: { url?: string; valueUri?: string }[] }[] } }[] | undefined) ?? []
	const found: Record<string, string> = {}
	for (const entry of rest) {
		for (const extension of entry.security?.extension ?? []) {
			if (extension.url !== OAUTH_URIS) continue
			for (const item of extension.extension ?? []) if (item.url && item.valueUri) found[item.url] = item.valueUri
		}
	}
	return found
}

export async function discoverSmartServer(baseUrl: string, fetcher: PortalFetcher, policy: AddressPolicy): Promise<SmartServer> {
	const checked = checkPortalUrl(baseUrl, policy)
	if (!checked.ok) throw new DiscoveryError(checked.reason === 'not_https' ? 'not_https' : 'unreachable')
	const fhirBaseUrl = normalizeBaseUrl(checked.url)
	let configuration: Record<string, unknown> | null
	let capability: Record<string, unknown> | null
	try {
		;[configuration, capability] = await Promise.all([
			readJson(fetcher, `${fhirBaseUrl}/.well-known/smart-configuration`, 'application/json'),
			readJson(fetcher, `${fhirBaseUrl}/metadata`, 'application/fhir+json'),
		])
	} catch (error) {
		const reason = (error as { reason?: string }).reason
		throw new DiscoveryError(reason === 'private_address' ? 'private_address' : reason === 'not_https' ? 'not_https' : 'unreachable')
	}
	if (!configuration && !capability) throw new DiscoveryError('unreachable')
	let server: SmartServer | null = null
	if (configuration && text(configuration.authorization_endpoint) && text(configuration.token_endpoint)) {
		server = {
			fhirBaseUrl,
			issuer: text(configuration.issuer),
			authorizationEndpoint: text(configuration.authorization_endpoint)!,
			tokenEndpoint: text(configuration.token_endpoint)!,
			revocationEndpoint: text(configuration.revocation_endpoint),
			scopesSupported: strings(configuration.scopes_supported),
			capabilities: strings(configuration.capabilities),
			codeChallengeMethods: Array.isArray(configuration.code_challenge_methods_supported) ? strings(configuration.code_challenge_methods_supported) : null,
			authMethods: Array.isArray(configuration.token_endpoint_auth_methods_supported) ? strings(configuration.token_endpoint_auth_methods_supported) : null,
			platform: platformOf(capability),
			source: 'smart-configuration',
		}
	} else if (capability && capability.resourceType === 'CapabilityStatement') {
		const uris = oauthUrisOf(capability)
		if (uris.authorize && uris.token) {
			server = {
				fhirBaseUrl,
				issuer: null,
				authorizationEndpoint: uris.authorize,
				tokenEndpoint: uris.token,
				revocationEndpoint: uris.revoke ?? null,
				scopesSupported: [],
				capabilities: [],
				codeChallengeMethods: null,
				authMethods: null,
				platform: platformOf(capability),
				source: 'capability-statement',
			}
		}
	}
	if (!server) throw new DiscoveryError('no_smart')
	// SMART 2.0 requires S256; a server that lists its methods without it is refused (one that lists none is a 1.0 server: we still send S256)
	if (server.codeChallengeMethods && !server.codeChallengeMethods.includes('S256')) throw new DiscoveryError('no_pkce')
	for (const endpoint of [server.authorizationEndpoint, server.tokenEndpoint, server.revocationEndpoint]) {
		if (endpoint && !checkPortalUrl(endpoint, policy).ok) throw new DiscoveryError('not_https')
	}
	return server
}

/** The resource types a sync reads (issue 40, point 3). */
export const SYNCED_RESOURCE_TYPES = [
	'Patient',
	'Observation',
	'Condition',
	'MedicationRequest',
	'MedicationStatement',
	'AllergyIntolerance',
	'Immunization',
	'DiagnosticReport',
	'DocumentReference',
] as const

/**
 * The scopes to ask for, from what the server declares: SMART v2 `patient/*.rs` when it
 * offers v2 (a capability or a declared v2 scope), else v1 `patient/*.read`; one scope per type
 * when it declares per-type scopes and no wildcard; with `launch/patient offline_access`, and
 * `openid fhirUser` when it names its issuer (the ID token is checked against it).
 */
export function chooseScopes(server: SmartServer): string[] {
	const declared = new Set(server.scopesSupported)
	const isDeclared = (scope: string) => declared.size === 0 || declared.has(scope)
	const offersV2 = server.capabilities.includes('permission-v2') || [...declared].some((scope) => /^patient\/[^.]+\.[cruds]+$/.test(scope))
	const resourceScopes: string[] = []
	if (declared.size === 0 || declared.has('patient/*.rs') || declared.has('patient/*.read')) {
		resourceScopes.push(offersV2 && (declared.size === 0 || declared.has('patient/*.rs')) ? 'patient/*.rs' : 'patient/*.read')
	} else {
		for (const type of SYNCED_RESOURCE_TYPES) {
			const candidates = [`patient/${type}.rs`, `patient/${type}.read`]
			const found = candidates.find((scope) => declared.has(scope))
			if (found) resourceScopes.push(found)
		}
		if (resourceScopes.length === 0) resourceScopes.push(offersV2 ? 'patient/*.rs' : 'patient/*.read')
	}
	const launch = ['launch/patient', 'offline_access'].filter((scope) => scope === 'launch/patient' || isDeclared(scope))
	const identity = server.issuer ? ['openid', 'fhirUser'].filter(isDeclared) : []
	return [...launch, ...identity, ...resourceScopes]
}
