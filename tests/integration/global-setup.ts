import path from 'node:path'
import type { TestProject } from 'vitest/node'
import postgres from 'postgres'
import { startEmbeddedPostgres, withDatabase } from '#db/embedded.ts'
import { migrateAll } from '#db/migrate.ts'

export const TEMPLATE_DATABASE = 'carebook_test_template'

/**
 * One PostgreSQL for the run (DATABASE_URL's server, else an embedded one
 * under tests/.tmp), with a migrated template database that every test file
 * clones into a database of its own.
 */
export default async function setup(project: TestProject) {
	let serverUrl: string
	let stop = async () => {}
	if (process.env.DATABASE_URL) {
		serverUrl = withDatabase(process.env.DATABASE_URL, 'postgres')
	} else {
		const port = Number(process.env.TEST_PG_PORT ?? 54349)
		const server = await startEmbeddedPostgres({
			dataDir: path.resolve('tests/.tmp'),
			folder: `pg-integration-${port}`,
			port,
		})
		serverUrl = server.url
		stop = server.stop
	}
	const admin = postgres(serverUrl, { max: 1, onnotice: () => {} })
	const leftovers = await admin<{ datname: string }[]>`select datname from pg_database where datname like 'carebook_test_%'`
	for (const { datname } of leftovers) await admin.unsafe(`drop database if exists "${datname}" with (force)`)
	await admin.unsafe(`create database "${TEMPLATE_DATABASE}"`)
	await admin.end()
	await migrateAll(withDatabase(serverUrl, TEMPLATE_DATABASE))
	project.provide('pgServerUrl', serverUrl)
	return stop
}

declare module 'vitest' {
	export interface ProvidedContext {
		pgServerUrl: string
	}
}
