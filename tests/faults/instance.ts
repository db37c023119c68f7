import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, readFileSync, readdirSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'

/**
 * A started instance of the production build for the fault suite, run the
 * way the container runs it: the Dockerfile's command (`node --import tsx
 * scripts/start.ts`, read from the Dockerfile), which receives the signals
 * itself. Each instance has its own data folder and ports.
 */

export const ROOT = path.resolve(import.meta.dirname, '../..')
export const FIXTURES = path.resolve(ROOT, '../shared/fixtures/documents')
const BASE_PORT = Number(process.env.FAULTS_PORT ?? 3170)
const BASE_PG_PORT = Number(process.env.FAULTS_PG_PORT ?? 54379)
let instances = 0

/** The container's command from the Dockerfile (exec form). */
export function dockerCommand(): string[] {
	const dockerfile = readFileSync(path.join(ROOT, 'Dockerfile'), 'utf8')
	const line = [...dockerfile.matchAll(/^CMD\s+(.+)$/gm)].at(-1)?.[1]
	if (!line) throw new Error('no CMD in the Dockerfile')
	return JSON.parse(line) as string[]
}

export type Instance = {
	base: string
	port: number
	pgPort: number
	dataDir: string
	process: ChildProcess
	/** What the instance wrote (stdout and stderr), so far. */
	output: () => string
	exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>
	/** The embedded PostgreSQL server's process id (its lock file). */
	postmasterPid: () => number
	/** Sends `signal` to the start script and waits for it to end; the time it took. */
	stop: (signal?: NodeJS.Signals) => Promise<{ code: number | null; ms: number }>
	/** Kills whatever is left of it (its process group, its database server) and removes its data. */
	destroy: () => Promise<void>
}

export async function startInstance(options: { env?: Record<string, string>; prepare?: (dataDir: string) => Promise<void> } = {}): Promise<Instance> {
	if (!existsSync(path.join(ROOT, 'build/server/index.js'))) throw new Error('run `npm run build` first (npm run test:faults does)')
	const offset = instances++
	const port = BASE_PORT + offset
	const pgPort = BASE_PG_PORT + offset
	const dataDir = await mkdtemp(path.join(os.tmpdir(), 'carebook-faults-'))
	await options.prepare?.(dataDir)
	const [command, ...args] = dockerCommand()
	if (command !== 'node') throw new Error(`unexpected container command ${command}`)
	const child = spawn(process.execPath, args, {
		cwd: ROOT,
		env: {
			PATH: process.env.PATH,
			HOME: process.env.HOME,
			NODE_ENV: 'test',
			PORT: String(port),
			EMBEDDED_PG_PORT: String(pgPort),
			DATA_DIR: dataDir,
			DATABASE_URL: '',
			DEMO_MODE: 'true',
			LOG_LEVEL: 'warn',
			LOGIN_IP_MAX_FAILURES: '10000',
			REGISTER_IP_MAX_PER_HOUR: '10000',
			...options.env,
		},
		stdio: ['ignore', 'pipe', 'pipe'],
		detached: true,
	})
	let output = ''
	child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')))
	child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')))
	const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
		child.once('exit', (code, signal) => resolve({ code, signal })),
	)
	const base = `http://localhost:${port}`
	const instance: Instance = {
		base,
		port,
		pgPort,
		dataDir,
		process: child,
		output: () => output,
		exited,
		postmasterPid: () => Number(readFileSync(path.join(dataDir, 'postgres/postmaster.pid'), 'utf8').split('\n', 1)[0]),
		async stop(signal = 'SIGTERM') {
			const started = Date.now()
			child.kill(signal)
			const { code } = await exited
			return { code, ms: Date.now() - started }
		},
		async destroy() {
			try {
				process.kill(-child.pid!, 'SIGKILL')
			} catch {
				// gone
			}
			for (const pid of processesOf(dataDir)) {
				try {
					process.kill(pid, 'SIGKILL')
				} catch {
					// gone
				}
			}
			await rm(dataDir, { recursive: true, force: true }).catch(() => {})
		},
	}
	try {
		await waitForStatus(`${base}/healthz`, 200, 180_000, () => child.exitCode !== null)
	} catch (error) {
		await instance.destroy()
		throw new Error(`the instance did not start: ${(error as Error).message}\n${output}`)
	}
	return instance
}

