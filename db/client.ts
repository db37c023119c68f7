import { drizzle, type PostgresJsDatabase } from 'drizzle-orm/postgres-js'
import postgres from 'postgres'
import { currentDatabaseUrl } from '#server/env.server.ts'
import * as platformSchema from './schema/platform.ts'

export type Database = PostgresJsDatabase<typeof platformSchema>
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0]
/** Either the pool or an open transaction: domain functions accept both. */
export type Executor = Database | Transaction

type Connection = { sql: postgres.Sql; db: Database }

/** Seconds a new connection may take to be ready (TCP, TLS, sign-in) before it fails with CONNECT_TIMEOUT. */
export const CONNECT_TIMEOUT_SECONDS = 2
/** The most a connection waits before trying again after a failed one (postgres.js grows its wait to 20 s by default). */
const MAX_RECONNECT_DELAY_SECONDS = 1

/**
 * A pool on `url`. A connection that cannot be made within
 * CONNECT_TIMEOUT_SECONDS fails instead of waiting, and after failures the
 * pool tries again within a second: without a database, requests fail fast,
 * and they succeed again as soon as it is back.
 */
export function connect(url: string, options: { max?: number; applicationName?: string } = {}): Connection {
	const sql = postgres(url, {
		max: options.max ?? 10,
		onnotice: () => {},
		connect_timeout: CONNECT_TIMEOUT_SECONDS,
		backoff: (retries) => Math.min(MAX_RECONNECT_DELAY_SECONDS, 0.05 * 2 ** retries),
		connection: { application_name: options.applicationName ?? 'carebook' },
	})
	return { sql, db: drizzle(sql, { schema: platformSchema }) }
}

/**
 * The process-wide pool lives on globalThis: the production server build
 * (and Vite's module graph in development) holds a copy of this module of
 * its own, and the web server's shutdown and database watch must reach the
 * pool the routes use.
 */
const SHARED = Symbol.for('carebook.db.shared')
type SharedSlot = { [SHARED]?: Connection }
const slot = globalThis as SharedSlot

function sharedConnection(): Connection {
	let shared = slot[SHARED]
	if (!shared) {
		const url = currentDatabaseUrl()
		if (!url) throw new Error('DATABASE_URL is not set: start the app through npm run dev / npm start')
		shared = connect(url)
		slot[SHARED] = shared
	}
	return shared
}

/** The process-wide pool (lazily opened from DATABASE_URL). */
export function getDb(): Database {
	return sharedConnection().db
}

export function getSql(): postgres.Sql {
	return sharedConnection().sql
}

/** Closes the process-wide pool, waiting up to `timeoutSeconds` for queries in flight (0: ends them now, they fail). */
export async function closeDb(options: { timeoutSeconds?: number } = {}) {
	const shared = slot[SHARED]
	if (shared) {
		slot[SHARED] = undefined
		await shared.sql.end({ timeout: options.timeoutSeconds ?? 5 })
	}
}
