import type { Task } from 'graphile-worker'
import { deliverQueuedEmail } from '#server/email/index.ts'
import { SendEmailPayloadSchema } from '#server/queue/queue.ts'

/**
 * Sends one outbox message (queued by server/email's queueEmail). A
 * transient SMTP failure throws, so graphile-worker runs it again with its
 * exponential back-off, up to SEND_EMAIL_MAX_ATTEMPTS; the last failure
 * marks the message failed (the job then ends without error).
 */
export const sendEmailTask: Task = async (payload, helpers) => {
	const input = SendEmailPayloadSchema.parse(payload)
	await deliverQueuedEmail(input.messageId, { attempt: helpers.job.attempts, isFinalAttempt: helpers.job.attempts >= helpers.job.max_attempts })
}
