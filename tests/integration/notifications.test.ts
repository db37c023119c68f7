import { execFile } from 'node:child_process'
import { randomUUID } from 'node:crypto'
import { promisify } from 'node:util'
import { and, eq, inArray, sql } from 'drizzle-orm'
import { afterAll, describe, expect, it, vi } from 'vitest'
import { getDb } from '#db/client.ts'
import { emailOutbox, memberships, userPreferences } from '#db/schema/platform.ts'
import { notifications } from '#db/schema/tenant.ts'
import { createSession, registerPatient } from '#server/auth/index.ts'
import { sessionIdFromToken } from '#server/auth/session-token.ts'
import { logger } from '#server/logger.ts'
import {
	clearNotifications,
	getNotificationOverview,
	markAllNotificationsRead,
	openNotificationStream,
	removeNotification,
	sendSystemNotification,
	setNotificationRead,
	stopNotificationHub,
	writeNotification,
} from '#server/notifications/index.ts'
import { withTenant } from '#server/tenancy/index.ts'
import { readSse } from '#tests/support/sse-reader.ts'
import { useTestDatabase } from './test-database.ts'

const { url } = useTestDatabase()
const run = promisify(execFile)

afterAll(async () => {
	await stopNotificationHub()
})

type TestPatient = { userId: string; organizationId: string; email: string; sessionId: string; ipAddress: string | null }

async function newPatient(label = 'patient'): Promise<TestPatient> {
	const email = `${label}-${randomUUID()}@example.test`
	// an address its owner confirmed: notification e-mails go only to those (issue 41)
	const { user, organization } = await registerPatient({ name: 'Notified Patient', email, password: 'Correct-horse-9', isEmailConfirmed: true })
	const session = await createSession({ userId: user.id, kind: 'patient', organizationId: organization.id })
	return { userId: user.id, organizationId: organization.id, email, sessionId: sessionIdFromToken(session.token), ipAddress: '203.0.113.30' }
}

async function notify(patient: TestPatient, title = 'Document processed', type: 'new_document' | 'error' = 'new_document') {
	await withTenant(patient.organizationId, (tx) =>
		writeNotification(tx, { ownerId: patient.userId, type, title, message: 'Lab report: 3 values found.', link: '/records' }),
	)
}

async function setSwitches(userId: string, values: { inAppNotifications: boolean; emailNotifications: boolean }) {
	await getDb()
		.insert(userPreferences)
		.values({ userId, ...values })
		.onConflictDoUpdate({ target: userPreferences.userId, set: values })
}

function openStream(patient: TestPatient, lastEventId: number | null = null) {
	const abort = new AbortController()
	const opened = openNotificationStream(patient, { lastEventId, signal: abort.signal }).then((result) => {
		if (!result.ok) throw new Error(result.message)
		return readSse(result.body)
	})
	return { opened, close: () => abort.abort() }
}

/** A stream that has said 'connected': its events (so far and to come) and close. */
async function connectedStream(patient: TestPatient) {
	const stream = openStream(patient)
	const events = await stream.opened
	await events.next((message) => message.data.type === 'connected')
	return { events, close: stream.close }
}

