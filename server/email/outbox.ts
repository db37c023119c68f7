import { and, eq, gt, sql } from 'drizzle-orm'
import { z } from 'zod'
import type { Executor } from '#db/client.ts'
import { emailOutbox, users } from '#db/schema/platform.ts'
import { getEnv } from '#server/env.server.ts'
import { logger } from '#server/logger.ts'
import { enqueueSendEmail } from '#server/queue/queue.ts'
import { safeText, TEXT_LIMITS } from '#server/validation/shared/text.ts'
import { composeEmail, isWebLink } from './compose.ts'
import { EMAIL_KINDS, RECIPIENT_CAP_NOTICE, type EmailKind } from './shared/kinds.ts'

/** What a feature gives to send an e-mail: who, why, and the content for the one layout (compose.ts). */
export const OutgoingEmailSchema = z.object({
	to: safeText({ max: TEXT_LIMITS.email }).email(),
	kind: z.enum(EMAIL_KINDS),
	/** The account the message belongs to (its owner, or the user who shared); deleting the user deletes the message. */
	userId: z.string().uuid().nullish(),
	subject: safeText({ max: 200 }).trim().min(1),
	lines: z
		.array(safeText({ max: 2000, multiline: true }))
		.min(1)
		.max(30),
	link: z.object({ label: safeText({ max: 100 }).trim().min(1), url: z.string().max(2000).refine(isWebLink, 'must be an http(s) URL') }).optional(),
})
export type OutgoingEmail = z.input<typeof OutgoingEmailSchema>

/**
 * Kinds that tell an account holder about their own account (a notification,
 * an export ready): sent only to the account's current address once its
 * owner confirmed it (users.email_confirmed_at), so nobody can have us mail
 * an address by signing up with it (issue 41).
 */
export const OWNER_NOTICE_KINDS: readonly EmailKind[] = ['notification', 'export_ready']

/** Kinds past the per-recipient daily cap all the same: the links that prove an address or restore access, each with its own limit. */
const UNCAPPED_KINDS: readonly EmailKind[] = ['password_reset', 'email_change', 'email_confirm']

/** Queued, or why not: an owner notice to an address not confirmed, or the recipient's daily cap reached. */
export type QueuedEmail = { messageId: string } | { messageId: null; skipped: 'unconfirmed_address' | 'recipient_cap' }

async function isConfirmedOwnAddress(tx: Executor, userId: string | null | undefined, address: string) {
	if (!userId) return false
	const [owner] = await tx.select({ email: users.email, emailConfirmedAt: users.emailConfirmedAt }).from(users).where(eq(users.id, userId))
	return !!owner?.emailConfirmedAt && owner.email.toLowerCase() === address.toLowerCase()
}

/** Messages stored for an address in the last 24 hours (email_outbox_recipient_created_idx). */
async function sentToday(tx: Executor, address: string) {
	const [row] = await tx
		.select({ count: sql<number>`count(*)::int` })
		.from(emailOutbox)
		.where(and(sql`lower(${emailOutbox.recipient}) = ${address.toLowerCase()}`, gt(emailOutbox.createdAt, sql`now() - interval '24 hours'`)))
	return row?.count ?? 0
}

/**
 * Stores a message in the outbox and queues its `send_email` job, both in
 * the caller's transaction (or on the pool): the e-mail goes out exactly
 * when the change that asked for it is committed. An invalid message throws
 * (a ZodError) and writes nothing. Nothing is queued (and the answer says
 * why) for an owner notice to an address its owner has not confirmed, or to
 * an address that had EMAIL_RECIPIENT_DAILY_MAX messages in the last 24
 * hours; the one message that reaches the cap says so instead of its own
 * content, so nobody can aim the relay at an address in bulk.
 */
export async function queueEmail(tx: Executor, message: OutgoingEmail): Promise<QueuedEmail> {
	let checked = OutgoingEmailSchema.parse(message)
	if (OWNER_NOTICE_KINDS.includes(checked.kind) && !(await isConfirmedOwnAddress(tx, checked.userId, checked.to))) {
		logger.debug('email.skipped', { kind: checked.kind, reason: 'unconfirmed_address' })
		return { messageId: null, skipped: 'unconfirmed_address' }
	}
	if (!UNCAPPED_KINDS.includes(checked.kind)) {
		const max = getEnv().EMAIL_RECIPIENT_DAILY_MAX
		const count = await sentToday(tx, checked.to)
		if (count >= max) {
			logger.info('email.skipped', { kind: checked.kind, reason: 'recipient_cap' })
			return { messageId: null, skipped: 'recipient_cap' }
		}
		// the last one of the day: a notice that no more come today, with no content of its own
		if (count === max - 1)
			checked = { ...checked, ...RECIPIENT_CAP_NOTICE, link: checked.link ? { label: 'Open Carebook', url: new URL('/', checked.link.url).href } : undefined }
	}
	const composed = composeEmail(checked)
	const [row] = await tx
		.insert(emailOutbox)
		.values({
			kind: checked.kind,
			userId: checked.userId ?? null,
			recipient: checked.to,
			subject: composed.subject,
			textBody: composed.text,
			htmlBody: composed.html,
		})
		.returning({ id: emailOutbox.id })
	await enqueueSendEmail(tx, { messageId: row!.id })
	return { messageId: row!.id }
}
