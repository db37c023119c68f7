import { randomUUID } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { documents } from '#db/schema/tenant.ts'
import type { Patient } from '#server/auth/patient.ts'
import { registerPatient } from '#server/auth/index.ts'
import { answerDocumentSubject, compareTestDates, listTestDates } from '#server/documents/index.ts'
import { getDashboard, getMetricCards, getParameterTrends, getRiskOverview, saveHealthProfile } from '#server/health/index.ts'
import { withTenant } from '#server/tenancy/index.ts'
import { buildCcd } from '../support/ccda-builder.ts'
import { uploadAndProcess } from './document-upload.ts'
import { useTestDatabase } from './test-database.ts'

process.env.DATA_DIR = path.resolve(`tests/.tmp/data-${randomUUID()}`)
useTestDatabase()

const TODAY = '2025-06-01'
const PUBLIC_SAMPLES = path.resolve('../shared/fixtures/public-samples/text')

async function newPatient(name: string): Promise<Patient> {
	const { user, organization } = await registerPatient({ name, email: `subject-${randomUUID()}@example.test`, password: 'Correct-horse-9' })
	return { userId: user.id, organizationId: organization.id }
}

async function subjectOf(patient: Patient, documentId: string) {
	const [row] = await withTenant(patient.organizationId, (tx) =>
		tx.select({ subjectMatch: documents.subjectMatch }).from(documents).where(eq(documents.id, documentId)),
	)
	return row.subjectMatch
}

/** A C-CDA naming `patient` with one blood pressure, glucose and (optionally) height or weight. */
function ccd(options: {
	id: string
	patient: { given: string; family: string; birthTime: string }
	time: string
	systolic: string
	glucose: string
	body?: { loinc: string; name: string; value: string; unit: string }
}) {
	return Buffer.from(
		buildCcd({
			documentId: options.id,
			effectiveTime: options.time,
			custodian: 'Lakeside Community Clinic',
			patient: options.patient,
			results: [
				{ id: `${options.id}-glu`, loinc: '2345-7', name: 'Glucose', value: options.glucose, unit: 'mg/dL', low: '70', high: '99', time: options.time },
			],
			vitals: [
				{ id: `${options.id}-sbp`, loinc: '8480-6', name: 'Systolic blood pressure', value: options.systolic, unit: 'mm[Hg]', time: options.time },
				{ id: `${options.id}-dbp`, loinc: '8462-4', name: 'Diastolic blood pressure', value: '80', unit: 'mm[Hg]', time: options.time },
				...(options.body ? [{ id: `${options.id}-body`, ...options.body, time: options.time }] : []),
			],
		}),
	)
}

