import { z } from 'zod'
import type { Executor } from '#db/client.ts'
import { emailOutbox } from '#db/schema/platform.ts'
import { enqueueSendEmail } from '#server/queue/queue.ts'
import { safeText, TEXT_LIMITS } from '#server/validation/shared/text.ts'
import { composeEmail, isWebLink } from './compose.ts'
import { EMAIL_KINDS } from './shared/kinds.ts'

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
 * Stores a message in the outbox and queues its `send_email` job, both in
 * the caller's transaction (or on the pool): the e-mail goes out exactly
 * when the change that asked for it is committed. An invalid message throws
 * (a ZodError) and writes nothing.
 */
export async function queueEmail(tx: Executor, message: OutgoingEmail): Promise<{ messageId: string }> {
	const checked = OutgoingEmailSchema.parse(message)
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
