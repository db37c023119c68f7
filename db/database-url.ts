import postgres from 'postgres'
import { getEnv } from '#server/env.server.ts'
import { describeError, logger } from '#server/logger.ts'
import { embeddedServerUrl, startEmbeddedPostgres, withDatabase } from './embedded.ts'

export type DatabaseHandle = { url: string; isEmbedded: boolean; stop: () => Promise<void> }

const APP_DATABASE = 'carebook'

/**
 * DATABASE_URL when set; otherwise the embedded PostgreSQL under the data
 * directory, started here, with the app's database created on first use.
 */
export async function resolveDatabaseUrl(): Promise<DatabaseHandle> {
	const env = getEnv('database')
	if (env.DATABASE_URL) return { url: env.DATABASE_URL, isEmbedded: false, stop: async () => {} }
	const server = await startEmbeddedPostgres({
		dataDir: env.dataDir,
		port: env.EMBEDDED_PG_PORT,
		onError: (error) => logger.error('db.embedded_postgres_error', describeError(error)),
	})
	await ensureDatabase(server.url, APP_DATABASE)
	return { url: withDatabase(server.url, APP_DATABASE), isEmbedded: true, stop: server.stop }
}

/** The URL the app will use, known before the database is up (so the web server can start alongside it). */
export function plannedDatabaseUrl() {
	const env = getEnv('database')
	return env.DATABASE_URL ?? withDatabase(embeddedServerUrl(env.EMBEDDED_PG_PORT), APP_DATABASE)
}

export async function ensureDatabase(serverUrl: string, name: string, template?: string) {
	const admin = postgres(serverUrl, { max: 1, onnotice: () => {} })
	try {
		const [existing] = await admin`select 1 from pg_database where datname = ${name}`
		if (!existing) {
			const from = template ? ` template "${template}"` : ''
			await admin.unsafe(`create database "${name}"${from}`)
		}
	} finally {
		await admin.end()
	}
}
