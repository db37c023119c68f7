import { spawn, type ChildProcess } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import os from 'node:os'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import postgres from 'postgres'

/** Starts the app (npm run dev / npm start) with its own data folder and ports. */
export function startApp(options: { script: 'dev' | 'start'; port: number; pgPort: number; dataDir: string; env?: Record<string, string> }) {
	// The start script itself (what `npm run dev` / `npm start` run), without npm and its shell, which would not pass a signal on.
	const tsx = pathToFileURL(createRequire(path.resolve('package.json')).resolve('tsx')).href
	const child = spawn(process.execPath, ['--import', tsx, 'scripts/start.ts', ...(options.script === 'dev' ? ['--dev'] : [])], {
		env: {
			...process.env,
			PORT: String(options.port),
			EMBEDDED_PG_PORT: String(options.pgPort),
			HMR_PORT: String(options.port + 20_000),
			DATA_DIR: options.dataDir,
			DATABASE_URL: '',
			NODE_ENV: options.script === 'dev' ? 'development' : 'test',
			DEMO_MODE: 'true',
			LOG_LEVEL: 'warn',
			LOGIN_IP_MAX_FAILURES: '100000',
			...options.env,
		},
		stdio: ['ignore', 'ignore', 'inherit'],
		detached: true,
	})
	return child
}

/**
 * Stops the app as its start script does on SIGTERM: the web server and the worker close their
 * database pools and extraction processes, then the database stops. Only the start script is
 * signalled: a signal to the whole process group would reach PostgreSQL at the same time and end
 * the pools' connections under them.
 */
export async function stopApp(child: ChildProcess) {
	if (child.exitCode !== null) return
	const exited = new Promise((resolve) => child.once('exit', resolve))
	child.kill('SIGTERM')
	// whatever is left after a minute (a stuck child) goes with its process group
	const stuck = setTimeout(() => process.kill(-child.pid!, 'SIGKILL'), 60_000)
	await exited
	clearTimeout(stuck)
}

export async function waitFor200(url: string, timeoutMs = 180_000) {
	const started = Date.now()
	while (Date.now() - started < timeoutMs) {
		try {
			const response = await fetch(url)
			if (response.status === 200) return Date.now() - started
		} catch {
			// not listening yet
		}
		await new Promise((resolve) => setTimeout(resolve, 50))
	}
	throw new Error(`no 200 from ${url} within ${timeoutMs} ms`)
}

export function percentile(values: number[], p: number) {
	const sorted = [...values].sort((a, b) => a - b)
	return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!
}

/**
 * Times `run` `runs` times after `warmUp` unmeasured runs and prints one
 * line: p50, p95 and max in milliseconds. Returns the p95.
 */
export async function measureLatency(label: string, run: () => Promise<unknown>, options: { runs: number; warmUp: number; labelWidth?: number }) {
	for (let index = 0; index < options.warmUp; index++) await run()
	const times: number[] = []
	for (let index = 0; index < options.runs; index++) {
		const started = performance.now()
		await run()
		times.push(performance.now() - started)
	}
	const p95 = percentile(times, 95)
	console.log(
		`${label.padEnd(options.labelWidth ?? 44)} p50 ${percentile(times, 50).toFixed(1).padStart(6)} ms   p95 ${p95.toFixed(1).padStart(6)} ms   max ${Math.max(
			...times,
		)
			.toFixed(1)
			.padStart(6)} ms`,
	)
	return p95
}

/**
 * A fresh, migrated database on an embedded PostgreSQL of the benchmark's
 * own (under the system's temporary folder), with DATABASE_URL pointing at it
 * and logs silenced. Import app modules after this: the pool opens lazily.
 */
export async function startBenchDatabase(options: { name: string; port: number }) {
	const { startEmbeddedPostgres, withDatabase } = await import('#db/embedded.ts')
	const { migrateAll } = await import('#db/migrate.ts')
	const server = await startEmbeddedPostgres({ dataDir: path.join(os.tmpdir(), options.name), port: options.port })
	const admin = postgres(server.url, { max: 1, onnotice: () => {} })
	await admin.unsafe(`drop database if exists "${options.name}" with (force)`)
	await admin.unsafe(`create database "${options.name}"`)
	await admin.end()
	const url = withDatabase(server.url, options.name)
	await migrateAll(url)
	process.env.DATABASE_URL = url
	process.env.LOG_LEVEL = 'silent'
	return server
}

