import { readFileSync } from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startEmbeddedPostgres, type EmbeddedDatabase } from '#db/embedded.ts'
import { ensureDatabase } from '#db/database-url.ts'
import { registerPatient, startInstance, timed, waitForStatus, type Instance } from './instance.ts'

/** What a page says while the database is away (server/http/database-gate.ts). */
const UNAVAILABLE = 'cannot reach its database'

/** Requests one after another for `ms`: each must answer within two seconds, 503 while the database is away. */
async function eachAnswersWithinTwoSeconds(instance: Instance, cookie: string, ms: number) {
	const answers: Array<{ status: number; ms: number }> = []
	const until = Date.now() + ms
	while (Date.now() < until) {
		const page = await timed(`${instance.base}/`, { headers: { cookie, Accept: 'text/html' } })
		answers.push({ status: page.status, ms: page.ms })
		if (page.status === 503) expect(page.text).toContain(UNAVAILABLE)
	}
	expect(Math.max(...answers.map((answer) => answer.ms))).toBeLessThan(2_000)
	return answers
}

describe('the embedded PostgreSQL killed', () => {
	let instance: Instance
	beforeAll(async () => {
		instance = await startInstance()
	})
	afterAll(async () => {
		await instance?.destroy()
	})

	it('answers 503 within two seconds while it is down, restarts it, and recovers with sessions intact', async () => {
		const cookie = await registerPatient(instance.base)
		expect((await timed(`${instance.base}/`, { headers: { cookie } })).status).toBe(200)

		process.kill(instance.postmasterPid(), 'SIGKILL')
		const page = await timed(`${instance.base}/`, { headers: { cookie, Accept: 'text/html' } })
		expect(page.status).toBe(503)
		expect(page.ms).toBeLessThan(2_000)
		expect(page.text).toContain(UNAVAILABLE)
		expect(page.headers.get('retry-after')).toBe('10')
		const health = await timed(`${instance.base}/healthz`)
		expect(health).toMatchObject({ status: 503, text: 'database unavailable' })
		expect(health.ms).toBeLessThan(2_000)
		const api = await timed(`${instance.base}/api/trpc/documents.list`, { headers: { cookie } })
		expect(api.status).toBe(503)
		expect(JSON.parse(api.text)).toMatchObject({ error: 'database_unavailable' })

		const answers = await eachAnswersWithinTwoSeconds(instance, cookie, 4_000)
		expect(answers.some((answer) => answer.status === 503)).toBe(true)

		// the start script starts it again (1 s back-off, then PostgreSQL's crash recovery)
		await waitForStatus(`${instance.base}/healthz`, 200, 60_000)
		expect((await timed(`${instance.base}/`, { headers: { cookie } })).status).toBe(200)
		expect(instance.output()).toContain('"event":"db.embedded_postgres_exited"')
		expect(instance.output()).toContain('"signal":"SIGKILL"')
		expect(instance.output()).toContain('"event":"db.embedded_postgres_restarted"')
		// its own log is kept under DATA_DIR, with the crash and the recovery
		const log = readFileSync(path.join(instance.dataDir, 'logs/postgres.log'), 'utf8')
		expect(log).toContain('database system was interrupted')
		expect(log).toMatch(/database system is ready to accept connections[\s\S]*database system is ready to accept connections/)
	})

	it('stops within seconds when the database is dead, not after its restart', async () => {
		await waitForStatus(`${instance.base}/healthz`, 200, 60_000)
		process.kill(instance.postmasterPid(), 'SIGKILL')
		await new Promise((resolve) => setTimeout(resolve, 200))
		const stopped = await instance.stop('SIGTERM')
		expect(stopped.code).toBe(0)
		expect(stopped.ms).toBeLessThan(6_000)
	})
})

describe('an external database (DATABASE_URL) that goes away', () => {
	let database: EmbeddedDatabase
	let instance: Instance
	const externalPort = Number(process.env.FAULTS_PG_PORT ?? 54379) + 50
	const folder = `faults-external-${externalPort}`
	const startExternal = () => startEmbeddedPostgres({ dataDir: path.resolve('tests/.tmp'), folder, port: externalPort })

	beforeAll(async () => {
		database = await startExternal()
		await ensureDatabase(database.url, 'carebook_faults')
		const url = database.url.replace(/\/postgres$/, '/carebook_faults')
		instance = await startInstance({ env: { DATABASE_URL: url } })
	})
	afterAll(async () => {
		await instance?.destroy()
		await database?.stop()
	})

	it('answers 503 within two seconds while it is gone and recovers when it returns', async () => {
		const cookie = await registerPatient(instance.base)
		await database.stop()
		const page = await timed(`${instance.base}/`, { headers: { cookie, Accept: 'text/html' } })
		expect(page.status).toBe(503)
		expect(page.ms).toBeLessThan(2_000)
		await eachAnswersWithinTwoSeconds(instance, cookie, 3_000)
		// not the app's to restart: it comes back on its own
		database = await startExternal()
		const recoveredInMs = await waitForStatus(`${instance.base}/healthz`, 200, 30_000)
		expect(recoveredInMs).toBeLessThan(5_000)
		expect((await timed(`${instance.base}/`, { headers: { cookie } })).status).toBe(200)
	})
})
