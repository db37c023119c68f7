/**
 * npm run bench:appointments
 *
 * The /appointments list loader over one patient with 2,000 appointments
 * (a year back to a year ahead): the domain call for each tab and a filtered
 * view, then the route loader itself with a real Request and session
 * cookie. Prints p50 / p95 / max over 200 runs after 20 warm-up runs.
 * Target: p95 < 50 ms for every page load (the all-cards case is printed
 * for information only). Uses its own embedded PostgreSQL (port 54469, data
 * under the OS temp folder) and a fresh database each run.
 */
import { closeDb } from '#db/client.ts'
import { appointments } from '#db/schema/tenant.ts'
import { measureLatency, startBenchDatabase } from './bench-support.ts'

const APPOINTMENT_COUNT = 2_000
const RUNS = 200
const WARM_UP = 20
const TARGET_P95_MS = 50
const TIME_ZONE = 'America/New_York'
const DATABASE = 'carebook_bench_appointments'

const server = await startBenchDatabase({ name: DATABASE, port: Number(process.env.BENCH_PG_PORT ?? 54469) })

// Imported after DATABASE_URL is set: the app's pool opens lazily from it.
const { loadAppointmentListPage } = await import('#server/appointments/index.ts')
const { createSession, registerPatient, SESSION_COOKIE } = await import('#server/auth/index.ts')
const { withTenant } = await import('#server/tenancy/index.ts')
const { loader } = await import('#app/routes/_patient.appointments._index.tsx')

const { user, organization } = await registerPatient({ name: 'Bench Patient', email: `bench-${Date.now()}@example.test`, password: 'Correct-horse-9' })
const patient = { userId: user.id, organizationId: organization.id }

const now = new Date()
const spanMs = 730 * 86_400_000
const providers = Array.from({ length: 25 }, (_, index) => `Dr. Provider ${index + 1}`)
const specialties = [
	'Cardiology',
	'Dermatology',
	'Primary Care',
	'Ophthalmology',
	'Neurology',
	'Orthopedics',
	'Pediatrics',
	'Psychiatry',
	'Oncology',
	'Endocrinology',
	'Radiology',
	'Dentistry',
]
const statuses = ['confirmed', 'confirmed', 'pending', 'cancelled'] as const
const rows = Array.from({ length: APPOINTMENT_COUNT }, (_, index) => {
	const startsAt = new Date(now.getTime() - spanMs / 2 + Math.floor((index / APPOINTMENT_COUNT) * spanMs))
	startsAt.setUTCMinutes(startsAt.getUTCMinutes() < 30 ? 0 : 30, 0, 0)
	return {
		ownerId: patient.userId,
		title: `Visit ${index + 1}`,
		provider: providers[index % providers.length]!,
		specialty: specialties[index % specialties.length]!,
		location: index % 3 === 0 ? null : `Clinic ${index % 7}`,
		type: 'checkup' as const,
		status: statuses[index % statuses.length]!,
		startsAt,
		durationMinutes: 30,
		timeZone: TIME_ZONE,
		contactPhone: index % 2 === 0 ? '+1 555 010 2000' : null,
	}
})
await withTenant(patient.organizationId, (tx) => tx.insert(appointments).values(rows))
await withTenant(patient.organizationId, (tx) => tx.execute('analyze appointments'))

function measure(label: string, run: () => Promise<unknown>) {
	return measureLatency(label, run, { runs: RUNS, warmUp: WARM_UP, labelWidth: 44 })
}

const domain = (query: string) => () =>
	loadAppointmentListPage(patient, {
		searchParams: new URLSearchParams(query),
		now: new Date(),
		timeZone: TIME_ZONE,
		videoBaseUrl: 'https://meet.jit.si/carebook-{id}',
	})

console.log(`${APPOINTMENT_COUNT} appointments for one patient, ${RUNS} runs after ${WARM_UP} warm-up runs\n`)
const results: number[] = []
results.push(await measure('domain: Upcoming (default view)', domain('')))
results.push(await measure('domain: Today', domain('tab=today')))
results.push(await measure('domain: Past', domain('tab=past')))
results.push(await measure('domain: Upcoming, search + 3 filters', domain('q=visit&status=confirmed&doctor=Dr.+Provider+3&specialty=Cardiology')))

const session = await createSession({ userId: patient.userId, kind: 'patient', organizationId: patient.organizationId })
const cookie = `${SESSION_COOKIE.patient}=${session.token}`
results.push(
	await measure('route loader: GET /appointments (with session)', () =>
		loader({
			request: new Request('http://localhost/appointments', { headers: { cookie } }),
			params: {},
			context: { requestId: 'bench', cspNonce: 'bench', clientIp: '127.0.0.1' },
		}),
	),
)

// Not a page load anyone gets by default: every upcoming card (about 1,000) at once, via repeated 'Show more'.
await measure('domain: Upcoming, all ~1,000 cards (info only)', domain('show=5000'))

const worst = Math.max(...results)
console.log(`\nworst p95 ${worst.toFixed(1)} ms (target < ${TARGET_P95_MS} ms): ${worst < TARGET_P95_MS ? 'PASS' : 'FAIL'}`)
await closeDb()
await server.stop()
process.exitCode = worst < TARGET_P95_MS ? 0 : 1
