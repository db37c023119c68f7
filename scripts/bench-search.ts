/**
 * npm run bench:search
 *
 * Global search (server/search, the header's typeahead procedure) over one
 * patient with 10,000 documents with generated extracted text (about 400
 * words each from a lab-report vocabulary), 2,000 appointments and 500
 * medications. Each typeahead query (every word a prefix, 5 results per
 * type) runs 100 times after 10 warm-up runs; prints p50 / p95 / max.
 * Target: p95 < 50 ms for typeahead queries. Uses its own embedded
 * PostgreSQL (BENCH_PG_PORT, default 54479) and a fresh database each run.
 */
import { closeDb } from '#db/client.ts'
import { appointments, documents, medications } from '#db/schema/tenant.ts'
import { measureLatency, startBenchDatabase } from './bench-support.ts'

const DOCUMENTS = 10_000
const APPOINTMENTS = 2_000
const MEDICATIONS = 500
const WORDS_PER_DOCUMENT = 400
const RUNS = 100
const WARM_UP = 10
const TARGET_P95_MS = 50
const DATABASE = 'carebook_bench_search'

const server = await startBenchDatabase({ name: DATABASE, port: Number(process.env.BENCH_PG_PORT ?? 54479) })
const { registerPatient } = await import('#server/auth/index.ts')
const { withTenant } = await import('#server/tenancy/index.ts')
const { searchRecords } = await import('#server/search/index.ts')
const { TYPEAHEAD_LIMIT } = await import('#server/search/shared/search.ts')

const { user, organization } = await registerPatient({ name: 'Bench Patient', email: `bench-${Date.now()}@example.test`, password: 'Correct-horse-9' })
const patient = { userId: user.id, organizationId: organization.id }

// A deterministic generator, so every run searches the same corpus.
let seed = 42
function random() {
	seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31
	return seed / 2 ** 31
}
const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!

const ANALYTES = [
	'hemoglobin',
	'hematocrit',
	'platelets',
	'leukocytes',
	'erythrocytes',
	'glucose',
	'creatinine',
	'sodium',
	'potassium',
	'chloride',
	'bicarbonate',
	'calcium',
	'albumin',
	'bilirubin',
	'cholesterol',
	'triglycerides',
	'ferritin',
	'transferrin',
	'thyrotropin',
	'thyroxine',
	'cortisol',
	'testosterone',
	'estradiol',
	'insulin',
	'magnesium',
	'phosphate',
	'urea',
	'lipase',
	'amylase',
	'troponin',
	'fibrinogen',
	'prothrombin',
	'vitamin',
	'folate',
	'cobalamin',
	'lactate',
	'procalcitonin',
	'ceruloplasmin',
	'haptoglobin',
	'immunoglobulin',
]
const WORDS = [
	'result',
	'reference',
	'range',
	'patient',
	'specimen',
	'collected',
	'reported',
	'normal',
	'high',
	'low',
	'serum',
	'plasma',
	'whole',
	'blood',
	'fasting',
	'panel',
	'metabolic',
	'comprehensive',
	'lipid',
	'complete',
	'count',
	'differential',
	'units',
	'method',
	'comment',
	'physician',
	'laboratory',
	'clinic',
	'hospital',
	'review',
	'follow',
	'repeat',
	'interpretation',
	'consistent',
	'within',
	'limits',
	'elevated',
	'decreased',
	'borderline',
	'critical',
	'notified',
	'verified',
	'page',
	'final',
	'report',
	'ordering',
	'provider',
	'account',
	'received',
	'status',
]
const PROVIDERS = Array.from(
	{ length: 40 },
	(_, index) =>
		`${pick(['Meridian', 'Bluewater', 'Ashgrove', 'St Brendan', 'Harbor', 'Northside', 'Lakeview', 'Summit'])} ${pick(['Laboratories', 'Diagnostics', 'Medical Center', 'Clinic', 'Health'])} ${index + 1}`,
)
const DRUGS = [
	'Metformin',
	'Atorvastatin',
	'Lisinopril',
	'Levothyroxine',
	'Amlodipine',
	'Metoprolol',
	'Omeprazole',
	'Losartan',
	'Simvastatin',
	'Sertraline',
	'Gabapentin',
	'Hydrochlorothiazide',
	'Furosemide',
	'Prednisone',
	'Warfarin',
	'Insulin glargine',
	'Albuterol',
	'Montelukast',
	'Escitalopram',
	'Rosuvastatin',
]

function documentText() {
	const words: string[] = []
	for (let index = 0; index < WORDS_PER_DOCUMENT; index++) {
		const roll = random()
		words.push(roll < 0.25 ? pick(ANALYTES) : roll < 0.35 ? (random() * 500).toFixed(1) : pick(WORDS))
	}
	return words.join(' ')
}

