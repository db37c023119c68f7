import { randomUUID } from 'node:crypto'
import { desc, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { getDb } from '#db/client.ts'
import { auditLog } from '#db/schema/platform.ts'
import { documents, healthParameters } from '#db/schema/tenant.ts'
import { registerPatient } from '#server/auth/index.ts'
import type { Patient } from '#server/documents/index.ts'
import { getTrendsExport, summarizeRows, trendsCsv } from '#server/health/index.ts'
import { addDaysToLocalDate } from '#server/time/shared/zoned-time.ts'
import { withTenant } from '#server/tenancy/index.ts'
import { useTestDatabase } from './test-database.ts'

/*
 * The trends export holds what the trends page counts for its filters: the
 * patient's own values in the range (a value to check, a removed one and a
 * document naming someone else stay out), never another patient's.
 */
useTestDatabase()

const TODAY = '2025-06-30'

async function newPatient(name: string): Promise<Patient> {
	const { user, organization } = await registerPatient({ name, email: `export-${randomUUID()}@example.test`, password: 'Correct-horse-9' })
	return { userId: user.id, organizationId: organization.id }
}

async function addDocument(patient: Patient, title: string, subjectMatch: 'matched' | 'mismatch' | 'someone_else') {
	const [row] = await withTenant(patient.organizationId, (tx) =>
		tx
			.insert(documents)
			.values({
				ownerId: patient.userId,
				fileName: `${title}.pdf`,
				fileKind: 'pdf',
				mimeType: 'application/pdf',
				sizeBytes: 1,
				sha256: randomUUID(),
				storageKey: randomUUID(),
				categoryGuess: 'bloodwork',
				title,
				subjectMatch,
				status: 'processed',
			})
			.returning({ id: documents.id }),
	)
	return row!.id
}

type Value = {
	code: string
	value: string
	daysBack: number
	documentId?: string
	reviewStatus?: 'accepted' | 'to_check' | 'removed'
}

async function addValues(patient: Patient, values: Value[]) {
	await withTenant(patient.organizationId, (tx) =>
		tx.insert(healthParameters).values(
			values.map((value, position) => ({
				ownerId: patient.userId,
				source: value.documentId ? ('document' as const) : ('manual' as const),
				documentId: value.documentId ?? null,
				code: value.code,
				name: value.code === 'glucose' ? 'Glucose' : 'Total cholesterol',
				value: Number(value.value),
				valueText: value.value,
				unit: 'mg/dL',
				referenceRangeMin: value.code === 'glucose' ? 70 : null,
				referenceRangeMax: value.code === 'glucose' ? 99 : 200,
				status: Number(value.value) > (value.code === 'glucose' ? 99 : 200) ? ('high' as const) : ('normal' as const),
				testDate: addDaysToLocalDate(TODAY, -value.daysBack),
				reviewStatus: value.reviewStatus ?? 'accepted',
				position,
			})),
		),
	)
}

describe('trends export', () => {
	it("holds the patient's counted values in view, with their sources, and nothing else", async () => {
		const patient = await newPatient('Export Owner')
		const other = await newPatient('Someone Else')
		const lab = await addDocument(patient, 'Meridian labs', 'matched')
		const foreign = await addDocument(patient, 'Another person labs', 'someone_else')
		const asking = await addDocument(patient, 'Unanswered labs', 'mismatch')
		await addValues(patient, [
			{ code: 'glucose', value: '107', daysBack: 10, documentId: lab },
			{ code: 'glucose', value: '95', daysBack: 40 },
			{ code: 'total_cholesterol', value: '230', daysBack: 20, documentId: lab },
			{ code: 'glucose', value: '301', daysBack: 15, documentId: foreign },
			{ code: 'glucose', value: '302', daysBack: 15, documentId: asking },
			{ code: 'glucose', value: '303', daysBack: 12, documentId: lab, reviewStatus: 'to_check' },
			{ code: 'glucose', value: '304', daysBack: 12, documentId: lab, reviewStatus: 'removed' },
			{ code: 'glucose', value: '305', daysBack: 400 },
			{ code: 'glucose', value: '306', daysBack: -3 },
		])
		await addValues(other, [{ code: 'glucose', value: '999', daysBack: 5 }])

		const { rows } = await getTrendsExport(patient, { range: '6m', metric: null, today: TODAY, format: 'csv' })
		expect(rows.map((row) => [row.date, row.parameter, row.value, row.source])).toEqual([
			['2025-05-21', 'Glucose', '95', 'Manual entry'],
			['2025-06-10', 'Total cholesterol', '230', 'Meridian labs'],
			['2025-06-20', 'Glucose', '107', 'Meridian labs'],
		])
		expect(rows[2]).toMatchObject({ unit: 'mg/dL', referenceRange: '70-99', status: 'High' })
		const csv = trendsCsv(rows)
		for (const excluded of ['301', '302', '303', '304', '305', '306', '999', 'Another person labs', 'Unanswered labs']) {
			expect(csv).not.toContain(excluded)
		}

		// The metric filter keeps its codes only; 'all' reaches back past the range.
		const glucose = await getTrendsExport(patient, { range: 'all', metric: 'glucose', today: TODAY, format: 'summary' })
		expect(glucose.rows.map((row) => row.value)).toEqual(['305', '95', '107'])
		const [group] = summarizeRows(glucose.rows)
		const [summary] = group!.parameters
		expect(summary!.latest.value).toBe('107')
		expect(summary!.previous.map((row) => row.value)).toEqual(['95', '305'])

		// The other patient's export holds only their own value.
		const theirs = await getTrendsExport(other, { range: '6m', metric: null, today: TODAY, format: 'csv' })
		expect(theirs.rows.map((row) => row.value)).toEqual(['999'])
	})

	it('is audited with ids and counts only', async () => {
		const patient = await newPatient('Audited Owner')
		await addValues(patient, [{ code: 'glucose', value: '107', daysBack: 1 }])
		await getTrendsExport(patient, { range: '1m', metric: 'glucose', today: TODAY, format: 'csv' })
		const [entry] = await getDb().select().from(auditLog).where(eq(auditLog.actorUserId, patient.userId)).orderBy(desc(auditLog.createdAt)).limit(1)
		expect(entry).toMatchObject({
			action: 'health.trends.export',
			targetType: 'data_export',
			targetId: patient.userId,
			details: { format: 'csv', range: '1m', metric: 'glucose', rows: 1 },
		})
		expect(JSON.stringify(entry!.details)).not.toContain('107')
	})
})
