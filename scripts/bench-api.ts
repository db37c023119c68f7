/**
 * npm run bench:api
 *
 * The REST API (/api/v1, server/api) in-process, with real Requests through
 * handleApiRequest (key check, rate limit, usage count, validation, domain,
 * JSON): GET /api/v1/documents for a key whose owner has 1,000 documents,
 * p50 / p95 / max over 200 runs after 20 warm-up runs (target p95 < 50 ms);
 * then 10,000 calls from 50 concurrent clients (each a loop awaiting its
 * previous call) with one key, and the organization's API-call usage must be
 * exactly 10,000 (no lost increments). Uses its own embedded PostgreSQL
 * (port BENCH_PG_PORT, default 54479, data under the OS temp folder) and a
 * fresh database each run.
 */
import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { closeDb, getDb } from '#db/client.ts'
import { subscriptions } from '#db/schema/platform.ts'
import { documents } from '#db/schema/tenant.ts'
import { measureLatency, percentile, startBenchDatabase } from './bench-support.ts'

const DOCUMENT_COUNT = 1_000
const RUNS = 200
const WARM_UP = 20
const TARGET_P95_MS = 50
const CONCURRENT_CLIENTS = 50
const COUNTED_CALLS = 10_000
const DATABASE = 'carebook_bench_api'

const server = await startBenchDatabase({ name: DATABASE, port: Number(process.env.BENCH_PG_PORT ?? 54479) })
// Counting, not limiting, is measured here: the per-key limit is set out of the way.
process.env.API_RATE_LIMIT_PER_MINUTE = String(COUNTED_CALLS * 10)

// Imported after DATABASE_URL is set: the app's pool opens lazily from it.
const { registerPatient } = await import('#server/auth/index.ts')
const { createApiKey, handleApiRequest } = await import('#server/api/index.ts')
const { getSubscriptionUsage } = await import('#server/billing/index.ts')
const { withTenant } = await import('#server/tenancy/index.ts')

const { user, organization } = await registerPatient({ name: 'Bench Patient', email: `bench-${Date.now()}@example.test`, password: 'Correct-horse-9' })
await getDb().update(subscriptions).set({ plan: 'enterprise', status: 'active' }).where(eq(subscriptions.organizationId, organization.id))
const patient = { userId: user.id, organizationId: organization.id }
const rows = Array.from({ length: DOCUMENT_COUNT }, (_, index) => {
	const id = randomUUID()
	return {
		id,
		ownerId: patient.userId,
		fileName: `report-${index + 1}.pdf`,
		fileKind: 'pdf' as const,
		mimeType: 'application/pdf',
		sizeBytes: 50_000 + index,
		sha256: '0'.repeat(64),
		storageKey: `${organization.id}/${id}`,
		categoryGuess: 'bloodwork',
		title: `Lab report ${index + 1}`,
		documentType: 'lab_report' as const,
		documentDate: new Date(Date.UTC(2024, 0, 1) + index * 86_400_000).toISOString().slice(0, 10),
		provider: 'Bluewater Diagnostics',
		summary: 'Complete blood count and metabolic panel.',
		tags: ['lab', 'cbc'],
		extractedText: 'Hemoglobin 13.5 g/dL '.repeat(50),
		status: 'processed' as const,
		processedAt: new Date(),
	}
})
await withTenant(patient.organizationId, (tx) => tx.insert(documents).values(rows))
await withTenant(patient.organizationId, (tx) => tx.execute('analyze documents'))
const created = await createApiKey(patient, 'Benchmark')
if (!created.ok) throw new Error(created.message)
const headers = { authorization: `Bearer ${created.key}` }

async function getDocuments() {
	const response = await handleApiRequest(new Request('http://localhost/api/v1/documents', { headers }))
	if (response.status !== 200) throw new Error(`GET /api/v1/documents answered ${response.status}`)
	const body = (await response.json()) as { documents: unknown[] }
	if (body.documents.length !== DOCUMENT_COUNT) throw new Error('wrong document count')
}

console.log(`${DOCUMENT_COUNT} documents for one key's owner, ${RUNS} runs after ${WARM_UP} warm-up runs\n`)
const p95 = await measureLatency('GET /api/v1/documents (1,000 documents)', getDocuments, { runs: RUNS, warmUp: WARM_UP, labelWidth: 44 })
const listCalls = RUNS + WARM_UP

let next = 0
const latencies: number[] = []
const statuses = new Map<number, number>()
const started = performance.now()
await Promise.all(
	Array.from({ length: CONCURRENT_CLIENTS }, async () => {
		while (next < COUNTED_CALLS) {
			next += 1
			const callStarted = performance.now()
			const response = await handleApiRequest(new Request('http://localhost/api/v1/auth/profile', { headers }))
			await response.arrayBuffer()
			latencies.push(performance.now() - callStarted)
			statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1)
		}
	}),
)
const elapsedMs = performance.now() - started
const usage = await getSubscriptionUsage(patient.organizationId)
const counted = usage!.apiCalls - listCalls
const okCalls = statuses.get(200) ?? 0
console.log(
	`${COUNTED_CALLS} calls of GET /api/v1/auth/profile from ${CONCURRENT_CLIENTS} concurrent clients: ${(COUNTED_CALLS / (elapsedMs / 1000)).toFixed(0)} calls/s, p50 ${percentile(latencies, 50).toFixed(1)} ms, p95 ${percentile(latencies, 95).toFixed(1)} ms; answers ${JSON.stringify(Object.fromEntries(statuses))}`,
)
console.log(
	`usage counted ${counted} of ${okCalls} answered calls: ${counted === COUNTED_CALLS && okCalls === COUNTED_CALLS ? 'exact' : 'LOST OR EXTRA INCREMENTS'}`,
)

const passed = p95 < TARGET_P95_MS && counted === COUNTED_CALLS && okCalls === COUNTED_CALLS
console.log(`\nlist p95 ${p95.toFixed(1)} ms (target < ${TARGET_P95_MS} ms), count exact: ${passed ? 'PASS' : 'FAIL'}`)
await closeDb()
await server.stop()
process.exitCode = passed ? 0 : 1
