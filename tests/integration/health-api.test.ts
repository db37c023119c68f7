import { randomUUID } from 'node:crypto'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { healthParameters } from '#db/schema/tenant.ts'
import { createSession, registerPatient, SESSION_COOKIE } from '#server/auth/index.ts'
import type { Patient } from '#server/documents/index.ts'
import { listParameters, patientToday } from '#server/health/index.ts'
import { withTenant } from '#server/tenancy/index.ts'
import { appRouter } from '#server/trpc/router.ts'
import { createCallerFactory, createTrpcContext } from '#server/trpc/init.ts'
import { useTestDatabase } from './test-database.ts'

process.env.DATA_DIR = path.resolve(`tests/.tmp/data-health-api-${randomUUID()}`)
useTestDatabase()

async function newPatient(): Promise<Patient> {
	const { user, organization } = await registerPatient({
		name: 'Api Patient',
		email: `health-api-${randomUUID()}@example.test`,
		password: 'Correct-horse-9',
	})
	return { userId: user.id, organizationId: organization.id }
}

async function callerFor(patient: Patient) {
	const session = await createSession({ userId: patient.userId, kind: 'patient', organizationId: patient.organizationId })
	const request = new Request('http://localhost/api/trpc', { headers: { cookie: `${SESSION_COOKIE.patient}=${session.token}` } })
	return createCallerFactory(appRouter)(createTrpcContext(request, '127.0.0.1'))
}

function daysAgo(days: number) {
	const date = new Date(`${patientToday(null)}T00:00:00Z`)
	date.setUTCDate(date.getUTCDate() - days)
	return date.toISOString().slice(0, 10)
}

/** Lab-style rows inserted directly, dated relative to today (the procedures use the real clock). */
async function insertGlucose(patient: Patient, values: [daysBack: number, value: number][]) {
	await withTenant(patient.organizationId, (tx) =>
		tx.insert(healthParameters).values(
			values.map(([back, value]) => ({
				ownerId: patient.userId,
				source: 'document' as const,
				code: 'glucose',
				name: 'Glucose',
				value,
				valueText: String(value),
				unit: 'mg/dL',
				referenceRangeMin: 70,
				referenceRangeMax: 99,
				status: value > 99 ? ('high' as const) : ('normal' as const),
				testDate: daysAgo(back),
			})),
		),
	)
}

