import { randomUUID } from 'node:crypto'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { getDb } from '#db/client.ts'
import { auditLog } from '#db/schema/platform.ts'
import { documents, healthParameters } from '#db/schema/tenant.ts'
import type { Patient } from '#server/auth/patient.ts'
import { registerPatient } from '#server/auth/index.ts'
import { chooseDocumentDate } from '#server/documents/index.ts'
import { withTenant } from '#server/tenancy/index.ts'
import { reportWithAmbiguousDate } from '../support/ambiguous-date-report.ts'
import { uploadAndProcess } from './document-upload.ts'
import { useTestDatabase } from './test-database.ts'

process.env.DATA_DIR = path.resolve(`tests/.tmp/data-${randomUUID()}`)
useTestDatabase()

async function newPatient(name: string): Promise<Patient> {
	const { user, organization } = await registerPatient({ name, email: `date-${randomUUID()}@example.test`, password: 'Correct-horse-9' })
	return { userId: user.id, organizationId: organization.id }
}

function stored(patient: Patient, documentId: string) {
	return withTenant(patient.organizationId, async (tx) => {
		const [document] = await tx
			.select({ documentDate: documents.documentDate, dateChoices: documents.dateChoices, uploadedAt: documents.uploadedAt })
			.from(documents)
			.where(eq(documents.id, documentId))
		const values = await tx
			.select({ code: healthParameters.code, testDate: healthParameters.testDate })
			.from(healthParameters)
			.where(eq(healthParameters.documentId, documentId))
		return { ...document, values }
	})
}

describe('a printed date that reads two ways is asked, not guessed', () => {
	let patient: Patient
	let documentId: string

	beforeAll(async () => {
		patient = await newPatient('Robin Day')
		documentId = await uploadAndProcess(patient, await reportWithAmbiguousDate('Robin Day'), 'report.pdf')
	})

	it('stores both readings and no date; the values carry the upload day meanwhile', async () => {
		const document = await stored(patient, documentId)
		expect(document.documentDate).toBeNull()
		expect(document.dateChoices).toEqual(['2025-04-06', '2025-06-04'])
		expect(document.values.map((value) => value.code).sort()).toEqual(['creatinine', 'glucose', 'potassium', 'sodium'])
		const uploadDay = document.uploadedAt.toISOString().slice(0, 10)
		expect(document.values.every((value) => value.testDate === uploadDay)).toBe(true)
	})

	it("refuses a date it did not offer and another patient's answer, changing nothing", async () => {
		const notOffered = await chooseDocumentDate(patient, documentId, '2025-05-06')
		expect(notOffered).toMatchObject({ ok: false, kind: 'invalid', code: 'not-offered', field: 'date' })
		const stranger = await newPatient('Sam Other')
		expect(await chooseDocumentDate(stranger, documentId, '2025-06-04')).toMatchObject({ ok: false, kind: 'not-found' })
		expect(await chooseDocumentDate(patient, 'not-a-uuid', '2025-06-04')).toMatchObject({ ok: false, kind: 'not-found' })
		expect((await stored(patient, documentId)).dateChoices).toEqual(['2025-04-06', '2025-06-04'])
	})

	it('takes the chosen reading for the record and its values, closes the question and audits it', async () => {
		expect(await chooseDocumentDate(patient, documentId, '2025-06-04')).toMatchObject({ ok: true, date: '2025-06-04' })
		const document = await stored(patient, documentId)
		expect(document.documentDate).toBe('2025-06-04')
		expect(document.dateChoices).toBeNull()
		expect(document.values.every((value) => value.testDate === '2025-06-04')).toBe(true)
		// answered: the question is closed
		expect(await chooseDocumentDate(patient, documentId, '2025-04-06')).toMatchObject({ ok: false, code: 'not-offered' })
		const audits = await getDb().select({ action: auditLog.action, targetId: auditLog.targetId }).from(auditLog).where(eq(auditLog.targetId, documentId))
		expect(audits.map((entry) => entry.action)).toContain('document.date_chosen')
	})
})
