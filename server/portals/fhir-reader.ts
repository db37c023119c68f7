import { PortalFetchRefusedError } from './safe-fetch.ts'
import type { PortalFetcher } from './fetch-policy.ts'

/**
 * Reads from a portal's FHIR API for one sync, as a careful client: the access token is
 * refreshed before it expires and once more when the server says it has (401); 429 waits the
 * Retry-After it names (at most a minute, five times per request) and 5xx backs off 1, 2, 4 s;
 * past that the sync stops with a reason and what it stored so far stays. A type the server
 * does not offer or the patient did not allow (400, 403, 404, 410) is skipped.
 */
export type SyncStopReason =
	| 'rate_limited'
	| 'server_error'
	| 'timeout'
	| 'unreachable'
	| 'private_address'
	| 'too_large'
	| 'needs_reconnect'
	| 'unauthorized'
	| 'time_limit'
	| 'storage_limit'
	| 'disconnected'

export class SyncStop extends Error {
	constructor(readonly reason: SyncStopReason) {
		super(`Sync stopped: ${reason}`)
	}
}

export type ReaderSession = {
	fetcher: PortalFetcher
	accessToken: () => string
	expiresAt: () => Date | null
	/** Refreshes the tokens (and stores them); throws SyncStop('needs_reconnect') when the portal refuses. */
	refresh: () => Promise<void>
	sleep: (ms: number) => Promise<void>
	/** The sync's time limit (epoch ms). */
	deadline: number
	/** Called for each wait on a 429 or 5xx (progress shows it). */
	onWait?: (reason: 'rate_limited' | 'server_error', ms: number) => void
}

export const REFRESH_MARGIN_MS = 60_000
const MAX_RATE_LIMIT_RETRIES = 5
const MAX_SERVER_ERROR_RETRIES = 3
const MAX_RETRY_AFTER_MS = 60_000

export type ReadAnswer =
	{ kind: 'json'; body: unknown } | { kind: 'bytes'; body: Buffer; contentType: string } | { kind: 'skipped'; status: number } | { kind: 'malformed' }

/** Retry-After as seconds or an HTTP date, in ms (capped); the back-off's own wait when absent. */
export function retryAfterMs(header: string | null, fallbackMs: number): number {
	if (!header) return fallbackMs
	const seconds = Number(header)
	if (Number.isFinite(seconds) && seconds >= 0) return Math.min(seconds * 1000, MAX_RETRY_AFTER_MS)
	const date = Date.parse(header)
	if (Number.isFinite(date)) return Math.min(Math.max(date - Date.now(), 0), MAX_RETRY_AFTER_MS)
	return fallbackMs
}

export async function readFromPortal(session: ReaderSession, url: string, options: { binary?: boolean } = {}): Promise<ReadAnswer> {
	let hasRefreshed = false
	let rateLimited = 0
	let serverErrors = 0
	for (;;) {
		if (Date.now() > session.deadline) throw new SyncStop('time_limit')
		const expiresAt = session.expiresAt()
		if (expiresAt && expiresAt.getTime() - Date.now() < REFRESH_MARGIN_MS && !hasRefreshed) {
			await session.refresh()
			hasRefreshed = true
		}
		let response: Response
		try {
			response = await session.fetcher(url, {
				headers: { authorization: `Bearer ${session.accessToken()}`, accept: options.binary ? '*/*' : 'application/fhir+json, application/json' },
			})
		} catch (error) {
			if (error instanceof PortalFetchRefusedError) {
				const reason = error.reason === 'private_address' || error.reason === 'too_large' || error.reason === 'timeout' ? error.reason : 'unreachable'
				throw new SyncStop(reason)
			}
			throw error
		}
		if (response.status === 401) {
			if (hasRefreshed) throw new SyncStop('unauthorized')
			await session.refresh()
			hasRefreshed = true
			continue
		}
		if (response.status === 429) {
			if (++rateLimited > MAX_RATE_LIMIT_RETRIES) throw new SyncStop('rate_limited')
			const wait = retryAfterMs(response.headers.get('retry-after'), 1000 * 2 ** (rateLimited - 1))
			session.onWait?.('rate_limited', wait)
			await session.sleep(wait)
			continue
		}
		if (response.status >= 500) {
			if (++serverErrors > MAX_SERVER_ERROR_RETRIES) throw new SyncStop('server_error')
			const wait = 1000 * 2 ** (serverErrors - 1)
			session.onWait?.('server_error', wait)
			await session.sleep(wait)
			continue
		}
		if (response.status !== 200) return { kind: 'skipped', status: response.status }
		if (options.binary) {
			const contentType = response.headers.get('content-type') ?? ''
			return { kind: 'bytes', body: Buffer.from(await response.arrayBuffer()), contentType }
		}
		try {
			return { kind: 'json', body: JSON.parse(await response.text()) as unknown }
		} catch {
			return { kind: 'malformed' }
		}
	}
}
