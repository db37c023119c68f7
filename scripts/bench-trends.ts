/**
 * npm run bench:trends
 *
 * The /trends loader and the health.trends tRPC procedure over one patient
 * with 5,000 health parameters (the four metrics' codes and a lab panel,
 * about five years of readings: one lab report document per panel, every
 * tenth panel entered by hand as a manual reading). Every case is called with a real Request
 * and session cookie, so the session lookup and the tenant transaction are
 * timed too. Prints p50 / p95 / max over 200 runs after 20 warm-up runs.
 * Target: p95 < 50 ms. Uses its own embedded PostgreSQL (BENCH_PG_PORT,
 * default 54368, data under the OS temp folder) and a fresh database each run.
 */
import { closeDb } from '#db/client.ts'
import { documents, healthParameters } from '#db/schema/tenant.ts'
import { measureLatency, startBenchDatabase } from './bench-support.ts'

const PARAMETER_COUNT = 5_000
const RUNS = 200
const WARM_UP = 20
const TARGET_P95_MS = 50
const DATABASE = 'carebook_bench_trends'

const server = await startBenchDatabase({ name: DATABASE, port: Number(process.env.BENCH_PG_PORT ?? 54368) })

// Imported after DATABASE_URL is set: the app's pool opens lazily from it.
const { createSession, registerPatient, SESSION_COOKIE } = await import('#server/auth/index.ts')
const { withTenant } = await import('#server/tenancy/index.ts')
const { appRouter } = await import('#server/trpc/router.ts')
const { createCallerFactory, createTrpcContext } = await import('#server/trpc/init.ts')
const { loader } = await import('#app/routes/_patient.trends.tsx')

const { user, organization } = await registerPatient({ name: 'Bench Patient', email: `bench-${Date.now()}@example.test`, password: 'Correct-horse-9' })

// code, unit, typical value, spread, reference range
const PANEL: [string, string, number, number, number | null, number | null][] = [
	['systolic_bp', 'mmHg', 124, 12, 90, 120],
	['diastolic_bp', 'mmHg', 80, 8, 60, 80],
	['total_cholesterol', 'mg/dL', 195, 25, null, 200],
	['glucose', 'mg/dL', 98, 14, 70, 99],
	['bmi', 'kg/m2', 26, 2, 18.5, 24.9],
	['weight', 'kg', 78, 4, null, null],
	['height', 'cm', 176, 0.5, null, null],
	['hdl', 'mg/dL', 52, 8, 40, null],
	['ldl', 'mg/dL', 118, 20, null, 100],
	['triglycerides', 'mg/dL', 140, 30, null, 150],
	['hba1c', '%', 5.6, 0.4, 4, 5.6],
	['creatinine', 'mg/dL', 0.95, 0.15, 0.6, 1.2],
	['hemoglobin', 'g/dL', 14.5, 1, 13.5, 17.5],
	['tsh', 'mIU/L', 2.1, 0.8, 0.4, 4],
	['vitamin_d', 'ng/mL', 32, 8, 30, 100],
	['alt', 'U/L', 28, 8, 7, 56],
]
const SPAN_DAYS = 5 * 365
const todayMs = Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate())
const rounds = Math.ceil(PARAMETER_COUNT / PANEL.length)
const isManualRound = (round: number) => round % 10 === 0
const documentRows = Array.from({ length: rounds }, (_, round) => ({
	ownerId: user.id,
	fileName: `lab-${round + 1}.pdf`,
	fileKind: 'pdf' as const,
	mimeType: 'application/pdf',
	sizeBytes: 120_000,
	sha256: round.toString(16).padStart(64, '0'),
	storageKey: `bench/${round}`,
	categoryGuess: 'lab_report',
	title: `Lab report ${round + 1}`,
	status: 'processed' as const,
}))
const documentIds = await withTenant(organization.id, (tx) => tx.insert(documents).values(documentRows).returning({ id: documents.id }))
const rows = Array.from({ length: PARAMETER_COUNT }, (_, index) => {
	const [code, unit, typical, spread, min, max] = PANEL[index % PANEL.length]!
	const round = Math.floor(index / PANEL.length)
	const daysAgo = Math.floor(SPAN_DAYS - (round / rounds) * SPAN_DAYS)
	const value = Number((typical + Math.sin(index * 1.7) * spread).toFixed(2))
	const status = max !== null && value > max ? ('high' as const) : min !== null && value < min ? ('low' as const) : ('normal' as const)
	return {
		ownerId: user.id,
		source: isManualRound(round) ? ('manual' as const) : ('document' as const),
		documentId: isManualRound(round) ? null : documentIds[round]!.id,
		createdAt: new Date(todayMs - daysAgo * 86_400_000 + 3_600_000),
		code,
		name: code,
		value,
		valueText: String(value),
		unit,
		referenceRangeMin: min,
		referenceRangeMax: max,
		status,
		testDate: new Date(todayMs - daysAgo * 86_400_000).toISOString().slice(0, 10),
		position: index % PANEL.length,
	}
})
await withTenant(organization.id, async (tx) => {
	for (let start = 0; start < rows.length; start += 1_000) await tx.insert(healthParameters).values(rows.slice(start, start + 1_000))
})
await withTenant(organization.id, (tx) => tx.execute('analyze health_parameters'))

function measure(label: string, run: () => Promise<unknown>) {
	return measureLatency(label, run, { runs: RUNS, warmUp: WARM_UP, labelWidth: 52 })
}

const session = await createSession({ userId: user.id, kind: 'patient', organizationId: organization.id })
const cookie = `${SESSION_COOKIE.patient}=${session.token}`

const trendsLoader = (query: string) => () =>
	loader({
		request: new Request(`http://localhost/trends${query}`, { headers: { cookie } }),
		params: {},
		context: { requestId: 'bench', cspNonce: 'bench', clientIp: '127.0.0.1' },
	})
const caller = () => createCallerFactory(appRouter)(createTrpcContext(new Request('http://localhost/trpc', { headers: { cookie } }), '127.0.0.1'))

console.log(
	`${PARAMETER_COUNT} health parameters for one patient (${PANEL.length} codes over ${SPAN_DAYS / 365} years), ${RUNS} runs after ${WARM_UP} warm-up runs\n`,
)
const results: number[] = []
results.push(await measure('loader: GET /trends (overview, 6 months)', trendsLoader('')))
results.push(await measure('loader: GET /trends?range=all&metric=cholesterol', trendsLoader('?range=all&metric=cholesterol')))
results.push(await measure('loader: GET /trends?tab=predictions', trendsLoader('?tab=predictions')))
results.push(await measure('loader: GET /trends?tab=risk', trendsLoader('?tab=risk')))
results.push(await measure('tRPC health.trends (default 180 days)', () => caller().health.trends()))
// Not what any page asks for: all 5,000 rows in one answer.
await measure('tRPC health.trends (days: 3650, all rows; info only)', () => caller().health.trends({ days: 3650 }))

const worst = Math.max(...results)
console.log(`\nworst p95 ${worst.toFixed(1)} ms (target < ${TARGET_P95_MS} ms): ${worst < TARGET_P95_MS ? 'PASS' : 'FAIL'}`)
await closeDb()
await server.stop()
process.exitCode = worst < TARGET_P95_MS ? 0 : 1
