import { randomUUID } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { healthParameters } from '#db/schema/tenant.ts'
import type { Patient } from '#server/auth/patient.ts'
import { registerPatient } from '#server/auth/index.ts'
import { answerDocumentSubject, getDocument } from '#server/documents/index.ts'
import { parameterGradeLabel } from '#server/documents/shared/parameter-status.ts'
import { getParameterTrends, getTrendsOverview } from '#server/health/index.ts'
import { listMedications, searchMedicationRows } from '#server/medications/index.ts'
import { withTenant } from '#server/tenancy/index.ts'
import { buildCcd, type CcdOptions } from '../support/ccda-builder.ts'
import { uploadAndProcess } from './document-upload.ts'
import { useTestDatabase } from './test-database.ts'

/**
 * The one grading rule (decision 025) end to end: a value without a printed
 * range reads the same grade on its document page and in trends; the
 * migration regrades the values stored before the rule; and a record of
 * someone else keeps its medications off the patient's list.
 */

process.env.DATA_DIR = path.resolve(`tests/.tmp/data-${randomUUID()}`)
useTestDatabase()

const TODAY = '2026-11-26'

async function newPatient(name = 'Grace Hopper'): Promise<Patient> {
	const { user, organization } = await registerPatient({ name, email: `grading-${randomUUID()}@example.test`, password: 'Correct-horse-9' })
	return { userId: user.id, organizationId: organization.id }
}

async function importCcd(patient: Patient, options: Partial<CcdOptions>) {
	const bytes = Buffer.from(
		buildCcd({ documentId: `2.16.840.1.113883.19.5.${randomUUID()}`, effectiveTime: '20260301', custodian: 'Lakeside Community Clinic', ...options }),
	)
	return uploadAndProcess(patient, bytes, 'visit.xml')
}

const GRACE = { given: 'Grace', family: 'Hopper', birthTime: '19800101' }

describe('one grade for a value on every screen', () => {
	it('shows a C-CDA blood pressure and weight without a range with the same grade on the document page and in trends', async () => {
		const patient = await newPatient()
		const documentId = await importCcd(patient, {
			patient: GRACE,
			vitals: [
				{ loinc: '8480-6', name: 'Systolic blood pressure', value: '134', unit: 'mm[Hg]', time: '20260301' },
				{ loinc: '8462-4', name: 'Diastolic blood pressure', value: '76', unit: 'mm[Hg]', time: '20260301' },
				{ loinc: '29463-7', name: 'Body weight', value: '80', unit: 'kg', time: '20260301' },
			],
		})
		const document = await getDocument(patient, documentId)
		const onDocumentPage = new Map(document!.parameters.map((row) => [row.code, parameterGradeLabel(row)]))
		expect(Object.fromEntries(onDocumentPage)).toEqual({
			systolic_bp: 'Stage 1 hypertension (ACC/AHA)',
			diastolic_bp: 'Normal (ACC/AHA)',
			weight: 'Not graded',
		})

		const trends = await getParameterTrends(patient, { today: TODAY, days: 365 })
		const inTrends = new Map(trends.map((series) => [series.code, series.points.map((point) => point.gradeLabel)]))
		expect(inTrends.get('systolic_bp')).toEqual([onDocumentPage.get('systolic_bp')])
		expect(inTrends.get('weight')).toEqual([onDocumentPage.get('weight')])
		expect(trends.find((series) => series.code === 'weight')!.points[0]).toMatchObject({ isGraded: false, isAbnormal: false })

		// the blood-pressure chart grades the reading by the same guideline (the higher of its two numbers' categories)
		const overview = await getTrendsOverview(patient, { range: 'all', today: TODAY, metricId: 'blood-pressure' })
		expect(overview.series!.points.map((point) => [point.value, point.diastolic, point.gradeLabel])).toEqual([[134, 76, 'Stage 1 hypertension (ACC/AHA)']])
	})
})

