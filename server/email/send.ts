import { and, eq, sql } from 'drizzle-orm'
import { createTransport } from 'nodemailer'
import { getDb } from '#db/client.ts'
import { emailOutbox } from '#db/schema/platform.ts'
import { currentMailSettings } from '#server/env.server.ts'
import { describeError, logger } from '#server/logger.ts'

/** Production without SMTP_URL: nothing can send, and there is no mailbox page; the message fails visibly. */
export const SMTP_NOT_CONFIGURED = 'SMTP_NOT_CONFIGURED'

export type SendAttempt = {
	/** graphile-worker's attempt number (1 on the first run). */
	attempt: number
	isFinalAttempt: boolean
}

export type SendOutcome = 'sent' | 'mailbox' | 'failed' | 'skipped'

/** A failed SMTP attempt that will be tried again; carries nodemailer's code only (graphile-worker keeps 'EmailRetryError (EENVELOPE)'). */
export class EmailRetryError extends Error {
	readonly code: string | undefined
	constructor(error: unknown) {
		super('E-mail not sent')
		this.name = 'EmailRetryError'
		this.code = describeError(error).errorCode
	}
}

/**
 * The code kept for a failed send: nodemailer's code ('EENVELOPE',
 * 'ECONNECTION') and the SMTP reply's number when there was one
 * ('EENVELOPE:550'). Never the reply's text: a server may repeat the address.
 */
export function sendErrorCode(error: unknown): string {
	const code = describeError(error).errorCode ?? 'UNKNOWN'
	const responseCode = (error as { responseCode?: unknown } | null)?.responseCode
	return typeof responseCode === 'number' && Number.isInteger(responseCode) ? `${code}:${responseCode}` : code
}

/** A 5xx reply: the server refuses for good (unknown mailbox, policy); trying again changes nothing. */
function isPermanentRefusal(error: unknown): boolean {
	const responseCode = (error as { responseCode?: unknown } | null)?.responseCode
	return typeof responseCode === 'number' && responseCode >= 500
}

const CONNECTION_TIMEOUTS = { connectionTimeout: 30_000, greetingTimeout: 30_000, socketTimeout: 60_000 }

/**
 * Delivers one queued outbox message (the `send_email` job). With SMTP_URL,
 * through that relay; without it outside production, to the local mailbox
 * (the row is marked sent and /dev/mailbox shows it). A transient failure
 * records its code and throws EmailRetryError so graphile-worker tries again
 * with its back-off; a permanent refusal (5xx) or the last attempt marks the
 * message failed. A message no longer queued is skipped.
 */
export async function deliverQueuedEmail(messageId: string, attempt: SendAttempt): Promise<SendOutcome> {
	const db = getDb()
	const [message] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, messageId))
	if (!message || message.status !== 'queued') return 'skipped'
	const settings = currentMailSettings()
	const stillQueued = and(eq(emailOutbox.id, messageId), eq(emailOutbox.status, 'queued'))

	if (!settings.smtpUrl) {
		if (settings.isProduction) return markFailed(message, attempt.attempt, SMTP_NOT_CONFIGURED)
		await db
			.update(emailOutbox)
			.set({ status: 'sent', deliveredVia: 'mailbox', attempts: attempt.attempt, lastAttemptAt: sql`now()`, sentAt: sql`now()` })
			.where(stillQueued)
		logger.info('email.sent', { messageId, kind: message.kind, mode: 'mailbox', attempt: attempt.attempt })
		return 'mailbox'
	}

	const transport = createTransport({ url: settings.smtpUrl, ...CONNECTION_TIMEOUTS })
	try {
		await transport.sendMail({
			from: settings.from,
			to: message.recipient,
			subject: message.subject,
			text: message.textBody ?? '',
			html: message.htmlBody ?? undefined,
		})
	} catch (error) {
		const code = sendErrorCode(error)
		if (attempt.isFinalAttempt || isPermanentRefusal(error)) return markFailed(message, attempt.attempt, code)
		await db
			.update(emailOutbox)
			.set({ attempts: attempt.attempt, lastErrorCode: code, lastAttemptAt: sql`now()` })
			.where(stillQueued)
		logger.warn('email.retry', { messageId, kind: message.kind, attempt: attempt.attempt, errorCode: code })
		throw new EmailRetryError(error)
	} finally {
		transport.close()
	}
	// Done with through SMTP: the bodies (links, tokens) go.
	await db
		.update(emailOutbox)
		.set({ status: 'sent', deliveredVia: 'smtp', attempts: attempt.attempt, lastAttemptAt: sql`now()`, sentAt: sql`now()`, textBody: null, htmlBody: null })
		.where(stillQueued)
	logger.info('email.sent', { messageId, kind: message.kind, mode: 'smtp', attempt: attempt.attempt })
	return 'sent'
}

async function markFailed(message: { id: string; kind: string }, attempt: number, code: string): Promise<SendOutcome> {
	await getDb()
		.update(emailOutbox)
		.set({ status: 'failed', attempts: attempt, lastErrorCode: code, lastAttemptAt: sql`now()`, textBody: null, htmlBody: null })
		.where(and(eq(emailOutbox.id, message.id), eq(emailOutbox.status, 'queued')))
	logger.warn('email.failed', { messageId: message.id, kind: message.kind, attempt, errorCode: code })
	return 'failed'
}
