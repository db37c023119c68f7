/**
 * Server time of GET / for a signed-in patient (200 requests, one at a time)
 * and of a sign-in (30, Argon2-dominated), against the production build.
 * Usage: npm run build && npm run bench:http
 */
import { existsSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { BENCH_PASSWORD, percentile, registerBenchPatient, startApp, stopApp, waitFor200 } from './bench-support.ts'

if (!existsSync('build/server/index.js')) {
	console.error('run `npm run build` first')
	process.exit(1)
}
const dataDir = await mkdtemp(path.join(tmpdir(), 'carebook-bench-'))
const port = Number(process.env.BENCH_PORT ?? 3220)
const base = `http://localhost:${port}`
const app = startApp({ script: 'start', port, pgPort: Number(process.env.BENCH_PG_PORT ?? 54369), dataDir })
try {
	await waitFor200(`${base}/healthz`)
	const { email, cookie } = await registerBenchPatient(base, 'Bench Mark')
	const password = BENCH_PASSWORD

	const timeRequest = async (request: () => Promise<Response>, expectStatus: number) => {
		const started = performance.now()
		const response = await request()
		await response.arrayBuffer()
		if (response.status !== expectStatus) throw new Error(`unexpected status ${response.status}`)
		return performance.now() - started
	}

	for (let i = 0; i < 20; i++) await timeRequest(() => fetch(`${base}/`, { headers: { cookie } }), 200)
	const pageTimes: number[] = []
	for (let i = 0; i < 200; i++) pageTimes.push(await timeRequest(() => fetch(`${base}/`, { headers: { cookie } }), 200))

	const loginTimes: number[] = []
	for (let i = 0; i < 30; i++) {
		loginTimes.push(
			await timeRequest(
				() =>
					fetch(`${base}/login`, {
						method: 'POST',
						redirect: 'manual',
						headers: { Origin: base, 'Content-Type': 'application/x-www-form-urlencoded' },
						body: new URLSearchParams({ email, password }),
					}),
				302,
			),
		)
	}
	const fmt = (values: number[]) => `median ${percentile(values, 50).toFixed(1)} ms, p95 ${percentile(values, 95).toFixed(1)} ms (n=${values.length})`
	console.log(`GET / signed in: ${fmt(pageTimes)}`)
	console.log(`POST /login (sign-in): ${fmt(loginTimes)}`)
} finally {
	await stopApp(app)
	await rm(dataDir, { recursive: true, force: true })
}
