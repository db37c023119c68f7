import type { SQL } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { enqueueAppointmentReminder, enqueueProcessDocument, ProcessDocumentPayloadSchema, ReminderPayloadSchema, type JobExecutor } from './queue.ts'

const ORGANIZATION = '1f6c1b2e-8d3a-4c55-9a51-0d1e2f3a4b5c'
const DOCUMENT = '7a2d9c40-1b3e-4f6a-8c7d-9e0f1a2b3c4d'

/** A transaction that keeps the statements it was given instead of running them. */
function recordingTx(): JobExecutor & { statements: SQL[] } {
	const statements: SQL[] = []
	return { statements, execute: async (query) => void statements.push(query) }
}

describe('job payloads', () => {
	it('accepts a document payload of two ids and nothing looser', () => {
		expect(ProcessDocumentPayloadSchema.parse({ organizationId: ORGANIZATION, documentId: DOCUMENT })).toEqual({
			organizationId: ORGANIZATION,
			documentId: DOCUMENT,
		})
		expect(ProcessDocumentPayloadSchema.safeParse({ organizationId: ORGANIZATION }).success).toBe(false)
		expect(ProcessDocumentPayloadSchema.safeParse({ organizationId: 'tenant_1', documentId: DOCUMENT }).success).toBe(false)
	})

	it('accepts a reminder of a known kind at an ISO start only', () => {
		const reminder = { organizationId: ORGANIZATION, appointmentId: DOCUMENT, kind: '1h', startsAt: '2030-03-05T19:30:00.000Z' }
		expect(ReminderPayloadSchema.safeParse(reminder).success).toBe(true)
		expect(ReminderPayloadSchema.safeParse({ ...reminder, kind: '2h' }).success).toBe(false)
		expect(ReminderPayloadSchema.safeParse({ ...reminder, startsAt: 'tomorrow' }).success).toBe(false)
	})

	it('refuses to queue a job whose payload does not match its task, writing nothing', async () => {
		const tx = recordingTx()
		await expect(enqueueProcessDocument(tx, { organizationId: ORGANIZATION, documentId: 'not-an-id' }, { plan: 'basic' })).rejects.toThrow()
		await expect(
			enqueueAppointmentReminder(tx, { organizationId: ORGANIZATION, appointmentId: DOCUMENT, kind: '24h', startsAt: 'soon' }, { runAt: new Date() }),
		).rejects.toThrow()
		expect(tx.statements).toEqual([])
		await enqueueProcessDocument(tx, { organizationId: ORGANIZATION, documentId: DOCUMENT }, { plan: 'basic' })
		expect(tx.statements).toHaveLength(1)
	})
})
