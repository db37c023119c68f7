import { randomUUID } from 'node:crypto'
import path from 'node:path'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { getDb } from '#db/client.ts'
import { auditLog, memberships, users } from '#db/schema/platform.ts'
import { appointments, healthParameters } from '#db/schema/tenant.ts'
import { hashPassword, registerPatient } from '#server/auth/index.ts'
import { processDocument, storeUploadedDocument, type Patient } from '#server/documents/index.ts'
import { createDefaultOcrEngine, type OcrEngine } from '#server/extraction/index.ts'
import {
	addManualReading,
	createManualReadingSchema,
	deleteManualReading,
	getDashboard,
	getHealthProfile,
	getMetricCards,
	getMetricSeries,
	getParameterSeries,
	getParameterTrends,
	getPredictions,
	getRiskOverview,
	getTrendsOverview,
	listManualReadings,
	listParameters,
	provenanceKey,
	saveHealthProfile,
	type ManualReading,
} from '#server/health/index.ts'
import { withTenant } from '#server/tenancy/index.ts'
import { confirmAsOwn, receivedFixture } from './document-upload.ts'
import { useTestDatabase } from './test-database.ts'

process.env.DATA_DIR = path.resolve(`tests/.tmp/data-health-${randomUUID()}`)
useTestDatabase()

/** The day the assertions are written for: two and a half weeks after the newest fixture. */
const TODAY = '2025-04-20'

const FIXTURES = [
	'lab/wellness-screening-results.pdf', // 2024-10-08: BP 147/84, BMI 29.4, total cholesterol 230, glucose 107
	'lab/bluewater_final_report.pdf', // 2025-01-22: glucose 78, total cholesterol 167, HDL 34 (low)
	'lab/LabResults_Meridian_2025-03-14.pdf', // 2025-03-14: glucose 107, total cholesterol 230, HbA1c 6.3
	'other/visit_note_2025-04-02.pdf', // 2025-04-02: BP 141/90, BMI 29.5
]

let ocr: OcrEngine
let owner: Patient
const documentIds: string[] = []

async function newPatient(name = 'Health Owner'): Promise<Patient> {
	const { user, organization } = await registerPatient({
		name,
		email: `health-${randomUUID()}@example.test`,
		password: 'Correct-horse-9',
	})
	return { userId: user.id, organizationId: organization.id }
}

async function uploadAndProcess(patient: Patient, fixture: string) {
	const outcome = await storeUploadedDocument(patient, await receivedFixture(fixture))
	if (!outcome.ok) throw new Error(`refused: ${outcome.code}`)
	await processDocument({ organizationId: patient.organizationId, documentId: outcome.documentId }, { ocr })
	return outcome.documentId
}

function reading(input: Record<string, unknown>, today = TODAY): ManualReading {
	return createManualReadingSchema({ today }).parse(input)
}

beforeAll(async () => {
	ocr = createDefaultOcrEngine()
	owner = await newPatient()
	for (const fixture of FIXTURES) documentIds.push(await uploadAndProcess(owner, fixture))
	// The fixtures name their fictional patients (Quintrell, Kowalczyk): the owner says they are hers.
	await confirmAsOwn(owner, documentIds)
})

afterAll(async () => {
	await (ocr as OcrEngine & { close?: () => Promise<void> }).close?.()
})

describe('metric cards from the document fixtures', () => {
	it('shows the latest value of each metric with its trend against an earlier reading', async () => {
		const cards = await getMetricCards(owner, { range: 'all', today: TODAY })
		expect(cards.map((card) => [card.id, card.state])).toEqual([
			['blood-pressure', 'ready'],
			['cholesterol', 'ready'],
			['glucose', 'ready'],
			['bmi', 'ready'],
		])
		const [pressure, cholesterol, glucose, bmi] = cards
		expect(pressure).toMatchObject({
			value: '141/90',
			unit: 'mmHg',
			latest: { date: '2025-04-02' },
			trend: 'down',
			trendValue: '-4.1%',
			trendColor: 'green',
			trendLabel: 'since Oct 2024',
			comparedWith: { date: '2024-10-08', value: '147/84' },
		})
		expect(cholesterol).toMatchObject({
			value: '230',
			unit: 'mg/dL',
			trend: 'up',
			trendValue: '+37.7%',
			trendColor: 'red',
			trendLabel: 'from last month',
			comparedWith: { date: '2025-01-22', value: '167' },
		})
		expect(glucose).toMatchObject({ value: '107', trend: 'up', trendValue: '+37.2%', comparedWith: { value: '78' } })
		expect(bmi).toMatchObject({ value: '29.5', unit: null, trend: 'stable', trendColor: 'grey' })
	})

	it('says which metrics have no reading yet for a patient without data', async () => {
		const empty = await newPatient()
		const cards = await getMetricCards(empty, { range: '6m', today: TODAY })
		expect(cards.map((card) => (card.state === 'empty' ? card.message : card.state))).toEqual([
			'No blood pressure readings yet.',
			'No cholesterol readings yet.',
			'No glucose readings yet.',
			'No BMI readings yet.',
		])
	})
})

