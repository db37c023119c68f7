import { randomUUID } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import { Logger, runOnce } from 'graphile-worker'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { getDb, getSql } from '#db/client.ts'
import { emailOutbox } from '#db/schema/platform.ts'
import { getSystemHealth } from '#server/admin/index.ts'
import { registerPatient } from '#server/auth/index.ts'
import { getMailboxMessage, listMailboxMessages, queueEmail, SMTP_NOT_CONFIGURED, type OutgoingEmail } from '#server/email/index.ts'
import { JOB_KEYS, SEND_EMAIL_MAX_ATTEMPTS, TASKS } from '#server/queue/queue.ts'
import { sendEmailTask } from '#server/jobs/send-email-task.ts'
import { withRedactedTaskErrors } from '#server/jobs/redacted-task.ts'
import { workerLogFactory } from '#server/jobs/worker-log.ts'
import { captureProcessOutput } from '#tests/support/captured-output.ts'
import { startSmtpServer, type LocalSmtpServer } from '#tests/support/smtp-server.ts'
import * as mailboxMessageRoute from '#app/routes/dev.mailbox.$messageId.tsx'
import * as mailboxRoute from '#app/routes/dev.mailbox._index.tsx'
import { useTestDatabase } from './test-database.ts'

const { url: databaseUrl } = useTestDatabase()

const RECIPIENT_DOMAIN = 'outbox.example.test'

function shareEmail(overrides: Partial<OutgoingEmail> = {}): OutgoingEmail {
	return {
		to: `dr-${randomUUID().slice(0, 8)}@${RECIPIENT_DOMAIN}`,
		kind: 'share_link',
		subject: 'Ann Lee shared records with you',
		lines: ['Hello,', 'Ann Lee shared 2 records with you.'],
		link: { label: 'Open the shared records', url: 'https://carebook.example/shared/tok123' },
		...overrides,
	}
}

/** queueEmail, for a message that must be queued (a kind and address the outbox takes). */
async function queued(...args: Parameters<typeof queueEmail>): Promise<{ messageId: string }> {
	const outcome = await queueEmail(...args)
	if (outcome.messageId === null) throw new Error(`not queued: ${outcome.skipped}`)
	return { messageId: outcome.messageId }
}

/** Runs the queued send_email jobs as the worker does, bringing a retried job's next run forward, until none is left. */
async function runEmailJobs() {
	for (let round = 0; round < SEND_EMAIL_MAX_ATTEMPTS + 2; round++) {
		await getSql()`update graphile_worker._private_jobs set run_at = now() where task_id = (select id from graphile_worker._private_tasks where identifier = ${TASKS.sendEmail})`
		await runOnce({
			connectionString: databaseUrl,
			taskList: withRedactedTaskErrors({ [TASKS.sendEmail]: sendEmailTask }),
			logger: new Logger(workerLogFactory(() => false)),
		})
		const [left] = await getSql()<
			{ count: number }[]
		>`select count(*)::int as count from graphile_worker.jobs where task_identifier = ${TASKS.sendEmail} and attempts < max_attempts`
		if (left!.count === 0) return
	}
	throw new Error('send_email jobs still waiting')
}

async function outboxRow(messageId: string) {
	const [row] = await getDb().select().from(emailOutbox).where(eq(emailOutbox.id, messageId))
	return row!
}

let smtp: LocalSmtpServer | undefined
let output: string[]
beforeEach(() => {
	output = captureProcessOutput()
})
afterEach(async () => {
	// Each test sends only its own messages.
	await getSql()`delete from graphile_worker._private_jobs where task_id = (select id from graphile_worker._private_tasks where identifier = ${TASKS.sendEmail})`
	vi.restoreAllMocks()
	vi.unstubAllEnvs()
	await smtp?.close()
	smtp = undefined
})

/** Nothing the outbox or the worker wrote names the recipient or repeats the message. */
function expectNoMessageInLogs(message: OutgoingEmail) {
	const written = output.join('')
	expect(written).not.toContain(message.to)
	expect(written).not.toContain(RECIPIENT_DOMAIN)
	expect(written).not.toContain('Ann Lee')
}