describe('health procedures', () => {
	it('answer only a signed-in patient', async () => {
		const caller = createCallerFactory(appRouter)(createTrpcContext(new Request('http://localhost/api/trpc'), '127.0.0.1'))
		await expect(caller.health.parameters()).rejects.toMatchObject({ code: 'UNAUTHORIZED' })
		await expect(caller.health.metricCards()).rejects.toMatchObject({ code: 'UNAUTHORIZED' })
	})

	it('use the spec windows: trends 180 days and per-parameter trends 90 days by default', async () => {
		const patient = await newPatient()
		await insertGlucose(patient, [
			[400, 90],
			[150, 104],
			[60, 96],
			[10, 101],
		])
		const caller = await callerFor(patient)
		expect(await caller.health.parameters()).toHaveLength(4)
		expect(await caller.health.parameters({ since: daysAgo(100) })).toHaveLength(2)

		const [trend] = await caller.health.trends()
		expect(trend.points.map((point) => point.value)).toEqual([104, 96, 101])
		expect((await caller.health.trends({ days: 30 }))[0].points.map((point) => point.value)).toEqual([101])
		const series = await caller.health.parameterTrends({ code: 'glucose' })
		expect(series.points.map((point) => point.value)).toEqual([96, 101])
		expect(series.points.map((point) => point.flag)).toEqual([null, 'high'])
		await expect(caller.health.trends({ days: 0 })).rejects.toMatchObject({ code: 'BAD_REQUEST' })

		const [, , glucoseCard] = await caller.health.metricCards({ range: '1m' })
		expect(glucoseCard).toMatchObject({ state: 'ready', value: '101', comparedWith: { value: '96' } })
		const oneMonth = await caller.health.metricSeries({ metric: 'glucose', range: '1m' })
		const allTime = await caller.health.metricSeries({ metric: 'glucose', range: 'all' })
		expect([oneMonth.points.length, allTime.points.length]).toEqual([1, 4])
	})

	it('add a reading with the form schema, refuse impossible values, and delete only manual readings', async () => {
		const patient = await newPatient()
		const caller = await callerFor(patient)
		const today = patientToday(null)
		await expect(caller.health.addReading({ kind: 'blood_pressure', date: today, systolic: 20, diastolic: 80 })).rejects.toMatchObject({
			code: 'BAD_REQUEST',
			message: 'Systolic pressure must be between 50 and 300 mmHg.',
		})
		await expect(caller.health.addReading({ kind: 'blood_pressure', date: today, systolic: 400, diastolic: 80 })).rejects.toMatchObject({
			code: 'BAD_REQUEST',
			message: 'Systolic pressure must be between 50 and 300 mmHg.',
		})
		await expect(caller.health.addReading({ kind: 'glucose', date: daysAgo(-1), glucose: 90 })).rejects.toMatchObject({
			code: 'BAD_REQUEST',
			message: 'The date cannot be in the future.',
		})
		expect(await listParameters(patient)).toEqual([])

		const added = await caller.health.addReading({ kind: 'blood_pressure', date: today, systolic: 118, diastolic: 76 })
		expect(added.rowCount).toBe(2)
		expect((await caller.health.metricCards())[0]).toMatchObject({ state: 'ready', value: '118/76' })
		expect((await caller.health.manualReadings()).map((reading) => reading.summary)).toEqual(['118/76 mmHg'])

		await insertGlucose(patient, [[5, 95]])
		const documentRow = (await caller.health.parameters({ code: 'glucose' }))[0]
		await expect(caller.health.deleteReading({ id: documentRow.id })).rejects.toMatchObject({ code: 'NOT_FOUND' })
		const other = await callerFor(await newPatient())
		await expect(other.health.deleteReading({ id: added.id })).rejects.toMatchObject({ code: 'NOT_FOUND' })
		expect(await caller.health.deleteReading({ id: added.id })).toEqual({ deleted: true })
		expect((await caller.health.parameters()).map((row) => row.code)).toEqual(['glucose'])
	})

	it('save the risk profile and use it in the risk assessment and the dashboard', async () => {
		const patient = await newPatient()
		const caller = await callerFor(patient)
		const empty = await caller.health.risk()
		expect(empty.healthScore.status).toBe('insufficient')
		expect(empty.assessment.hypertension.missingInputs).toEqual(['a blood-pressure reading (systolic and diastolic)'])

		await expect(
			caller.health.saveProfile({ dateOfBirth: daysAgo(-2), sex: null, raceGroup: null, isSmoker: null, isTreatedForHypertension: null, hasDiabetes: null }),
		).rejects.toMatchObject({ code: 'BAD_REQUEST' })
		const saved = await caller.health.saveProfile({
			dateOfBirth: '1970-06-15',
			sex: 'male',
			raceGroup: 'african_american',
			isSmoker: true,
			isTreatedForHypertension: true,
			hasDiabetes: false,
		})
		expect(saved).toMatchObject({ sex: 'male', isSmoker: true })
		const today = patientToday(null)
		await caller.health.addReading({ kind: 'blood_pressure', date: today, systolic: 136, diastolic: 86 })
		await caller.health.addReading({ kind: 'cholesterol', date: today, totalCholesterol: 210, hdl: 45, ldl: 130 })
		const risk = await caller.health.risk()
		expect(risk.profile.raceGroup).toBe('african_american')
		expect(risk.assessment.cardiovascular.tenYearAscvdRisk?.percent).toBeGreaterThan(5)
		expect(risk.assessment.hypertension).toMatchObject({ level: 'moderate', score: 55 })
		expect(risk.provenance[`systolic_bp:${today}`]).toEqual([{ source: 'manual' }])
		expect(risk.healthScore.status).toBe('scored')

		const dashboard = await caller.health.dashboard()
		expect(dashboard.healthScore).toEqual(risk.healthScore)
		expect(dashboard.activity.map((event) => event.title)).toEqual(['Added a reading: cholesterol', 'Added a reading: blood pressure'])
	})
})
