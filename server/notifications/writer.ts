/**
 * Every write to the tenant `notifications` table (this module owns it:
 * docs/decisions/011-table-ownership.md): a producer (appointment
 * events and reminders, document processing) says what to tell whom, inside
 * its own tenant transaction, and this module writes the row. A notification
 * a job may write more than once (a retried or re-run job) carries a dedupe
 * key: one row per owner and key (unique index since tenant migration 0003),
 * so writing it again does nothing.
 */
import { and, eq } from 'drizzle-orm'
import { notifications } from '#db/schema/tenant.ts'
import type { TenantTransaction } from '#server/tenancy/index.ts'

export type NewNotification = {
	ownerId: string
	/** spec section 9 event type: new_document, error, appointment_confirmed, ... */
	type: string
	title: string
	message: string
	link?: string | null
	/** one row per owner and key, however often it is written */
	dedupeKey?: string | null
}

/** Writes one notification; returns false when one with the same dedupe key was already there. */
export async function writeNotification(tx: TenantTransaction, notification: NewNotification): Promise<boolean> {
	const row = {
		ownerId: notification.ownerId,
		type: notification.type,
		title: notification.title,
		message: notification.message,
		link: notification.link ?? null,
		dedupeKey: notification.dedupeKey ?? null,
	}
	if (!row.dedupeKey) {
		await tx.insert(notifications).values(row)
		return true
	}
	const written = await tx
		.insert(notifications)
		.values(row)
		.onConflictDoNothing({ target: [notifications.ownerId, notifications.dedupeKey] })
		.returning({ id: notifications.id })
	return written.length > 0
}

/**
 * Lets a dedupe key be written again: the notification already written under
 * it stays, without its key (a retried document's new failure notifies again).
 */
export async function releaseNotificationKey(tx: TenantTransaction, ownerId: string, dedupeKey: string): Promise<void> {
	await tx
		.update(notifications)
		.set({ dedupeKey: null })
		.where(and(eq(notifications.ownerId, ownerId), eq(notifications.dedupeKey, dedupeKey)))
}

/** Whether the owner already has a notification of this type, link and message (a retried reminder job looks before it writes). */
export async function hasNotification(
	tx: TenantTransaction,
	notification: Pick<NewNotification, 'ownerId' | 'type' | 'message'> & { link: string },
): Promise<boolean> {
	const [existing] = await tx
		.select({ id: notifications.id })
		.from(notifications)
		.where(
			and(
				eq(notifications.ownerId, notification.ownerId),
				eq(notifications.type, notification.type),
				eq(notifications.link, notification.link),
				eq(notifications.message, notification.message),
			),
		)
		.limit(1)
	return existing !== undefined
}

/** Keys of the notifications a document's processing writes: one of each per document, however often it runs. */
export function documentNotificationKey(documentId: string, outcome: 'processed' | 'failed') {
	return `document:${documentId}:${outcome}`
}