describe('queueing an e-mail', () => {
	it('stores the message and its send_email job in the caller transaction, and neither when it rolls back', async () => {
		const { messageId } = await getDb().transaction((tx) => queued(tx, shareEmail()))
		const [job] = await getSql()<
			{ task_identifier: string; max_attempts: number }[]
		>`select task_identifier, max_attempts from graphile_worker.jobs where key = ${JOB_KEYS.sendEmail(messageId)}`
		expect(job).toEqual({ task_identifier: TASKS.sendEmail, max_attempts: SEND_EMAIL_MAX_ATTEMPTS })
		expect(await outboxRow(messageId)).toMatchObject({ status: 'queued', kind: 'share_link', attempts: 0 })

		const rolledBack = randomUUID()
		await expect(
			getDb().transaction(async (tx) => {
				await queueEmail(tx, shareEmail({ subject: rolledBack }))
				throw new Error('the change failed')
			}),
		).rejects.toThrow('the change failed')
		expect(await getDb().select().from(emailOutbox).where(eq(emailOutbox.subject, rolledBack))).toEqual([])
	})

	it('refuses a bad address, a control character or a non-web link, writing nothing', async () => {
		const before = await getDb().$count(emailOutbox)
		await expect(queueEmail(getDb(), shareEmail({ to: 'not an address' }))).rejects.toThrow()
		await expect(queueEmail(getDb(), shareEmail({ subject: 'Hi\r\nBcc: everyone@example.test' }))).rejects.toThrow()
		await expect(queueEmail(getDb(), shareEmail({ lines: ['a\u0000b'] }))).rejects.toThrow()
		await expect(queueEmail(getDb(), shareEmail({ link: { label: 'x', url: 'javascript:alert(1)' } }))).rejects.toThrow()
		expect(await getDb().$count(emailOutbox)).toBe(before)
	})
})

describe('sending through SMTP', () => {
	it('delivers the message in a real SMTP conversation and erases the bodies once sent', async () => {
		smtp = await startSmtpServer()
		vi.stubEnv('SMTP_URL', smtp.url)
		vi.stubEnv('MAIL_FROM', 'Carebook <no-reply@carebook.example>')
		const { user } = await registerPatient({ name: 'Outbox Owner', email: `owner-${randomUUID()}@example.test`, password: 'Correct-horse-9' })
		const message = shareEmail({ userId: user.id })
		const { messageId } = await queued(getDb(), message)
		await runEmailJobs()

		expect(smtp.received).toHaveLength(1)
		const [received] = smtp.received
		expect(received!.from).toBe('no-reply@carebook.example')
		expect(received!.to).toEqual([message.to])
		expect(received!.raw).toContain('Subject: Ann Lee shared records with you')
		expect(received!.raw).toContain('Ann Lee shared 2 records with you.')
		expect(received!.raw).toContain('https://carebook.example/shared/tok123')
		expect(received!.raw).toContain('Content-Type: text/html')

		expect(await outboxRow(messageId)).toMatchObject({
			status: 'sent',
			deliveredVia: 'smtp',
			attempts: 1,
			userId: user.id,
			textBody: null,
			htmlBody: null,
			lastErrorCode: null,
		})
		expect((await outboxRow(messageId)).sentAt).toBeInstanceOf(Date)
		expectNoMessageInLogs(message)
	})

	it('retries a temporary refusal with back-off and marks the message failed after the last attempt', async () => {
		smtp = await startSmtpServer({ refuseRecipients: 450 })
		vi.stubEnv('SMTP_URL', smtp.url)
		const message = shareEmail()
		const { messageId } = await queued(getDb(), message)

		await runOnce({
			connectionString: databaseUrl,
			taskList: withRedactedTaskErrors({ [TASKS.sendEmail]: sendEmailTask }),
			logger: new Logger(workerLogFactory(() => false)),
		})
		// The first failure leaves the message queued and the job waiting for its back-off, with the code only.
		expect(await outboxRow(messageId)).toMatchObject({ status: 'queued', attempts: 1, lastErrorCode: 'EENVELOPE:450' })
		const [job] = await getSql()<
			{ attempts: number; waits: boolean; last_error: string }[]
		>`select attempts, run_at > now() as waits, last_error from graphile_worker.jobs where key = ${JOB_KEYS.sendEmail(messageId)}`
		expect(job).toMatchObject({ attempts: 1, waits: true })
		expect(job!.last_error).toBe('EmailRetryError (EENVELOPE)')
		expect(job!.last_error).not.toContain(message.to)

		await runEmailJobs()
		expect(smtp.recipientCommands()).toBe(SEND_EMAIL_MAX_ATTEMPTS)
		expect(smtp.received).toEqual([])
		expect(await outboxRow(messageId)).toMatchObject({
			status: 'failed',
			attempts: SEND_EMAIL_MAX_ATTEMPTS,
			lastErrorCode: 'EENVELOPE:450',
			textBody: null,
			htmlBody: null,
			sentAt: null,
		})
		// The job ended: the outbox row is the record of the failure.
		expect(await getSql()`select 1 from graphile_worker.jobs where key = ${JOB_KEYS.sendEmail(messageId)}`).toHaveLength(0)
		expectNoMessageInLogs(message)

		const health = await getSystemHealth()
		expect(health.email.last24Hours.failed).toBeGreaterThanOrEqual(1)
		expect(health.email.latestFailures[0]).toMatchObject({
			recipientDomain: RECIPIENT_DOMAIN,
			kind: 'share_link',
			attempts: SEND_EMAIL_MAX_ATTEMPTS,
			errorCode: 'EENVELOPE:450',
		})
		expect(JSON.stringify(health.email)).not.toContain(message.to)
		expect(JSON.stringify(health.email)).not.toContain('Ann Lee')
	})

	it('marks a permanent refusal (5xx) failed at once, without retrying', async () => {
		smtp = await startSmtpServer({ refuseRecipients: 550 })
		vi.stubEnv('SMTP_URL', smtp.url)
		const { messageId } = await queued(getDb(), shareEmail())
		await runEmailJobs()
		expect(smtp.recipientCommands()).toBe(1)
		expect(await outboxRow(messageId)).toMatchObject({ status: 'failed', attempts: 1, lastErrorCode: 'EENVELOPE:550' })
	})
})

