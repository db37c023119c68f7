import { spawn, type ChildProcess } from 'node:child_process'

/** Starts the app (npm run dev / npm start) with its own data folder and ports. */
export function startApp(options: { script: 'dev' | 'start'; port: number; pgPort: number; dataDir: string }) {
	const child = spawn('npm', ['run', options.script], {
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
		},
		stdio: ['ignore', 'ignore', 'inherit'],
		detached: true,
	})
	return child
}

export async function stopApp(child: ChildProcess) {
	if (child.exitCode !== null) return
	const exited = new Promise((resolve) => child.once('exit', resolve))
	process.kill(-child.pid!, 'SIGINT')
	await exited
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