describe('live notifications', () => {
	it('delivers a notification written by another process to the connected stream within a second', async () => {
		const patient = await newPatient()
		const stream = await connectedStream(patient)
		const events = stream.events
		const { stdout } = await run(
			process.execPath,
			['--import', 'tsx', 'tests/support/write-notification.ts', patient.organizationId, patient.userId, 'From the worker'],
			{ env: { ...process.env, DATABASE_URL: url, LOG_LEVEL: 'silent' } },
		)
		const { committedAt } = JSON.parse(stdout.trim().split('\n').at(-1)!) as { committedAt: number }
		const event = await events.next((message) => message.data.type === 'new_document')
		const latencyMs = Date.now() - committedAt
		expect(event.data.data.title).toBe('From the worker')
		expect(event.data.data.level).toBe('success')
		expect(Number(event.id)).toBeGreaterThan(0)
		expect(latencyMs).toBeLessThan(1_000)
		stream.close()
	})

	it('never sends one user the notifications of another', async () => {
		const alice = await newPatient('alice')
		const bob = await newPatient('bob')
		const aliceStream = await connectedStream(alice)
		const aliceEvents = aliceStream.events
		const bobStream = await connectedStream(bob)
		const bobEvents = bobStream.events
		await notify(bob, 'For Bob only')
		await bobEvents.next((message) => message.data.type === 'new_document')
		await notify(alice, 'For Alice')
		await aliceEvents.next((message) => message.data.type === 'new_document')
		expect(aliceEvents.messages.map((message) => message.data.data.title)).not.toContain('For Bob only')
		expect(bobEvents.messages.map((message) => message.data.data.title)).not.toContain('For Alice')
		aliceStream.close()
		bobStream.close()
	})

	it('catches up after a reconnect from the last event id', async () => {
		const patient = await newPatient()
		const first = openStream(patient)
		const firstEvents = await first.opened
		await notify(patient, 'Seen live')
		const seen = await firstEvents.next((message) => message.data.type === 'new_document')
		first.close()
		await notify(patient, 'Missed while away')
		await notify(patient, 'Also missed')
		const second = openStream(patient, Number(seen.id))
		const secondEvents = await second.opened
		await secondEvents.next((message) => message.data.data.title === 'Also missed')
		const titles = secondEvents.messages.filter((message) => message.data.type === 'new_document').map((message) => message.data.data.title)
		expect(titles).toEqual(['Missed while away', 'Also missed'])
		second.close()
	})

	it('honours in-app off: no notification on the stream, only that the list changed (new row, another tab marking it read); the row is still stored', async () => {
		const patient = await newPatient()
		await setSwitches(patient.userId, { inAppNotifications: false, emailNotifications: false })
		const stream = openStream(patient)
		const events = await stream.opened
		const connected = await events.next((message) => message.data.type === 'connected')
		expect(connected.data.data.inApp).toBe(false)
		await notify(patient, 'Quiet one')
		await events.next((message) => message.data.type === 'notifications_changed')
		const overview = await getNotificationOverview(patient)
		expect(overview.items.map((item) => item.title)).toEqual(['Quiet one'])
		expect(await setNotificationRead(patient, overview.items[0]!.id, true)).toBe(true)
		const changes = () => events.messages.filter((message) => message.data.type === 'notifications_changed').length
		await events.next(() => changes() === 2)
		await new Promise((resolve) => setTimeout(resolve, 300))
		expect(events.messages.map((message) => message.data.type)).toEqual(['connected', 'notifications_changed', 'notifications_changed'])
		expect(JSON.stringify(events.messages)).not.toContain('Quiet one')
		expect(events.messages.every((message) => message.id === null)).toBe(true)
		stream.close()
	})

	it('queues an e-mail when e-mail notifications are on, and none when they are off', async () => {
		const withEmail = await newPatient('email-on')
		const withoutEmail = await newPatient('email-off')
		await setSwitches(withoutEmail.userId, { inAppNotifications: true, emailNotifications: false })
		await notify(withEmail, 'Your lab report is ready')
		await notify(withoutEmail, 'Your lab report is ready')
		const sent = await getDb().select().from(emailOutbox).where(eq(emailOutbox.userId, withEmail.userId))
		expect(sent).toHaveLength(1)
		expect(sent[0]!.kind).toBe('notification')
		expect(sent[0]!.recipient).toBe(withEmail.email)
		// what kind of notification waits, never its title or message (they can hold a file's text: issue 41)
		expect(sent[0]!.subject).toBe('A document was processed')
		expect(sent[0]!.textBody).toContain('A document you uploaded to Carebook has been processed.')
		expect(sent[0]!.textBody).not.toContain('Your lab report is ready')
		expect(sent[0]!.textBody).not.toContain('Lab report: 3 values found.')
		const none = await getDb().select().from(emailOutbox).where(eq(emailOutbox.userId, withoutEmail.userId))
		expect(none).toEqual([])
	})

	it('closes quietly, with no error logged, when the organization was deleted (its schema dropped) as the stream opens', async () => {
		const patient = await newPatient('deleted-org')
		const [{ schemaName }] = await getDb().execute<{ schemaName: string }>(
			sql`select schema_name as "schemaName" from app.organizations where id = ${patient.organizationId}`,
		)
		await getDb().execute(sql`drop schema ${sql.identifier(schemaName!)} cascade`)
		const errors = vi.spyOn(logger, 'error')
		try {
			const events = await openStream(patient).opened
			await expect(events.next((message) => message.data.type === 'connected', 2_000)).rejects.toThrow('stream ended')
			expect(errors).not.toHaveBeenCalled()
		} finally {
			errors.mockRestore()
			// finish the delete (the row goes with the schema) so later tests that reach every organization do not meet a half-deleted one
			await getDb().execute(sql`delete from app.organizations where id = ${patient.organizationId}`)
		}
	})
})