describe('time ranges', () => {
	it('limit the cards to readings inside the range', async () => {
		const lastMonth = await getMetricCards(owner, { range: '1m', today: TODAY })
		expect(lastMonth.map((card) => card.state)).toEqual(['ready', 'empty', 'empty', 'ready'])
		expect(lastMonth[2]).toMatchObject({
			message: 'No glucose readings in the last month.',
			latestOutsideRange: { date: '2025-03-14', value: '107' },
		})
		const threeMonths = await getMetricCards(owner, { range: '3m', today: TODAY })
		expect(threeMonths.map((card) => card.state)).toEqual(['ready', 'ready', 'ready', 'ready'])
	})

	it('limit a metric chart to the range, with the reference range and abnormal points', async () => {
		const dates = async (range: '1m' | '3m' | '6m' | '1y' | 'all') =>
			(await getMetricSeries(owner, { metricId: 'glucose', range, today: TODAY })).points.map((point) => point.date)
		expect(await dates('1m')).toEqual([])
		expect(await dates('3m')).toEqual(['2025-01-22', '2025-03-14'])
		expect(await dates('all')).toEqual(['2024-10-08', '2025-01-22', '2025-03-14'])

		const series = await getMetricSeries(owner, { metricId: 'glucose', range: 'all', today: TODAY })
		expect(series.referenceRange).toEqual({ min: 70, max: 99 })
		expect(series.points.map((point) => point.flag)).toEqual(['high', null, 'high'])

		const overview = await getTrendsOverview(owner, { range: '6m', metricId: 'blood-pressure', today: TODAY })
		expect(overview.series?.points.map((point) => [point.date, point.value, point.diastolic])).toEqual([['2025-04-02', 141, 90]])
	})

	it('limit the parameter trends to the days asked for (180 and 90 by default)', async () => {
		const codes = async (days?: number) => (await getParameterTrends(owner, { today: TODAY, days })).map((series) => series.code)
		expect(await codes(30)).toContain('systolic_bp')
		expect(await codes(30)).not.toContain('glucose')
		expect(await codes()).toEqual(expect.arrayContaining(['glucose', 'hdl', 'systolic_bp']))
		expect(await codes()).not.toContain('chol_hdl_ratio') // only in the October 2024 report, outside 180 days
		const glucose = await getParameterSeries(owner, { code: 'glucose', today: TODAY })
		expect(glucose.startDate).toBe('2025-01-20')
		expect(glucose.points.map((point) => point.value)).toEqual([78, 107])
	})
})

describe('predictions and risk', () => {
	it('forecasts only metrics with enough history, and says how many readings the others need', async () => {
		const predictions = await getPredictions(owner, { today: TODAY })
		const glucose = predictions.find((prediction) => prediction.metricId === 'glucose')!
		expect(glucose.status).toBe('ready')
		if (glucose.status !== 'ready') return
		expect(glucose.points).toHaveLength(10)
		expect(glucose.points.filter((point) => point.isForecast)).toHaveLength(3)
		for (const point of glucose.points.slice(7)) {
			expect(point.lowerBound).toBeLessThanOrEqual(point.predicted!)
			expect(point.upperBound).toBeGreaterThanOrEqual(point.predicted!)
		}
		expect(glucose.disclaimer).toMatch(/not a diagnosis/)
		const pressure = predictions.find((prediction) => prediction.metricId === 'blood-pressure')!
		expect(pressure).toMatchObject({ status: 'insufficient', readingsNeeded: 1 })
	})

	it('lists the missing inputs until the profile is filled, then uses the pooled cohort equations', async () => {
		const before = await getRiskOverview(owner, { today: TODAY })
		expect(before.assessment.cardiovascular.tenYearAscvdRisk).toBeNull()
		expect(before.assessment.cardiovascular.missingInputs).toEqual(expect.arrayContaining(['age (date of birth)', 'sex', 'race group', 'smoking status']))
		expect(before.assessment.hypertension).toMatchObject({ status: 'assessed', level: 'high' })
		const bloodPressure = before.assessment.hypertension.valuesUsed[0]
		expect(before.provenance[provenanceKey(bloodPressure.code, bloodPressure.date)]).toEqual([
			{ source: 'document', documentId: documentIds[3], title: expect.any(String) },
		])

		await saveHealthProfile(owner, {
			dateOfBirth: '1965-02-01',
			sex: 'female',
			raceGroup: 'white',
			isSmoker: false,
			isTreatedForHypertension: false,
			hasDiabetes: false,
		})
		expect(await getHealthProfile(owner)).toMatchObject({ sex: 'female', isSmoker: false })
		const after = await getRiskOverview(owner, { today: TODAY })
		expect(after.assessment.cardiovascular.tenYearAscvdRisk?.percent).toBeGreaterThan(0)
		expect(after.assessment.cardiovascular.missingInputs).toEqual([])
		expect(after.assessment.cardiovascular.sources[0]).toMatch(/Pooled Cohort Equations/)
		expect(after.healthScore.status).toBe('scored')
	})
})

