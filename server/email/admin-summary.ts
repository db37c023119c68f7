import { desc, eq, sql } from 'drizzle-orm'
import { getDb } from '#db/client.ts'
import { emailOutbox } from '#db/schema/platform.ts'

/** The outbox for the System Health page: counts of the last 24 hours and the latest failures, with the recipient's domain only and no bodies. */
export async function getOutboxSummary() {
	const db = getDb()
	const [counts] = await db.execute<{ queued: number; sent: number; failed: number }>(
		sql`select count(*) filter (where status = 'queued')::int as queued, count(*) filter (where status = 'sent')::int as sent, count(*) filter (where status = 'failed')::int as failed
			from ${emailOutbox} where created_at > now() - interval '24 hours'`,
	)
	const latestFailures = await db
		.select({
			id: emailOutbox.id,
			recipientDomain: sql<string>`split_part(${emailOutbox.recipient}, '@', 2)`,
			kind: emailOutbox.kind,
			attempts: emailOutbox.attempts,
			errorCode: emailOutbox.lastErrorCode,
			failedAt: sql<string>`coalesce(${emailOutbox.lastAttemptAt}, ${emailOutbox.createdAt})`.mapWith((value: string | Date) => new Date(value)),
		})
		.from(emailOutbox)
		.where(eq(emailOutbox.status, 'failed'))
		.orderBy(desc(sql`coalesce(${emailOutbox.lastAttemptAt}, ${emailOutbox.createdAt})`))
		.limit(10)
	return { last24Hours: { queued: counts!.queued, sent: counts!.sent, failed: counts!.failed }, latestFailures }
}
