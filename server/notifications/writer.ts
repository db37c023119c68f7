/**
 * Every write to the tenant `notifications` table (this module owns it:
 * docs/decisions/011-table-ownership.md): a producer (appointment events
 * and reminders, document processing, sharing, administrators' system
 * notifications) says what to tell whom, inside its own tenant transaction,
 * and this module writes the row. A notification a job may write more than
 * once (a retried or re-run job) carries a dedupe key: one row per owner and
 * key (unique index since tenant migration 0003), so writing it again does
 * nothing.
 *
 * The owners' preferences (server/account, read for all owners in one
 * query) decide the rest, in the same transaction: in-app on announces the
 * row to the live streams (NOTIFY, delivered on commit); in-app off only
 * says the owner's list changed (no content, no toast: their open tabs
 * refresh the bell); e-mail on queues it in the e-mail outbox.
 */
import { and, eq } from 'drizzle-orm'
import { users } from '#db/schema/platform.ts'
import { notifications } from '#db/schema/tenant.ts'
import { OutgoingEmailSchema, queueEmail, type OutgoingEmail } from '#server/email/index.ts'
import { logger } from '#server/logger.ts'
import type { TenantTransaction } from '#server/tenancy/index.ts'
import { announceAll, type ChannelMessage } from './channel.ts'
import { readNotificationSwitchesOf } from './preferences.ts'
import { NOTIFICATION_EMAIL_FOOTER, NOTIFICATION_EMAIL_TEXTS, type StoredNotificationType } from './shared/notification.ts'
import { appOrigin } from '#server/http/app-origin.ts'

export type NewNotification = {
	ownerId: string
	/** spec section 9 event type (new_document, appointment_confirmed, system_notification, ...) or a level (error, warning) */
	type: StoredNotificationType
	title: string
	message: string
	link?: string | null
	/** one row per owner and key, however often it is written */
	dedupeKey?: string | null
	/** the caller e-mails the owner itself (the answer to their own request): no second e-mail from the preference */
	hasOwnEmail?: boolean
}

/** Writes one notification and delivers it; returns false when one with the same dedupe key was already there. */
export async function writeNotification(tx: TenantTransaction, notification: NewNotification): Promise<boolean> {
	return (await writeNotifications(tx, [notification])) > 0
}

/**
 * Writes several notifications in one statement (a system notification to
 * every member) and delivers each: one NOTIFY statement for all, an e-mail
 * for each owner who wants one. Returns how many were written (a dedupe key
 * already there writes nothing).
 */
export async function writeNotifications(tx: TenantTransaction, list: NewNotification[]): Promise<number> {
	if (!list.length) return 0
	const rows = list.map((notification) => ({
		ownerId: notification.ownerId,
		type: notification.type,
		title: notification.title,
		message: notification.message,
		link: notification.link ?? null,
		dedupeKey: notification.dedupeKey ?? null,
	}))
	const written = await tx
		.insert(notifications)
		.values(rows)
		// Rows without a key never conflict (NULLs are distinct in the unique index).
		.onConflictDoNothing({ target: [notifications.ownerId, notifications.dedupeKey] })
		.returning({ id: notifications.id, ownerId: notifications.ownerId, type: notifications.type, link: notifications.link })
	const ownEmailOwners = new Set(list.filter((item) => item.hasOwnEmail).map((item) => item.ownerId))
	const switchesByOwner = await readNotificationSwitchesOf(
		tx,
		written.map((row) => row.ownerId),
	)
	const live: ChannelMessage[] = []
	const quietOwners = new Set<string>()
	for (const row of written) {
		const switches = switchesByOwner.get(row.ownerId)!
		if (switches.inApp) live.push({ kind: 'created', userId: row.ownerId, notificationId: row.id })
		else quietOwners.add(row.ownerId)
		if (switches.email && !ownEmailOwners.has(row.ownerId)) await queueNotificationEmail(tx, row)
	}
	// In-app off: no toast, but the owner's open tabs refresh the bell and /notifications.
	for (const userId of quietOwners) live.push({ kind: 'changed', userId })
	await announceAll(tx, live)
	return written.length
}

/**
 * The e-mail of a notification says only what kind of notification waits
 * (a constant line per type) and links into the app: no title, message or
 * name from a notification, since those hold text read from uploaded files
 * or imported appointments (issue 41). The outbox sends it only to a
 * confirmed address and within the recipient's daily cap.
 */
async function queueNotificationEmail(tx: TenantTransaction, row: { id: string; ownerId: string; type: string; link: string | null }) {
	const [owner] = await tx.select({ email: users.email }).from(users).where(eq(users.id, row.ownerId))
	if (!owner) return
	const text = NOTIFICATION_EMAIL_TEXTS[row.type as StoredNotificationType] ?? NOTIFICATION_EMAIL_TEXTS.info
	const email: OutgoingEmail = {
		to: owner.email,
		kind: 'notification',
		userId: row.ownerId,
		subject: text.subject,
		lines: [text.line, NOTIFICATION_EMAIL_FOOTER],
		link: { label: 'Open in Carebook', url: `${appOrigin()}${isAppPath(row.link) ? row.link : '/notifications'}` },
	}
	// A message the outbox would refuse (an address it cannot use) must not undo the notification.
	if (!OutgoingEmailSchema.safeParse(email).success) {
		logger.warn('notifications.email_skipped', { notificationId: row.id, reason: 'invalid_message' })
		return
	}
	await queueEmail(tx, email)
}

/** A path inside the app (`/records/<id>`), never another site or a protocol-relative address. */
function isAppPath(link: string | null): link is string {
	return !!link && /^\/(?!\/)[A-Za-z0-9/_#?=&.-]*$/.test(link)
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
export function documentNotificationKey(documentId: string, outcome: 'processed' | 'failed' | 'abnormal') {
	return `document:${documentId}:${outcome}`
}