describe('manual readings', () => {
	it('are added as parameter rows, update the card, and can be deleted by their owner only', async () => {
		const patient = await newPatient()
		const added = await addManualReading(patient, reading({ kind: 'blood_pressure', date: TODAY, systolic: 122, diastolic: 78, heartRate: 64 }))
		expect(added.rowCount).toBe(3)
		const rows = await listParameters(patient)
		expect(rows.map((row) => [row.code, row.value, row.source])).toEqual([
			['diastolic_bp', 78, 'manual'],
			['heart_rate', 64, 'manual'],
			['systolic_bp', 122, 'manual'],
		])
		const [card] = await getMetricCards(patient, { range: '1m', today: TODAY })
		expect(card).toMatchObject({ state: 'ready', value: '122/78' })

		await addManualReading(patient, reading({ kind: 'weight', date: '2025-04-01', weight: 80, weightUnit: 'kg', height: 180, heightUnit: 'cm' }))
		const readings = await listManualReadings(patient)
		expect(readings.map((entry) => [entry.label, entry.summary])).toEqual([
			['Weight', 'Weight 80 kg, Height 180 cm, BMI 24.7'],
			['Blood pressure', '122/78 mmHg, heart rate 64 bpm'],
		])

		const stranger = await newPatient('Stranger')
		expect(await deleteManualReading(stranger, added.id)).toMatchObject({ ok: false, kind: 'not-found' })
		expect(await deleteManualReading({ userId: stranger.userId, organizationId: patient.organizationId }, added.id)).toMatchObject({
			ok: false,
			kind: 'not-found',
		})
		expect(await deleteManualReading(patient, 'not-a-uuid')).toMatchObject({ ok: false, kind: 'not-found' })
		expect(await listParameters(patient)).toHaveLength(6)

		expect((await deleteManualReading(patient, readings[1].rowIds[1])).ok).toBe(true)
		expect((await listParameters(patient)).map((row) => row.code)).toEqual(['bmi', 'height', 'weight'])
		expect((await getMetricCards(patient, { range: '1m', today: TODAY }))[0].state).toBe('empty')

		const audit = await getDb().select().from(auditLog).where(eq(auditLog.actorUserId, patient.userId))
		expect(
			audit
				.map((entry) => entry.action)
				.filter((action) => action.startsWith('health.'))
				.sort(),
		).toEqual(['health.reading.add', 'health.reading.add', 'health.reading.delete'])
		// Identifiers and counts only: no values, no kind of reading.
		for (const entry of audit.filter((row) => row.action.startsWith('health.'))) {
			expect(entry.details).toEqual({ rows: expect.any(Number) })
		}
	})

	it('never deletes values that came from a document', async () => {
		const [documentRow] = await withTenant(owner.organizationId, (tx) =>
			tx
				.select({ id: healthParameters.id })
				.from(healthParameters)
				.where(and(eq(healthParameters.ownerId, owner.userId), eq(healthParameters.source, 'document'))),
		)
		expect(await deleteManualReading(owner, documentRow.id)).toMatchObject({ ok: false, kind: 'not-found' })
		expect((await listParameters(owner)).some((row) => row.id === documentRow.id)).toBe(true)
	})
})