describe('the values stored before the rule', () => {
	it("are regraded by the tenant migration: defaults of typed readings dropped, blood pressure by ACC/AHA, a report's weight no longer called normal", async () => {
		const patient = await newPatient()
		const row = (fields: Partial<typeof healthParameters.$inferInsert>) => ({
			ownerId: patient.userId,
			name: fields.code ?? 'x',
			value: 0,
			valueText: String(fields.value ?? 0),
			unit: null,
			testDate: '2026-01-10',
			source: 'manual' as const,
			code: 'x',
			...fields,
		})
		const ids = await withTenant(patient.organizationId, async (tx) => {
			const inserted = await tx
				.insert(healthParameters)
				.values([
					// as manual readings were stored: the default range and its grade
					row({ code: 'glucose', value: 130, unit: 'mg/dL', referenceRangeMin: 70, referenceRangeMax: 99, status: 'high' }),
					row({ code: 'glucose', value: 45, unit: 'mg/dL', referenceRangeMin: 70, referenceRangeMax: 99, status: 'critical' }),
					row({ code: 'systolic_bp', value: 85, unit: 'mmHg', referenceRangeMin: 90, referenceRangeMax: 119, status: 'low' }),
					row({ code: 'heart_rate', value: 72, unit: 'bpm', referenceRangeMin: 60, referenceRangeMax: 100, status: 'normal' }),
					// as a report's values were stored
					row({ source: 'document', code: 'weight', value: 80, unit: 'kg', status: 'normal' }),
					row({ source: 'document', code: 'systolic_bp', value: 147, unit: 'mm[Hg]', status: null }),
					row({ source: 'document', code: 'bmi', value: 17.2, unit: 'kg/m2', status: 'normal' }),
					row({ source: 'document', code: 'ferritin', value: 400, unit: 'ng/mL', status: 'high' }),
					row({ source: 'document', code: 'hemoglobin', value: 11, unit: 'g/dL', referenceRangeMin: 12, referenceRangeMax: 15.5, status: 'low' }),
				])
				.returning({ id: healthParameters.id })
			return inserted.map((entry) => entry.id)
		})
		const migration = await readFile(path.resolve('db/migrations/tenant/0014_one_grading_rule.sql'), 'utf8')
		await withTenant(patient.organizationId, async (tx) => {
			for (const statement of migration.split('--> statement-breakpoint')) await tx.execute(sql.raw(statement))
		})
		const after = await withTenant(patient.organizationId, (tx) =>
			tx
				.select({ id: healthParameters.id, status: healthParameters.status, min: healthParameters.referenceRangeMin, max: healthParameters.referenceRangeMax })
				.from(healthParameters)
				.where(eq(healthParameters.ownerId, patient.userId)),
		)
		const byId = new Map(after.map((entry) => [entry.id, [entry.status, entry.min, entry.max]]))
		expect(ids.map((id) => byId.get(id))).toEqual([
			[null, null, null],
			['critical', null, null],
			['normal', null, null],
			[null, null, null],
			[null, null, null],
			['high', null, null],
			['low', null, null],
			['high', null, null],
			['low', 12, 15.5],
		])
	})
})

describe('medications of a record of someone else', () => {
	it('stay off the medications list and search until the patient answers This is me', async () => {
		const patient = await newPatient()
		await importCcd(patient, { patient: GRACE, medications: [{ rxnorm: '314076', name: 'Lisinopril 10 MG Oral Tablet', dose: '1', start: '20260101' }] })
		const foreign = await importCcd(patient, {
			patient: { given: 'John', family: 'Doe', birthTime: '19500101' },
			medications: [{ rxnorm: '860975', name: 'Metformin 500 MG Oral Tablet', dose: '1', start: '20260101' }],
		})
		const names = async () => (await listMedications(patient)).map((medication) => medication.name)
		const searched = (text: string) => withTenant(patient.organizationId, (tx) => searchMedicationRows(tx, patient, text, 10))

		// unanswered ('Is this you?'): only the patient's own
		expect(await names()).toEqual(['Lisinopril 10 MG Oral Tablet'])
		expect(await searched('metformin')).toEqual([])
		// a C-CDA dose without a unit names the form its product gives
		expect((await listMedications(patient))[0]!.dose).toBe('1 tablet')

		expect((await answerDocumentSubject(patient, foreign, 'someone_else')).ok).toBe(true)
		expect(await names()).toEqual(['Lisinopril 10 MG Oral Tablet'])
		expect(await searched('metformin')).toEqual([])

		expect((await answerDocumentSubject(patient, foreign, 'confirmed_self')).ok).toBe(true)
		expect((await names()).sort()).toEqual(['Lisinopril 10 MG Oral Tablet', 'Metformin 500 MG Oral Tablet'])
		expect(await searched('metformin')).toHaveLength(1)
	})
})