describe('without SMTP_URL', () => {
	it('lands in the local mailbox outside production, bodies kept for /dev/mailbox', async () => {
		vi.stubEnv('SMTP_URL', '')
		const message = shareEmail({ kind: 'password_reset', subject: `Reset your password ${randomUUID()}` })
		const { messageId } = await queued(getDb(), message)
		await runEmailJobs()
		expect(await outboxRow(messageId)).toMatchObject({ status: 'sent', deliveredVia: 'mailbox', attempts: 1 })

		const listed = await listMailboxMessages()
		expect(listed[0]).toMatchObject({ id: messageId, subject: message.subject, recipient: message.to, kind: 'password_reset' })
		const shown = await getMailboxMessage(messageId)
		expect(shown!.textBody).toContain('Open the shared records: https://carebook.example/shared/tok123')
		expect(shown!.htmlBody).toContain('href="https://carebook.example/shared/tok123"')
		expect(await getMailboxMessage('not-a-uuid')).toBeNull()
		expect(await getMailboxMessage(randomUUID())).toBeNull()
	})

	it('is not served in production: both mailbox pages answer 404', async () => {
		const { messageId } = await queued(getDb(), shareEmail())
		const args = (path: string, params: Record<string, string> = {}) => ({
			request: new Request(`http://localhost${path}`),
			params,
			context: { requestId: randomUUID(), cspNonce: 'n', clientIp: '127.0.0.1' },
		})
		const listed = await mailboxRoute.loader()
		expect(listed.messages.some((message) => message.id === messageId)).toBe(true)
		expect((await mailboxMessageRoute.loader(args(`/dev/mailbox/${messageId}`, { messageId }))).message.id).toBe(messageId)

		vi.stubEnv('NODE_ENV', 'production')
		await expect(mailboxRoute.loader()).rejects.toMatchObject({ status: 404 })
		await expect(mailboxMessageRoute.loader(args(`/dev/mailbox/${messageId}`, { messageId }))).rejects.toMatchObject({ status: 404 })
	})

	it('fails visibly in production, where there is no mailbox', async () => {
		vi.stubEnv('SMTP_URL', '')
		vi.stubEnv('NODE_ENV', 'production')
		const { messageId } = await queued(getDb(), shareEmail())
		await runEmailJobs()
		expect(await outboxRow(messageId)).toMatchObject({ status: 'failed', lastErrorCode: SMTP_NOT_CONFIGURED, deliveredVia: null })
	})
})

it('counts the last 24 hours only', async () => {
	const { messageId } = await queued(getDb(), shareEmail())
	const before = (await getSystemHealth()).email.last24Hours.queued
	await getDb().execute(sql`update app.email_outbox set created_at = now() - interval '25 hours' where id = ${messageId}`)
	expect((await getSystemHealth()).email.last24Hours.queued).toBe(before - 1)
})