describe("another user's parameters", () => {
	it('never appear, whether in another organization or in the same one', async () => {
		const stranger = await newPatient('Stranger')
		const [member] = await getDb()
			.insert(users)
			.values({ name: 'Family Member', email: `member-${randomUUID()}@example.test`, passwordHash: await hashPassword('Correct-horse-9') })
			.returning({ id: users.id })
		await getDb().insert(memberships).values({ userId: member.id, organizationId: owner.organizationId, role: 'user' })
		const sameOrganization: Patient = { userId: member.id, organizationId: owner.organizationId }
		const ownerInStrangersOrganization: Patient = { userId: owner.userId, organizationId: stranger.organizationId }

		for (const other of [stranger, sameOrganization, ownerInStrangersOrganization]) {
			expect(await listParameters(other)).toEqual([])
			expect((await getMetricCards(other, { range: 'all', today: TODAY })).every((card) => card.state === 'empty')).toBe(true)
			expect((await getMetricSeries(other, { metricId: 'glucose', range: 'all', today: TODAY })).points).toEqual([])
			expect(await getParameterTrends(other, { today: TODAY, days: 36_500 })).toEqual([])
			expect((await getPredictions(other, { today: TODAY })).every((prediction) => prediction.status === 'insufficient')).toBe(true)
			const risk = await getRiskOverview(other, { today: TODAY })
			expect(risk.healthScore.status).toBe('insufficient')
			expect(risk.profile.sex).toBeNull()
			expect(await listManualReadings(other)).toEqual([])
			const dashboard = await getDashboard(other, { today: TODAY, now: new Date(`${TODAY}T12:00:00Z`) })
			expect(dashboard).toMatchObject({ documents: { total: 0 }, alerts: [], activity: [] })
		}
	})
})

describe('dashboard', () => {
	it('counts documents, raises alerts from the latest values and lists recent activity', async () => {
		// The Bluewater report's patient: its values are hers.
		const patient = await newPatient('Yesenia Quintrell')
		await uploadAndProcess(patient, 'lab/bluewater_final_report.pdf')
		await addManualReading(patient, reading({ kind: 'glucose', date: TODAY, glucose: 92 }))
		const dashboard = await getDashboard(patient, { today: TODAY, now: new Date(`${TODAY}T12:00:00Z`) })
		expect(dashboard.documents).toEqual({ total: 1, pending: 0, processed: 1, failed: 0 })
		const alertCodes = dashboard.alerts.map((alert) => alert.code)
		expect(alertCodes).toEqual(expect.arrayContaining(['hdl', 'ldl', 'hemoglobin']))
		expect(alertCodes).not.toContain('glucose') // the newest glucose (92, entered by hand) is normal
		expect(dashboard.activity.map((event) => event.kind)).toEqual(['reading_added', 'document_processed', 'document_uploaded'])
		expect(dashboard.activity[1].detail).toMatch(/^15 lab values read(, \d+ to check)?, \d+ outside the reference range\.$/)
		expect(dashboard.nextAppointment).toBeNull()
		expect(dashboard.healthScore).toMatchObject({ status: 'scored' })
		expect(dashboard.metrics.find((card) => card.id === 'glucose')).toMatchObject({ state: 'ready', value: '92' })
	})

	it('shows the next appointment that has not ended and is not cancelled', async () => {
		const patient = await newPatient()
		const now = new Date(`${TODAY}T12:00:00Z`)
		const at = (hours: number) => new Date(now.getTime() + hours * 3600_000)
		await withTenant(patient.organizationId, (tx) =>
			tx.insert(appointments).values([
				{
					ownerId: patient.userId,
					title: 'Cancelled visit',
					provider: 'Dr. A',
					specialty: 'Cardiology',
					status: 'cancelled',
					startsAt: at(2),
					durationMinutes: 30,
					timeZone: 'UTC',
				},
				{
					ownerId: patient.userId,
					title: 'Past visit',
					provider: 'Dr. B',
					specialty: 'Dermatology',
					status: 'confirmed',
					startsAt: at(-5),
					durationMinutes: 30,
					timeZone: 'UTC',
				},
				{
					ownerId: patient.userId,
					title: 'Follow-up',
					provider: 'Dr. C',
					specialty: 'Family Medicine',
					status: 'pending',
					startsAt: at(48),
					durationMinutes: 30,
					timeZone: 'UTC',
				},
			]),
		)
		const dashboard = await getDashboard(patient, { today: TODAY, now })
		expect(dashboard.nextAppointment).toMatchObject({ title: 'Follow-up', provider: 'Dr. C', status: 'pending', startsAt: at(48) })
		const stranger = await newPatient('Stranger')
		expect((await getDashboard(stranger, { today: TODAY, now })).nextAppointment).toBeNull()
	})
})