const started = Date.now()
for (let batch = 0; batch < DOCUMENTS / 500; batch++) {
	const rows = Array.from({ length: 500 }, (_, offset) => {
		const index = batch * 500 + offset
		const analyte = pick(ANALYTES)
		return {
			ownerId: patient.userId,
			fileName: `report-${index}.pdf`,
			fileKind: 'pdf' as const,
			mimeType: 'application/pdf',
			sizeBytes: 100_000,
			sha256: `${index}`.padStart(64, '0'),
			storageKey: `${patient.organizationId}/${index}`,
			categoryGuess: 'bloodwork',
			title: `${analyte[0]!.toUpperCase()}${analyte.slice(1)} ${pick(['panel', 'report', 'results', 'follow-up'])} ${index + 1}`,
			documentType: 'lab_report' as const,
			documentDate: `20${String(10 + Math.floor(random() * 16)).padStart(2, '0')}-${String(1 + Math.floor(random() * 12)).padStart(2, '0')}-${String(1 + Math.floor(random() * 28)).padStart(2, '0')}`,
			provider: pick(PROVIDERS),
			summary: `Lab report with ${analyte}.`,
			tags: ['lab report', analyte],
			extractedText: documentText(),
			status: 'processed' as const,
		}
	})
	await withTenant(patient.organizationId, (tx) => tx.insert(documents).values(rows))
}
const specialties = ['Cardiology', 'Dermatology', 'Primary Care', 'Ophthalmology', 'Neurology', 'Orthopedics', 'Endocrinology', 'Radiology']
await withTenant(patient.organizationId, (tx) =>
	tx.insert(appointments).values(
		Array.from({ length: APPOINTMENTS }, (_, index) => ({
			ownerId: patient.userId,
			title: `${pick(['Check-up', 'Follow-up', 'Consultation', 'Annual physical', 'Lab work'])} ${index + 1}`,
			provider: `Dr. ${pick(['Amara', 'Jonas', 'Priya', 'Mateo', 'Chen', 'Olivia'])} ${pick(['Okafor', 'Lindqvist', 'Raman', 'Silva', 'Wei', 'Bennett'])}`,
			specialty: pick(specialties),
			location: pick(['Harbor Clinic', 'Main Street Clinic', 'Northside Hospital', 'Telehealth']),
			status: 'confirmed' as const,
			startsAt: new Date(Date.now() + (index - APPOINTMENTS / 2) * 86_400_000),
			durationMinutes: 30,
			timeZone: 'America/New_York',
		})),
	),
)
await withTenant(patient.organizationId, (tx) =>
	tx.insert(medications).values(
		Array.from({ length: MEDICATIONS }, (_, index) => ({
			ownerId: patient.userId,
			name: pick(DRUGS),
			dose: `${pick([5, 10, 20, 25, 40, 50, 100, 500])} mg`,
			frequency: pick(['daily', 'twice daily', 'at bedtime', 'as needed']),
			text: `medication ${index}`,
		})),
	),
)
await withTenant(patient.organizationId, (tx) => tx.execute('analyze documents; analyze appointments; analyze medications'))
console.log(
	`${DOCUMENTS} documents (~${WORDS_PER_DOCUMENT} words of extracted text each), ${APPOINTMENTS} appointments, ${MEDICATIONS} medications for one patient; seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`,
)
console.log(`typeahead (${TYPEAHEAD_LIMIT} results per type), ${RUNS} runs after ${WARM_UP} warm-up runs\n`)

// What a patient types: beginnings of words, common and rare ones, one and two words.
const QUERIES = [
	'f',
	'fe',
	'ferr',
	'ferritin',
	'chol',
	'hemo',
	'rep',
	'report',
	'card',
	'okafor',
	'harbor cl',
	'met',
	'atorva',
	'vitamin',
	'meridian lab',
	'glucose fasting',
	'zzzz',
]
const p95s: number[] = []
for (const query of QUERIES) {
	p95s.push(
		await measureLatency(`typeahead '${query}'`, () => searchRecords(patient, query, { limit: TYPEAHEAD_LIMIT }), {
			runs: RUNS,
			warmUp: WARM_UP,
			labelWidth: 30,
		}),
	)
}
const worst = Math.max(...p95s)
console.log(`\nworst p95 ${worst.toFixed(1)} ms (target < ${TARGET_P95_MS} ms): ${worst < TARGET_P95_MS ? 'met' : 'NOT met'}`)

await closeDb()
await server.stop()
process.exit(worst < TARGET_P95_MS ? 0 : 1)
