import postgres from 'postgres'
import { currentDatabaseUrl } from '#server/env.server.ts'
import { describeError, logger } from '#server/logger.ts'
import { closeDb } from './client.ts'

/**
 * Whether the database answers, so that without one a request is refused
 * at once (503) instead of waiting on a pool that keeps trying to connect,
 * and `/healthz` says so within two seconds.
 *
 * A probe is `select 1` on a connection of its own, with a deadline
 * (PROBE_DEADLINE_MS): a database that is gone refuses the connection at
 * once; a frozen one runs into the deadline, which counts as away the
 * second time in a row (once may be a machine too busy). A probe's answer is reused for
 * FRESH_MS, so a busy server asks at most about once a second and an idle
 * one not at all. When the database stops answering, the shared pool is
 * ended: queries waiting on it fail now rather than when the database
 * returns; the next query after recovery opens a new pool.
 *
 * The state lives on globalThis: the web server's middleware and the
 * routes of the server build (`/healthz`) each hold a copy of this module.
 */

export const PROBE_DEADLINE_MS = 1_500
const FRESH_MS = 1_000

/** 'slow': no answer within the deadline (frozen, or a machine too busy to tell); 'unreachable': refused, gone, or an error. */
type ProbeOutcome = 'up' | 'slow' | 'unreachable'

type State = {
	isUp: boolean
	checkedAt: number
	/** Probes in a row that ran into their deadline: the second one in a row counts as the database being away. */
	slowProbes: number
	probe: Promise<ProbeOutcome> | null
	client: postgres.Sql | null
	clientUrl: string | null
}

const STATE = Symbol.for('carebook.db.availability')
const holder = globalThis as { [STATE]?: State }
function state(): State {
	holder[STATE] ??= { isUp: true, checkedAt: 0, slowProbes: 0, probe: null, client: null, clientUrl: null }
	return holder[STATE]
}

export class DatabaseUnavailableError extends Error {
	readonly code = 'DATABASE_UNAVAILABLE'
	constructor() {
		super('The database is not reachable')
		this.name = 'DatabaseUnavailableError'
	}
}

function probeClient(url: string) {
	const current = state()
	if (current.client && current.clientUrl === url) return current.client
	void current.client?.end({ timeout: 0 })
	current.client = postgres(url, {
		max: 1,
		onnotice: () => {},
		connect_timeout: Math.ceil(PROBE_DEADLINE_MS / 1000),
		// a probe never waits for a reconnection: it fails, and the next probe connects anew
		backoff: () => 0,
		idle_timeout: 60,
		connection: { application_name: 'carebook-probe' },
	})
	current.clientUrl = url
	return current.client
}

async function probe(): Promise<ProbeOutcome> {
	const url = currentDatabaseUrl()
	if (!url) return 'unreachable'
	const client = probeClient(url)
	let timer: NodeJS.Timeout | undefined
	let isPastDeadline = false
	try {
		await Promise.race([
			client`select 1`,
			new Promise((_resolve, reject) => {
				timer = setTimeout(() => {
					isPastDeadline = true
					reject(new DatabaseUnavailableError())
				}, PROBE_DEADLINE_MS)
			}),
		])
		return 'up'
	} catch (error) {
		// a connection that timed out may be stuck on a frozen server: the next probe starts afresh
		const current = state()
		if (current.client === client) {
			current.client = null
			current.clientUrl = null
			void client.end({ timeout: 0 }).catch(() => {})
		}
		logger.debug('db.probe_failed', describeError(error))
		return isPastDeadline ? 'slow' : 'unreachable'
	} finally {
		clearTimeout(timer)
	}
}

/** While the database answered last time, how long a request waits for a new probe before it goes on without it (a probe then finishes behind it). */
const UP_WAIT_MS = 50

/**
 * Whether the database answers: the last probe's answer when it is under a
 * second old, else a new probe (one at a time; callers share it). Never
 * takes longer than PROBE_DEADLINE_MS. While the database answered last
 * time, a caller waits at most UP_WAIT_MS for the new probe (a database that
 * went away refuses at once; a busy one is not waited on) and is told it
 * answers. `fresh` asks a new probe whatever the age of the last and waits
 * for it (`/healthz`, a request that is taking long), unless the last one,
 * under a second ago, found the database away.
 */
export async function isDatabaseAvailable(options: { fresh?: boolean } = {}): Promise<boolean> {
	const current = state()
	const isRecent = current.checkedAt > 0 && Date.now() - current.checkedAt < FRESH_MS
	// a database found away within the last second is not asked again, even for `fresh`
	if (isRecent && (!options.fresh || !current.isUp)) return current.isUp
	const probing = startProbe(current)
	// `/healthz` is told what this probe found; requests, what the state now is (one slow probe does not refuse them)
	if (options.fresh) return probing.then((outcome) => outcome === 'up')
	const isUpAfter = probing.then(() => current.isUp)
	if (!current.isUp || !current.checkedAt) return isUpAfter
	let timer: NodeJS.Timeout | undefined
	const gaveUp = new Promise<boolean>((resolve) => {
		timer = setTimeout(() => resolve(true), UP_WAIT_MS)
	})
	return Promise.race([isUpAfter, gaveUp]).finally(() => clearTimeout(timer))
}

/**
 * One probe at a time, and what it changes: an answer means up; a refusal
 * or an error, away; running into the deadline counts as away only the
 * second time in a row (a busy machine can be slow once; a frozen database
 * is slow every time).
 */
function startProbe(current: State): Promise<ProbeOutcome> {
	current.probe ??= probe().then(async (outcome) => {
		const wasUp = current.isUp
		current.slowProbes = outcome === 'slow' ? current.slowProbes + 1 : 0
		current.isUp = outcome === 'up' || (outcome === 'slow' && current.slowProbes < 2 && wasUp)
		current.checkedAt = Date.now()
		current.probe = null
		if (wasUp && !current.isUp) {
			logger.error('db.unavailable', { reason: outcome })
			// queries waiting on connections that will not come fail now
			await closeDb({ timeoutSeconds: 0 }).catch(() => {})
		} else if (!wasUp && current.isUp) {
			logger.warn('db.available_again', {})
		}
		return outcome
	})
	return current.probe
}

/** Ends the probe's connection (the web server is stopping). */
export async function stopDatabaseProbe() {
	const current = state()
	const client = current.client
	current.client = null
	current.clientUrl = null
	await client?.end({ timeout: 0 })
}

/** Codes of errors that mean the database could not be reached or went away, not that a statement failed. */
const UNREACHABLE_CODES = new Set([
	'DATABASE_UNAVAILABLE',
	'ECONNREFUSED',
	'ECONNRESET',
	'ETIMEDOUT',
	'EHOSTUNREACH',
	'ENETUNREACH',
	'EPIPE',
	'CONNECT_TIMEOUT',
	'CONNECTION_CLOSED',
	'CONNECTION_ENDED',
	'CONNECTION_DESTROYED',
	// admin_shutdown, crash_shutdown, cannot_connect_now
	'57P01',
	'57P02',
	'57P03',
])

/** Whether an error (or one of its causes) says the database could not be reached. */
export function isDatabaseUnreachableError(error: unknown): boolean {
	let current: unknown = error
	for (let depth = 0; depth < 5 && current; depth++) {
		const code = typeof current === 'object' && 'code' in current ? (current as { code: unknown }).code : undefined
		// SQLSTATE class 08: connection exceptions
		if (typeof code === 'string' && (UNREACHABLE_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code))) return true
		current = typeof current === 'object' ? (current as { cause?: unknown }).cause : undefined
	}
	return false
}
