import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { healthParameters } from '#db/schema/tenant.ts'
import { registerPatient } from '#server/auth/index.ts'
import type { Patient } from '#server/documents/index.ts'
import {
	assessHealthRisks,
	buildMetricCards,
	buildRangeMetricCards,
	getDashboard,
	getPredictions,
	getRiskOverview,
	getTrendsOverview,
	listParameters,
	predictMetrics,
	riskProfileOf,
	EMPTY_HEALTH_PROFILE,
	type HealthParameter,
} from '#server/health/index.ts'
import { addDaysToLocalDate } from '#server/time/shared/zoned-time.ts'
import { withTenant } from '#server/tenancy/index.ts'
import { useTestDatabase } from './test-database.ts'

/*
 * The cards, predictions, risk tab and dashboard read the recent history
 * first (server/health/shared/recent-history.ts) and older rows only for what
 * it does not answer. Their answers must be those of the whole history: each
 * case compares them with the pure calculations over every stored row.
 */
useTestDatabase()

const TODAY = '2025-06-30'

type Row = { code: string; value: number; unit: string | null; daysBack: number }

async function patientWith(rows: Row[]): Promise<Patient> {
	const { user, organization } = await registerPatient({
		name: 'History Owner',
		email: `history-${randomUUID()}@example.test`,
		password: 'Correct-horse-9',
	})
	const patient = { userId: user.id, organizationId: organization.id }
	await withTenant(patient.organizationId, async (tx) => {
		for (let start = 0; start < rows.length; start += 500) {
			await tx.insert(healthParameters).values(
				rows.slice(start, start + 500).map((row, position) => ({
					ownerId: patient.userId,
					source: 'manual' as const,
					code: row.code,
					name: row.code,
					value: row.value,
					valueText: String(row.value),
					unit: row.unit,
					status: 'normal' as const,
					testDate: addDaysToLocalDate(TODAY, -row.daysBack),
					position,
				})),
			)
		}
	})
	return patient
}

async function expectWholeHistoryAnswers(patient: Patient) {
	const all: HealthParameter[] = await listParameters(patient, { until: TODAY })
	const overview = await getTrendsOverview(patient, { range: '6m', today: TODAY, metricId: null })
	expect(overview.cards).toEqual(buildRangeMetricCards(all, { range: '6m', today: TODAY }))
	const allTime = await getTrendsOverview(patient, { range: 'all', today: TODAY, metricId: null })
	expect(allTime.cards).toEqual(buildRangeMetricCards(all, { range: 'all', today: TODAY }))
	expect(await getPredictions(patient, { today: TODAY })).toEqual(predictMetrics(all, TODAY))
	const risk = await getRiskOverview(patient, { today: TODAY })
	expect(risk.assessment).toEqual(assessHealthRisks(all, riskProfileOf(EMPTY_HEALTH_PROFILE), TODAY))
	const dashboard = await getDashboard(patient, { today: TODAY, now: new Date(`${TODAY}T12:00:00Z`) })
	expect(dashboard.metrics).toEqual(buildMetricCards(all, TODAY))
	return { overview, risk }
}

const REGULAR_CODES: [string, string, number][] = [
	['systolic_bp', 'mmHg', 124],
	['diastolic_bp', 'mmHg', 80],
	['total_cholesterol', 'mg/dL', 195],
	['glucose', 'mg/dL', 98],
	['weight', 'kg', 78],
	['height', 'cm', 176],
	['ldl', 'mg/dL', 118],
	['hdl', 'mg/dL', 52],
	['triglycerides', 'mg/dL', 140],
	['hba1c', '%', 5.6],
]

describe('trends read from the recent history', () => {
	it('give the whole-history answers for a regularly measured patient', async () => {
		const rows = Array.from({ length: 180 }, (_, round) =>
			REGULAR_CODES.map(([code, unit, typical], index) => ({
				code,
				unit,
				value: Number((typical * (1 + Math.sin(round * 0.7 + index) * 0.05)).toFixed(1)),
				daysBack: round * 6 + 1,
			})),
		).flat()
		const patient = await patientWith(rows)
		const { overview, risk } = await expectWholeHistoryAnswers(patient)
		expect(overview.cards.every((card) => card.state === 'ready' && card.comparedWith !== null)).toBe(true)
		expect(risk.assessment.hypertension.level).not.toBeNull()
	})

	it('give the whole-history answers when the readings they need are older than the recent window', async () => {
		const patient = await patientWith([
			// Glucose twice, a year apart: the card compares with the older one.
			{ code: 'glucose', value: 104, unit: 'mg/dL', daysBack: 3 },
			{ code: 'glucose', value: 5.2, unit: 'mmol/L', daysBack: 400 },
			// The newest systolic has no diastolic: the latest pressure is the pair of two years ago.
			{ code: 'systolic_bp', value: 150, unit: 'mmHg', daysBack: 2 },
			{ code: 'systolic_bp', value: 131, unit: 'mmHg', daysBack: 700 },
			{ code: 'diastolic_bp', value: 85, unit: 'mmHg', daysBack: 700 },
			{ code: 'systolic_bp', value: 128, unit: 'mmHg', daysBack: 760 },
			{ code: 'diastolic_bp', value: 82, unit: 'mmHg', daysBack: 760 },
			// Recent weights, a height three years ago and one yesterday: the older weight's BMI uses the old height.
			{ code: 'weight', value: 81, unit: 'kg', daysBack: 5 },
			{ code: 'weight', value: 176, unit: 'lb', daysBack: 60 },
			{ code: 'height', value: 180, unit: 'cm', daysBack: 1_100 },
			{ code: 'height', value: 70, unit: 'in', daysBack: 1 },
			// A lipid panel and an HbA1c from long ago only.
			{ code: 'total_cholesterol', value: 210, unit: 'mg/dL', daysBack: 900 },
			{ code: 'hdl', value: 45, unit: 'mg/dL', daysBack: 900 },
			{ code: 'ldl', value: 130, unit: 'mg/dL', daysBack: 900 },
			{ code: 'hba1c', value: 5.9, unit: '%', daysBack: 500 },
		])
		const { overview, risk } = await expectWholeHistoryAnswers(patient)
		const glucose = overview.cards.find((card) => card.id === 'glucose')
		expect(glucose).toMatchObject({ state: 'ready', comparedWith: { date: addDaysToLocalDate(TODAY, -400) } })
		expect(risk.assessment.hypertension.valuesUsed.map((value) => value.date)).toContain(addDaysToLocalDate(TODAY, -700))
	})

	it('give the whole-history answers for a patient without readings', async () => {
		const patient = await patientWith([])
		const { overview } = await expectWholeHistoryAnswers(patient)
		expect(overview.cards.every((card) => card.state === 'empty')).toBe(true)
	})
})
