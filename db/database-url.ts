import path from 'node:path'
import postgres from 'postgres'
import { getEnv } from '#server/env.server.ts'
import { describeError, logger } from '#server/logger.ts'
import { embeddedServerUrl, startEmbeddedPostgres, withDatabase, type EmbeddedDatabase } from './embedded.ts'

export type DatabaseHandle = {
	url: string
	isEmbedded: boolean
	stop: () => Promise<void>
	/** The embedded server only: settles when its process ends. */
	exited?: EmbeddedDatabase['exited']
	/** The embedded server only: starts it again after it ended (same folder, port and URL). */
	restart?: () => Promise<DatabaseHandle>
}

const APP_DATABASE = 'carebook'

/** Where the embedded server's own log is kept (rotated): beside its data, never in the app's log. */
export function embeddedPostgresLogFile(dataDir: string) {
	return path.join(dataDir, 'logs', 'postgres.log')
}

/**
 * DATABASE_URL when set; otherwise the embedded PostgreSQL under the data
 * directory, started here, with the app's database created on first use.
 */
export async function resolveDatabaseUrl(): Promise<DatabaseHandle> {
	const env = getEnv('database')
	if (env.DATABASE_URL) return { url: env.DATABASE_URL, isEmbedded: false, stop: async () => {} }
	const start = async (): Promise<DatabaseHandle> => {
		const server = await startEmbeddedPostgres({
			dataDir: env.dataDir,
			port: env.EMBEDDED_PG_PORT,
			logFile: embeddedPostgresLogFile(env.dataDir),
			onError: (error) => logger.error('db.embedded_postgres_error', describeError(error)),
		})
		return { url: withDatabase(server.url, APP_DATABASE), isEmbedded: true, stop: server.stop, exited: server.exited, restart: start }
	}
	const handle = await start()
	await ensureDatabase(embeddedServerUrl(env.EMBEDDED_PG_PORT), APP_DATABASE)
	return handle
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