describe("a record of another person stays out of the patient's figures until confirmed", () => {
	let patient: Patient
	let ownId: string
	let foreignId: string

	beforeAll(async () => {
		patient = await newPatient('Avery Test')
		await saveHealthProfile(patient, {
			dateOfBirth: '1980-01-01',
			sex: 'female',
			raceGroup: null,
			isSmoker: false,
			isTreatedForHypertension: false,
			hasDiabetes: false,
		})
		// The patient's own record (name in another order and case): weight 180 lb, BP 118, glucose 90.
		ownId = await uploadAndProcess(
			patient,
			ccd({
				id: '2.16.840.1.113883.19.5.1',
				patient: { given: 'AVERY', family: 'TEST', birthTime: '19800101' },
				time: '20250301',
				systolic: '118',
				glucose: '90',
				body: { loinc: '29463-7', name: 'Body weight', value: '180', unit: '[lb_av]' },
			}),
			'mine.xml',
		)
		// Another patient's (Isabella Jones): height 36 in, BP 172, glucose 250, older.
		foreignId = await uploadAndProcess(
			patient,
			ccd({
				id: '2.16.840.1.113883.19.5.2',
				patient: { given: 'Isabella', family: 'Jones', birthTime: '19750501' },
				time: '20120115',
				systolic: '172',
				glucose: '250',
				body: { loinc: '8302-2', name: 'Body height', value: '36', unit: '[in_i]' },
			}),
			'hers.xml',
		)
	})

	it('matches each record to the profile: the own one counts, the other asks', async () => {
		expect(await subjectOf(patient, ownId)).toBe('matched')
		expect(await subjectOf(patient, foreignId)).toBe('mismatch')
	})

	it('leaves its values out of trends, BMI, risk, the dashboard and compare until answered', async () => {
		const trends = await getParameterTrends(patient, { today: TODAY, days: 36_500 })
		const glucose = trends.find((series) => series.code === 'glucose')
		expect(glucose?.points.map((point) => point.value)).toEqual([90])
		// No height of the patient's own: no BMI from her weight and the other person's height.
		const cards = await getMetricCards(patient, { range: 'all', today: TODAY })
		expect(cards.find((card) => card.id === 'bmi')?.state).toBe('empty')
		expect(cards.find((card) => card.id === 'blood-pressure')).toMatchObject({ value: '118/80' })
		const risk = await getRiskOverview(patient, { today: TODAY })
		expect(risk.assessment.hypertension.valuesUsed.map((value) => value.value)).not.toContain(172)
		expect(Object.keys(risk.provenance).every((key) => !key.endsWith('2012-01-15'))).toBe(true)
		const dashboard = await getDashboard(patient, { today: TODAY, now: new Date(`${TODAY}T12:00:00Z`) })
		expect(dashboard.alerts.map((alert) => alert.value)).not.toContain(250)
		expect(await listTestDates(patient)).toEqual(['2025-03-01'])
	})

	it("counts them after 'This is me', and never again after 'Someone else'", async () => {
		expect((await answerDocumentSubject(patient, foreignId, 'confirmed_self')).ok).toBe(true)
		expect(await subjectOf(patient, foreignId)).toBe('confirmed_self')
		const trends = await getParameterTrends(patient, { today: TODAY, days: 36_500 })
		expect(trends.find((series) => series.code === 'glucose')?.points.map((point) => point.value)).toEqual([250, 90])
		expect(await listTestDates(patient)).toEqual(['2025-03-01', '2012-01-15'])
		expect((await compareTestDates(patient, '2012-01-15', '2025-03-01')).parameters.find((row) => row.code === 'glucose')).toMatchObject({ change: -160 })

		expect((await answerDocumentSubject(patient, foreignId, 'someone_else')).ok).toBe(true)
		const after = await getParameterTrends(patient, { today: TODAY, days: 36_500 })
		expect(after.find((series) => series.code === 'glucose')?.points.map((point) => point.value)).toEqual([90])
		expect(await listTestDates(patient)).toEqual(['2025-03-01'])
	})

	it("refuses an answer on a record that is not the patient's, and on one that asked nothing", async () => {
		const stranger = await newPatient('Avery Test')
		expect((await answerDocumentSubject(stranger, foreignId, 'confirmed_self')).ok).toBe(false)
		expect((await answerDocumentSubject(patient, ownId, 'someone_else')).ok).toBe(false)
		expect((await answerDocumentSubject(patient, 'not-a-uuid', 'someone_else')).ok).toBe(false)
	})
})

describe('a PDF names its patient', () => {
	it("asks on a report printed for someone else, and not on the patient's own", async () => {
		const bytes = await readFile(path.join(PUBLIC_SAMPLES, 'inline-john-doe-cbc-chem-lipid.pdf'))
		const avery = await newPatient('Avery Test')
		expect(await subjectOf(avery, await uploadAndProcess(avery, bytes, 'report.pdf'))).toBe('mismatch')
		expect(await getParameterTrends(avery, { today: '2030-01-01', days: 36_500 })).toEqual([])
		const john = await newPatient('DOE, John')
		expect(await subjectOf(john, await uploadAndProcess(john, bytes, 'report.pdf'))).toBe('matched')
		expect((await getParameterTrends(john, { today: '2030-01-01', days: 36_500 })).length).toBeGreaterThan(0)
	})
})