export const BENCH_PASSWORD = 'Correct-horse-9'

/** Registers a new patient through the real sign-up form; its e-mail and the session cookie (`name=value`). */
export async function registerBenchPatient(base: string, name: string) {
	const email = `bench-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.test`
	const response = await fetch(`${base}/register`, {
		method: 'POST',
		redirect: 'manual',
		headers: { Origin: base, 'Content-Type': 'application/x-www-form-urlencoded' },
		body: new URLSearchParams({ name, email, password: BENCH_PASSWORD, confirmPassword: BENCH_PASSWORD }),
	})
	const setCookie = response.headers.get('set-cookie')
	if (!setCookie) throw new Error(`registration answered ${response.status} without a session cookie`)
	return { email, cookie: setCookie.split(';')[0]! }
}

/** The web server process (server/http/main.ts) among an app's processes (the start script's process group). */
export function webProcessId(app: ChildProcess): number {
	for (const entry of readdirSync('/proc')) {
		if (!/^\d+$/.test(entry)) continue
		try {
			const stat = readFileSync(`/proc/${entry}/stat`, 'utf8')
			const processGroup = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[2])
			if (processGroup !== app.pid) continue
			if (readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes('server/http/main.ts')) return Number(entry)
		} catch {
			// the process ended meanwhile
		}
	}
	throw new Error('web process not found')
}

/** A process's resident memory in bytes (Linux /proc). */
export function residentBytes(pid: number) {
	const line = readFileSync(`/proc/${pid}/status`, 'utf8').match(/^VmRSS:\s+(\d+) kB/m)
	if (!line) throw new Error('no VmRSS')
	return Number(line[1]) * 1024
}

const settle = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * A process's inspector, opened by SIGUSR1 on the address its NODE_OPTIONS name
 * (`--inspect-port=host:port`; nothing listens until then), for full garbage
 * collections and heap figures. Needs the WebSocket client
 * (`tsx --experimental-websocket` on Node 20).
 */
export async function openInspector(pid: number, address: { host: string; port: number }) {
	process.kill(pid, 'SIGUSR1')
	let url: string | undefined
	for (let attempt = 0; attempt < 100 && !url; attempt++) {
		try {
			const targets = (await (await fetch(`http://${address.host}:${address.port}/json/list`)).json()) as { webSocketDebuggerUrl: string }[]
			url = targets[0]?.webSocketDebuggerUrl
		} catch {
			await settle(100)
		}
	}
	if (!url) throw new Error('the process opened no inspector')
	const socket = new WebSocket(url)
	await new Promise((resolve, reject) => {
		socket.addEventListener('open', resolve, { once: true })
		socket.addEventListener('error', reject, { once: true })
	})
	let nextId = 0
	const pending = new Map<number, (result: unknown) => void>()
	socket.addEventListener('message', (event: MessageEvent<string>) => {
		const message = JSON.parse(event.data) as { id?: number; result?: unknown }
		if (message.id !== undefined) pending.get(message.id)?.(message.result)
	})
	const call = <T>(method: string) =>
		new Promise<T>((resolve) => {
			const id = ++nextId
			pending.set(id, (result) => resolve(result as T))
			socket.send(JSON.stringify({ id, method }))
		})
	return {
		/** Resident and heap bytes after two full collections (the second frees what the first's finalizers released). */
		async memoryAfterCollection() {
			await call('HeapProfiler.collectGarbage')
			await call('HeapProfiler.collectGarbage')
			const heap = await call<{ usedSize: number }>('Runtime.getHeapUsage')
			// V8 gives freed pages back in the background: read once two readings a second apart agree within 1 MB (at most 10 s).
			let resident = residentBytes(pid)
			for (let attempt = 0; attempt < 10; attempt++) {
				await settle(1_000)
				const next = residentBytes(pid)
				const isSteady = Math.abs(next - resident) < 1024 * 1024
				resident = next
				if (isSteady) break
			}
			return { resident, heap: heap.usedSize }
		},
		close: () => socket.close(),
	}
}