describe('several owners in one write', () => {
	it("reads every owner's preferences and honours each: live row, list-changed only, e-mail", async () => {
		const loud = await newPatient('loud')
		const other = await newPatient('quiet')
		await getDb().insert(memberships).values({ userId: other.userId, organizationId: loud.organizationId, role: 'user' })
		const quiet = { ...other, organizationId: loud.organizationId }
		await setSwitches(loud.userId, { inAppNotifications: true, emailNotifications: false })
		await setSwitches(quiet.userId, { inAppNotifications: false, emailNotifications: true })
		const loudStream = await connectedStream(loud)
		const loudEvents = loudStream.events
		const quietStream = await connectedStream(quiet)
		const quietEvents = quietStream.events
		const sent = await sendSystemNotification({ organizationId: loud.organizationId, title: 'Maintenance tonight', message: 'Carebook is down 2-3 AM.' })
		expect(sent).toEqual({ recipients: 2, organizations: 1 })
		const live = await loudEvents.next((message) => message.data.type === 'system_notification')
		expect(live.data.data.title).toBe('Maintenance tonight')
		await quietEvents.next((message) => message.data.type === 'notifications_changed')
		expect(JSON.stringify(quietEvents.messages)).not.toContain('Maintenance tonight')
		expect((await getNotificationOverview(quiet)).items.map((item) => item.title)).toEqual(['Maintenance tonight'])
		const emails = await getDb()
			.select()
			.from(emailOutbox)
			.where(inArray(emailOutbox.userId, [loud.userId, quiet.userId]))
		expect(emails.map((email) => email.recipient)).toEqual([quiet.email])
		loudStream.close()
		quietStream.close()
	})
})

describe('notification actions', () => {
	it('persist: read, unread, mark all, remove, clear', async () => {
		const patient = await newPatient()
		await setSwitches(patient.userId, { inAppNotifications: true, emailNotifications: false })
		for (const title of ['One', 'Two', 'Three']) await notify(patient, title)
		let overview = await getNotificationOverview(patient)
		expect(overview.unreadCount).toBe(3)
		expect(overview.items.map((item) => item.title)).toEqual(['Three', 'Two', 'One'])
		const [three, two] = overview.items
		expect(await setNotificationRead(patient, three!.id, true)).toBe(true)
		overview = await getNotificationOverview(patient, { filter: 'read' })
		expect(overview.items.map((item) => item.title)).toEqual(['Three'])
		expect(overview.unreadCount).toBe(2)
		expect(await setNotificationRead(patient, three!.id, false)).toBe(true)
		expect((await getNotificationOverview(patient, { filter: 'unread' })).items).toHaveLength(3)
		expect(await markAllNotificationsRead(patient)).toBe(3)
		expect((await getNotificationOverview(patient)).unreadCount).toBe(0)
		expect(await removeNotification(patient, two!.id)).toBe(true)
		expect((await getNotificationOverview(patient)).items.map((item) => item.title)).toEqual(['Three', 'One'])
		expect(await clearNotifications(patient)).toBe(2)
		expect((await getNotificationOverview(patient)).totalCount).toBe(0)
	})

	it("never reads or changes another user's notifications, even in the same organization", async () => {
		const alice = await newPatient('alice')
		const bob = await newPatient('bob')
		await notify(alice, 'Private to Alice')
		const [item] = (await getNotificationOverview(alice)).items
		const bobInAliceOrganization = { userId: bob.userId, organizationId: alice.organizationId }
		expect((await getNotificationOverview(bob)).items).toEqual([])
		expect((await getNotificationOverview(bobInAliceOrganization)).items).toEqual([])
		expect(await setNotificationRead(bobInAliceOrganization, item!.id, true)).toBe(false)
		expect(await removeNotification(bobInAliceOrganization, item!.id)).toBe(false)
		expect(await clearNotifications(bobInAliceOrganization)).toBe(0)
		const [stored] = await withTenant(alice.organizationId, (tx) =>
			tx
				.select()
				.from(notifications)
				.where(and(eq(notifications.id, item!.id), eq(notifications.ownerId, alice.userId))),
		)
		expect(stored?.isRead).toBe(false)
	})

	it('sends a system notification to the members of one organization, or to everyone', async () => {
		const alice = await newPatient('alice')
		const bob = await newPatient('bob')
		const stream = await connectedStream(alice)
		const events = stream.events
		const one = await sendSystemNotification({ organizationId: alice.organizationId, title: 'Maintenance tonight', message: 'Carebook is down 2-3 AM.' })
		expect(one).toEqual({ recipients: 1, organizations: 1 })
		const event = await events.next((message) => message.data.type === 'system_notification')
		expect(event.data.data.title).toBe('Maintenance tonight')
		expect((await getNotificationOverview(bob)).items).toEqual([])
		const all = await sendSystemNotification({ title: 'New feature', message: 'Medications have their own page.' })
		expect(all.recipients).toBeGreaterThanOrEqual(2)
		expect((await getNotificationOverview(bob)).items.map((item) => item.title)).toEqual(['New feature'])
		stream.close()
	})
})
