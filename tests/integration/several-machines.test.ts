import { spawn, type ChildProcess } from 'node:child_process'
import { randomBytes, randomUUID } from 'node:crypto'
import { readFile, rm } from 'node:fs/promises'
import { createServer } from 'node:net'
import path from 'node:path'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { getDb } from '#db/client.ts'
import { documents, notifications } from '#db/schema/tenant.ts'
import { createSession, registerPatient, SESSION_COOKIE } from '#server/auth/index.ts'
import { AUTH_MESSAGES } from '#server/auth/shared/messages.ts'
import { S3FileStorage } from '#server/storage/index.ts'
import { withTenant } from '#server/tenancy/index.ts'
import { startS3Server } from '#tests/support/s3-server.ts'
import { readSse } from '#tests/support/sse-reader.ts'
import { useTestDatabase } from './test-database.ts'

/**
 * The shape of a deployment on several machines, on one embedded database:
 * two web processes and two workers, each with its own DATA_DIR (no shared
 * disk), the files in an S3 bucket (s3rver on loopback), one SIGNING_SECRET.
 */
const { url } = useTestDatabase()
const FIXTURE = path.resolve('../shared/fixtures/documents/lab/bluewater_final_report.pdf')
const password = 'Correct-horse-9'
const processes: ChildProcess[] = []
const folders: string[] = []
let s3: Awaited<ReturnType<typeof startS3Server>>
const web: Array<{ base: string }> = []

function freePort() {
	return new Promise<number>((resolve) => {
		const server = createServer().listen(0, '127.0.0.1', () => {
			const { port } = server.address() as { port: number }
			server.close(() => resolve(port))
		})
	})
}

function startProcess(entry: string, env: Record<string, string>) {
	const dataDir = path.resolve(`tests/.tmp/machine-${randomUUID()}`)
	folders.push(dataDir)
	const child = spawn(process.execPath, ['--import', 'tsx', entry], {
		env: {
			...process.env,
			...s3.env,
			...env,
			DATABASE_URL: url,
			DATA_DIR: dataDir,
			NODE_ENV: 'development',
			LOG_LEVEL: 'warn',
			DEMO_MODE: 'false',
			WORKER_CONCURRENCY: '2',
		},
		stdio: ['ignore', 'inherit', 'inherit'],
	})
	processes.push(child)
	return child
}

async function startWeb(signingSecret: string) {
	const port = await freePort()
	// development serves through Vite: each web process needs its own HMR port
	startProcess('server/http/main.ts', { PORT: String(port), HMR_PORT: String(await freePort()), HOST: '127.0.0.1', SIGNING_SECRET: signingSecret })
	const base = `http://127.0.0.1:${port}`
	const deadline = Date.now() + 90_000
	for (;;) {
		const answer = await fetch(`${base}/healthz`).catch(() => null)
		if (answer?.ok) return { base }
		if (Date.now() > deadline) throw new Error('web process did not start')
		await new Promise((resolve) => setTimeout(resolve, 250))
	}
}

beforeAll(async () => {
	s3 = await startS3Server()
	const signingSecret = randomBytes(32).toString('base64url')
	web.push(...(await Promise.all([startWeb(signingSecret), startWeb(signingSecret)])))
	startProcess('server/jobs/worker.ts', {})
	startProcess('server/jobs/worker.ts', {})
}, 180_000)

afterAll(async () => {
	await Promise.all(
		processes.map(
			(child) =>
				new Promise<void>((resolve) => {
					if (child.exitCode !== null) return resolve()
					child.once('exit', () => resolve())
					child.kill('SIGTERM')
					setTimeout(() => child.kill('SIGKILL'), 10_000).unref()
				}),
		),
	)
	await s3?.stop()
	for (const folder of folders) await rm(folder, { recursive: true, force: true })
}, 60_000)

async function newPatient() {
	const email = `machines-${randomUUID()}@example.test`
	const { user, organization } = await registerPatient({ name: 'Two Machines', email, password })
	const session = await createSession({ userId: user.id, kind: 'patient', organizationId: organization.id })
	return { email, userId: user.id, organizationId: organization.id, cookie: `${SESSION_COOKIE.patient}=${session.token}` }
}

