import { getEnv } from '#server/env.server.ts'
import { portalFetch, type PortalFetchInit, type PortalFetchPolicy } from './safe-fetch.ts'

/** A request's time limit (discovery, tokens, one FHIR page). */
export const PORTAL_REQUEST_TIMEOUT_MS = 30_000

/** The environment's rules: loopback only outside production, PORTAL_RESPONSE_MAX_MB per answer. */
export function portalFetchPolicy(overrides: Partial<PortalFetchPolicy> = {}): PortalFetchPolicy {
	const env = getEnv()
	return { allowLoopback: !env.isProduction, maxBytes: env.PORTAL_RESPONSE_MAX_MB * 1_000_000, timeoutMs: PORTAL_REQUEST_TIMEOUT_MS, ...overrides }
}

export type PortalFetcher = (url: string | URL, init?: PortalFetchInit) => Promise<Response>

export function portalFetcher(policy: PortalFetchPolicy = portalFetchPolicy()): PortalFetcher {
	return (url, init = {}) => portalFetch(url, init, policy)
}
