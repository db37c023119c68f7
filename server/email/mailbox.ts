import { desc, eq } from 'drizzle-orm'
import { getDb } from '#db/client.ts'
import { emailOutbox } from '#db/schema/platform.ts'
import { currentMailSettings } from '#server/env.server.ts'

/**
 * The local mailbox (/dev/mailbox): what the outbox holds, for development
 * and the test suites. Never served in production (NODE_ENV=production);
 * the Playwright suite runs the production build with NODE_ENV=test.
 */
export function isMailboxServed(env: { isProduction: boolean } = currentMailSettings()): boolean {
	return !env.isProduction
}

export const MAILBOX_PAGE_SIZE = 100

/** The newest messages first (no bodies). */
export async function listMailboxMessages() {
	return getDb()
		.select({
			id: emailOutbox.id,
			kind: emailOutbox.kind,
			recipient: emailOutbox.recipient,
			subject: emailOutbox.subject,
			status: emailOutbox.status,
			deliveredVia: emailOutbox.deliveredVia,
			createdAt: emailOutbox.createdAt,
		})
		.from(emailOutbox)
		.orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id))
		.limit(MAILBOX_PAGE_SIZE)
}

/** One message with its bodies, or null (also for an id that is not a uuid). */
export async function getMailboxMessage(messageId: string) {
	if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(messageId)) return null
	const [message] = await getDb().select().from(emailOutbox).where(eq(emailOutbox.id, messageId))
	return message ?? null
}
