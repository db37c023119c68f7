/**
 * npm run bench:portal
 *
 * Patient-portal connections (issue 40) against the local test portal, which runs in a process
 * of its own (scripts/test-portal.ts) as a real portal would. This process is the worker: a
 * graphile-worker runner with the app's tasks (portal syncs, and documents read in child
 * processes with the environment's limits), on its own embedded PostgreSQL (BENCH_PG_PORT,
 * default 54369). Prints:
 *
 * 1. Connect to the first records: from Connect (discovery, sign-in and consent at the portal,
 *    the callback) to the first record read and stored (what /records lists), for a patient of
 *    1,000 resources (target < 30 s).
 * 2. A sync of 10,000 resources: wall time of the sync job, then until every record it made is
 *    read; the worker's resident memory growth during the sync (target < 60 s, < 200 MB).
 * 3. A second sync: new rows in documents, health_parameters, medications (target 0).
 * 4. Fairness: another tenant's upload, queued while three tenants' portals answer slowly
 *    (2 s a request), waits no longer than one document's time (its wait is compared with
 *    the document's own processing time and with the same upload on an idle worker).
 */
import { spawn } from 'node:child_process'
import { createRequire } from 'node:module'
import { mkdtemp, readFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { createInterface } from 'node:readline'
import { pathToFileURL } from 'node:url'
import { startBenchDatabase } from './bench-support.ts'

const DATABASE = 'carebook_bench_portal'
const REDIRECT_URI = 'http://localhost:3000/connections/callback'
const SMALL = 1_000
const LARGE = 10_000

process.env.DATA_DIR = await mkdtemp(path.join(os.tmpdir(), 'carebook-bench-portal-'))
const database = await startBenchDatabase({ name: DATABASE, port: Number(process.env.BENCH_PG_PORT ?? 54369) })

const { and, eq, sql } = await import('drizzle-orm')
const { Logger, run } = await import('graphile-worker')
const { closeDb } = await import('#db/client.ts')
const { documents } = await import('#db/schema/tenant.ts')
const { createSession, patientOf, registerPatient, validateSessionToken } = await import('#server/auth/index.ts')
const { storeUploadedDocument } = await import('#server/documents/index.ts')
const { detectFileType } = await import('#server/extraction/index.ts')
const portals = await import('#server/portals/index.ts')
const { withTenant } = await import('#server/tenancy/index.ts')
const { taskList } = await import('#server/jobs/task-list.ts')
const { signInAtTestPortal, TEST_PORTAL_CLIENTS } = await import('../tests/support/portal-server.ts')
type PatientContext = import('#server/auth/patient.ts').PatientContext

/** The test portal in a child process; its addresses. */
async function startPortalProcess(args: string[]) {
	const tsx = pathToFileURL(createRequire(path.resolve('package.json')).resolve('tsx')).href
	const child = spawn(process.execPath, ['--import', tsx, 'scripts/test-portal.ts', `--redirect-uri=${REDIRECT_URI}`, ...args], {
		stdio: ['ignore', 'pipe', 'ignore'],
	})
	const line = await new Promise<string>((resolve, reject) => {
		createInterface({ input: child.stdout! }).once('line', resolve)
		child.once('exit', (code) => reject(new Error(`test portal exited (${code})`)))
	})
	return { ...(JSON.parse(line) as { issuer: string; fhirBaseUrl: string }), stop: () => child.kill('SIGTERM') }
}

const fast = await startPortalProcess([`--generate=small:${SMALL}`, `--generate=large:${LARGE}`, '--page-size=100', '--no-rate-limit'])
const slow = await startPortalProcess(['--delay-ms=2000', '--page-size=20', '--no-rate-limit'])
const admin = await registerPatient({ name: 'Bench Admin', email: `bench-admin-${Date.now()}@example.test`, password: 'Correct-horse-9' })
const endpoints: Record<string, string> = {}
for (const [name, portal] of Object.entries({ fast, slow })) {
	const { key } = await portals.addDeploymentEndpoint({ name: `Bench ${name} portal`, fhirBaseUrl: portal.fhirBaseUrl })
	await portals.saveClientRegistration(key, { clientId: TEST_PORTAL_CLIENTS.public, authMethod: 'none', clientSecret: null }, admin.user.id)
	endpoints[name] = key
}

// the app's worker settings (server/jobs/worker.ts): two jobs at a time; its log is left out here
const runner = await run({
	connectionString: process.env.DATABASE_URL!,
	concurrency: 2,
	noHandleSignals: true,
	pollInterval: 2_000,
	taskList,
	logger: new Logger(() => () => {}),
})

async function newPatient(name: string) {
	const created = await registerPatient({ name, email: `bench-${Math.random().toString(36).slice(2)}@example.test`, password: 'Correct-horse-9' })
	const { token } = await createSession({ userId: created.user.id, kind: 'patient', organizationId: created.organization.id })
	return patientOf((await validateSessionToken(token, 'patient')) as PatientContext, '127.0.0.1')
}

async function connect(patient: Awaited<ReturnType<typeof newPatient>>, endpointKey: string, login: string) {
	const started = await portals.startPortalSignIn(patient, { endpointKey }, REDIRECT_URI)
	if (!started.ok) throw new Error(`connect refused: ${started.code}`)
	const completed = await portals.completePortalSignIn(patient, new URL(await signInAtTestPortal(started.authorizationUrl, login)))
	if (!completed.ok) throw new Error(`callback refused: ${completed.code}`)
	return completed.connectionId
}

async function until<T>(check: () => Promise<T | null | undefined | false>, timeoutMs = 600_000): Promise<T> {
	const started = Date.now()
	for (;;) {
		const value = await check()
		if (value) return value
		if (Date.now() - started > timeoutMs) throw new Error('timed out')
		await new Promise((resolve) => setTimeout(resolve, 100))
	}
}

async function documentStates(patient: { userId: string; organizationId: string }) {
	return withTenant(patient.organizationId, (tx) =>
		tx
			.select({ status: documents.status, uploadedAt: documents.uploadedAt, processedAt: documents.processedAt })
			.from(documents)
			.where(eq(documents.ownerId, patient.userId)),
	)
}

async function connectionState(patient: Awaited<ReturnType<typeof newPatient>>) {
	const [connection] = await portals.listPortalConnections(patient)
	return connection!
}

async function rowCounts(patient: { userId: string; organizationId: string }) {
	return withTenant(patient.organizationId, async (tx) => {
		const [row] = await tx.execute<{ documents: number; parameters: number; medications: number; ledger: number }>(sql`select
			(select count(*)::int from documents where owner_id = ${patient.userId}) as documents,
			(select count(*)::int from health_parameters where owner_id = ${patient.userId}) as parameters,
			(select count(*)::int from medications where owner_id = ${patient.userId}) as medications,
			(select count(*)::int from portal_resources) as ledger`)
		return row!
	})
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`
const mb = (bytes: number) => `${Math.round(bytes / 1024 / 1024)} MB`

// 1. Connect to the first records, 1,000 resources
{
	const patient = await newPatient('Generated small')
	const started = performance.now()
	await connect(patient, endpoints.fast!, 'small')
	const connectedMs = performance.now() - started
	await until(async () => (await documentStates(patient)).some((document) => document.status === 'processed'))
	const firstMs = performance.now() - started
	await until(
		async () => (await connectionState(patient)).syncState === 'idle' && (await documentStates(patient)).every((document) => document.status === 'processed'),
	)
	const counts = await rowCounts(patient)
	console.log(
		`connect to first records (${SMALL.toLocaleString('en-US')} resources): ${seconds(firstMs)} (sign-in and callback ${seconds(connectedMs)}), all read ${seconds(performance.now() - started)}; ${counts.parameters} lab values in ${counts.documents} record(s); target < 30 s`,
	)
}

// 2. A sync of 10,000 resources, and 3. a second sync
{
	const patient = await newPatient('Generated large')
	global.gc?.()
	const baseline = process.memoryUsage().rss
	let peak = baseline
	const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 50)
	const started = performance.now()
	await connect(patient, endpoints.fast!, 'large')
	const connection = await until(async () => {
		const state = await connectionState(patient)
		return state.syncState === 'idle' && state.progress?.phase === 'done' ? state : null
	})
	const syncMs = performance.now() - started
	const syncPeak = peak
	await until(async () => (await documentStates(patient)).every((document) => document.status === 'processed'))
	const allMs = performance.now() - started
	clearInterval(sampler)
	const first = await rowCounts(patient)
	console.log(
		`sync of ${connection.progress!.fetched.toLocaleString('en-US')} resources: ${seconds(syncMs)} (fetched and stored as ${first.documents} records), all records read ${seconds(allMs)}; worker RSS growth during the sync ${mb(syncPeak - baseline)}, until read ${mb(peak - baseline)}; targets < 60 s, < 200 MB`,
	)
	const connectionId = (await portals.listPortalConnections(patient))[0]!.id
	const secondStarted = performance.now()
	const requested = await portals.requestPortalSync(patient, connectionId)
	if (!requested.ok) throw new Error(requested.code)
	await until(async () => {
		const state = await connectionState(patient)
		return state.syncState === 'idle' && state.lastSyncAt && new Date(state.lastSyncAt).getTime() > Date.now() - (performance.now() - secondStarted) - 1000
	})
	await until(async () => (await documentStates(patient)).every((document) => document.status === 'processed'))
	const second = await rowCounts(patient)
	console.log(
		`second sync: ${seconds(performance.now() - secondStarted)}; new rows: documents ${second.documents - first.documents}, health parameters ${second.parameters - first.parameters}, medications ${second.medications - first.medications}, ledger ${second.ledger - first.ledger}; target 0`,
	)
}

// 4. Fairness: another tenant's document while three tenants' portals answer slowly
{
	const pdf = await readFile(path.resolve('../shared/fixtures/documents/lab/bluewater_final_report.pdf'))
	const { createHash } = await import('node:crypto')
	const { writeFile, mkdir } = await import('node:fs/promises')
	const { uploadTempDir } = await import('#server/storage/index.ts')
	async function uploadAndWait(label: string) {
		const patient = await newPatient(`Upload ${label}`)
		await mkdir(uploadTempDir(), { recursive: true })
		const tempPath = path.join(uploadTempDir(), `bench-${Math.random().toString(36).slice(2)}`)
		await writeFile(tempPath, pdf)
		const outcome = await storeUploadedDocument(
			{ userId: patient.userId, organizationId: patient.organizationId },
			{
				tempPath,
				originalName: 'report.pdf',
				size: pdf.length,
				sha256: createHash('sha256').update(pdf).digest('hex'),
				type: detectFileType(pdf, 'report.pdf'),
			},
		)
		if (!outcome.ok) throw new Error(outcome.code)
		const [row] = await until(async () => {
			const rows = await withTenant(patient.organizationId, (tx) =>
				tx
					.select({ uploadedAt: documents.uploadedAt, startedAt: documents.processingStartedAt, processedAt: documents.processedAt, status: documents.status })
					.from(documents)
					.where(and(eq(documents.id, outcome.documentId), eq(documents.status, 'processed'))),
			)
			return rows.length > 0 ? rows : null
		})
		return { waitMs: row!.startedAt!.getTime() - row!.uploadedAt.getTime(), processMs: row!.processedAt!.getTime() - row!.startedAt!.getTime() }
	}
	const idle = await uploadAndWait('idle')
	const slowPatients = await Promise.all([0, 1, 2].map((index) => newPatient(`Slow ${index}`)))
	for (const patient of slowPatients) await connect(patient, endpoints.slow!, 'clint')
	// the slow syncs have started (one at a time: the portal queue) before the upload
	await until(async () => (await Promise.all(slowPatients.map(connectionState))).some((state) => state.syncState === 'syncing'))
	const busy = await uploadAndWait('during slow syncs')
	const states = await Promise.all(slowPatients.map(connectionState))
	console.log(
		`fairness: an upload's wait for the worker ${seconds(busy.waitMs)} while 3 portals answer in 2 s a request (${states.filter((state) => state.syncState !== 'idle').length} syncs still waiting or running), against ${seconds(idle.waitMs)} on an idle worker; one document's time ${seconds(busy.processMs)}; target: wait <= one document's time`,
	)
	for (const patient of slowPatients) await portals.disconnectPortal(patient, (await connectionState(patient)).id, { deleteRecords: false })
}

await runner.stop()
fast.stop()
slow.stop()
await closeDb()
await database.stop()
process.exit(0)