describe('two web processes and two workers on one database', () => {
	it('processes an upload through web A once, notifies the SSE client on web B, and B serves A’s signed link from the bucket', async () => {
		const patient = await newPatient()
		const [webA, webB] = web
		const stream = await fetch(`${webB!.base}/api/notifications/stream`, { headers: { cookie: patient.cookie, accept: 'text/event-stream' } })
		expect(stream.status).toBe(200)
		const events = readSse(stream.body!)
		await events.next((message) => message.data.type === 'connected', 10_000)

		const pdf = await readFile(FIXTURE)
		const form = new FormData()
		form.append('file', new Blob([pdf], { type: 'application/pdf' }), 'bluewater_final_report.pdf')
		const uploaded = await fetch(`${webA!.base}/api/documents/upload`, { method: 'POST', body: form, headers: { cookie: patient.cookie, origin: webA!.base } })
		expect(uploaded.status).toBe(201)
		const { documentId } = (await uploaded.json()) as { documentId: string }

		// the file is in the bucket, not on web A's disk
		expect(await new S3FileStorage(s3.config).stat(`${patient.organizationId}/${documentId}`)).toEqual({ size: pdf.length })

		const notified = await events.next((message) => message.data.type !== 'connected' && JSON.stringify(message.data).includes(documentId), 90_000)
		expect(notified.data.type).toBeTruthy()
		events.cancel()

		const [document] = await withTenant(patient.organizationId, (tx) =>
			tx.select({ status: documents.status, attempts: documents.attempts }).from(documents).where(eq(documents.id, documentId)),
		)
		expect(document).toEqual({ status: 'processed', attempts: 1 })
		// one notification of each kind (upload, then processed): none written twice by the two workers
		const sent = await withTenant(patient.organizationId, (tx) =>
			tx
				.select({ type: notifications.type })
				.from(notifications)
				.where(eq(notifications.link, `/records/${documentId}`)),
		)
		const types = sent.map((row) => row.type)
		expect(types.length).toBeGreaterThan(0)
		expect(new Set(types).size).toBe(types.length)
		const [jobs] = await getDb().execute<{ count: number }>(
			sql`select count(*)::int as count from graphile_worker.jobs where key = ${`document:${documentId}`}`,
		)
		expect(jobs!.count).toBe(0)

		const linked = await fetch(`${webA!.base}/api/trpc/documents.downloadLink`, {
			method: 'POST',
			headers: { cookie: patient.cookie, origin: webA!.base, 'content-type': 'application/json' },
			body: JSON.stringify({ json: { id: documentId } }),
		})
		expect(linked.status).toBe(200)
		const link = ((await linked.json()) as { result: { data: { json: { url: string } } } }).result.data.json.url
		const whole = await fetch(`${webB!.base}${link}`, { headers: { cookie: patient.cookie } })
		expect(whole.status).toBe(200)
		expect(Buffer.from(await whole.arrayBuffer()).equals(pdf)).toBe(true)
		const part = await fetch(`${webB!.base}${link}`, { headers: { cookie: patient.cookie, range: 'bytes=0-99' } })
		expect(part.status).toBe(206)
		expect(part.headers.get('content-range')).toBe(`bytes 0-99/${pdf.length}`)
		expect(Buffer.from(await part.arrayBuffer()).equals(pdf.subarray(0, 100))).toBe(true)
		const forged = await fetch(`${webB!.base}${link.replace(/sig=[^&]+/, 'sig=forged')}`, { headers: { cookie: patient.cookie } })
		expect(forged.status).toBe(403)
	})

	it('holds on web B a lockout counted on web A', async () => {
		const patient = await newPatient()
		const [webA, webB] = web
		const signIn = (base: string, attempt: string) =>
			fetch(`${base}/login`, {
				method: 'POST',
				headers: { origin: base, 'content-type': 'application/x-www-form-urlencoded' },
				body: new URLSearchParams({ email: patient.email, password: attempt }),
				redirect: 'manual',
			})
		for (let attempt = 0; attempt < 5; attempt++) await (await signIn(webA!.base, 'Wrong-horse-1')).text()
		const refused = await signIn(webB!.base, password)
		expect(refused.status).toBe(423)
		expect(await refused.text()).toContain(AUTH_MESSAGES.accountLocked)
	})
})