/** Processes whose command line or environment names `dataDir` (the instance's servers, its database, its extraction children). */
export function processesOf(dataDir: string): number[] {
	const pids: number[] = []
	for (const name of readdirSync('/proc')) {
		if (!/^\d+$/.test(name) || Number(name) === process.pid) continue
		try {
			const command = readFileSync(`/proc/${name}/cmdline`, 'utf8')
			const environment = readFileSync(`/proc/${name}/environ`, 'utf8')
			if (command.includes(dataDir) || environment.includes(`DATA_DIR=${dataDir}\0`)) pids.push(Number(name))
		} catch {
			// gone, or not readable
		}
	}
	return pids
}

export async function waitForStatus(url: string, status: number, timeoutMs: number, hasFailed: () => boolean = () => false) {
	const started = Date.now()
	for (;;) {
		if (hasFailed()) throw new Error('the instance exited')
		try {
			const response = await fetch(url, { signal: AbortSignal.timeout(5_000) })
			await response.arrayBuffer()
			if (response.status === status) return Date.now() - started
		} catch {
			// not answering yet
		}
		if (Date.now() - started > timeoutMs) throw new Error(`no ${status} from ${url} within ${timeoutMs} ms`)
		await new Promise((resolve) => setTimeout(resolve, 100))
	}
}

export async function waitUntil<T>(
	probe: () => Promise<T | null | undefined | false> | T | null | undefined | false,
	timeoutMs: number,
	what: string,
): Promise<T> {
	const started = Date.now()
	for (;;) {
		const value = await probe()
		if (value) return value
		if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`)
		await new Promise((resolve) => setTimeout(resolve, 100))
	}
}

/** A request and how long its answer took. */
export async function timed(url: string, init: RequestInit = {}) {
	const started = performance.now()
	const response = await fetch(url, { ...init, signal: AbortSignal.timeout(30_000) })
	const text = await response.text()
	return { status: response.status, text, ms: performance.now() - started, headers: response.headers }
}

export const PASSWORD = 'Correct-horse-9'

/** Signs a new patient up through the real form; the session cookie. */
export async function registerPatient(base: string) {
	const email = `faults-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.test`
	const response = await fetch(`${base}/register`, {
		method: 'POST',
		redirect: 'manual',
		headers: { Origin: base, 'Content-Type': 'application/x-www-form-urlencoded' },
		body: new URLSearchParams({ name: 'Fault Patient', email, password: PASSWORD, confirmPassword: PASSWORD }),
	})
	const setCookie = response.headers.get('set-cookie')
	if (!setCookie) throw new Error(`registration answered ${response.status} without a session cookie`)
	return setCookie.split(';')[0]!
}

/** Uploads through the page's upload API; the answer's status and body. */
export async function upload(base: string, cookie: string, name: string, bytes: Buffer) {
	const form = new FormData()
	form.append('file', new Blob([new Uint8Array(bytes)], { type: 'application/pdf' }), name)
	const started = performance.now()
	const response = await fetch(`${base}/api/documents/upload`, { method: 'POST', headers: { cookie, Origin: base }, body: form })
	const body = (await response.json()) as { documentId?: string; message?: string; error?: string }
	return { status: response.status, body, ms: performance.now() - started }
}

/** The instance's database (its embedded server), for what the tests check behind the app. */
export function databaseUrl(instance: Pick<Instance, 'pgPort'>) {
	return `postgres://postgres:carebook-local@127.0.0.1:${instance.pgPort}/carebook`
}
