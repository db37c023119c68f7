import { drizzle, type PostgresJsDatabase } from 'drizzle-orm/postgres-js'
import postgres from 'postgres'
import { currentDatabaseUrl } from '#server/env.server.ts'
import * as platformSchema from './schema/platform.ts'

export type Database = PostgresJsDatabase<typeof platformSchema>
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0]
/** Either the pool or an open transaction: domain functions accept both. */
export type Executor = Database | Transaction

type Connection = { sql: postgres.Sql; db: Database }

export function connect(url: string, options: { max?: number } = {}): Connection {
	const sql = postgres(url, {
		max: options.max ?? 10,
		onnotice: () => {},
		connection: { application_name: 'carebook' },
	})
	return { sql, db: drizzle(sql, { schema: platformSchema }) }
}

let shared: Connection | undefined

function sharedConnection(): Connection {
	if (!shared) {
		const url = currentDatabaseUrl()
		if (!url) throw new Error('DATABASE_URL is not set: start the app through npm run dev / npm start')
		shared = connect(url)
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

export async function closeDb() {
	if (shared) {
		const { sql } = shared
		shared = undefined
		await sql.end({ timeout: 5 })
	}
}
