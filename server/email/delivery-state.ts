import { inArray } from 'drizzle-orm'
import { getDb } from '#db/client.ts'
import { emailOutbox } from '#db/schema/platform.ts'

export type EmailDeliveryState = 'queued' | 'sent' | 'failed'

/** Where each queued message stands (sent, still queued, or failed after its retries), by message id; ids the outbox does not hold are absent. */
export async function emailDeliveryStates(messageIds: readonly string[]): Promise<Map<string, EmailDeliveryState>> {
	if (messageIds.length === 0) return new Map()
	const rows = await getDb()
		.select({ id: emailOutbox.id, status: emailOutbox.status })
		.from(emailOutbox)
		.where(inArray(emailOutbox.id, [...messageIds]))
	return new Map(rows.map((row) => [row.id, row.status]))
}
