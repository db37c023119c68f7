/**
 * A patient's own notifications: the bell, /notifications and the live
 * stream's catch-up read them here; marking read or unread, removing and
 * clearing write here. Every query names the owner: another user's id
 * answers as if it did not exist. A change is announced to the user's other
 * open streams (other tabs and devices refresh their lists).
 */
import { and, count, desc, eq, gt, inArray, sql } from 'drizzle-orm'
import { notifications } from '#db/schema/tenant.ts'
import type { Patient } from '#server/auth/patient.ts'
import { withTenant } from '#server/tenancy/index.ts'
import { announce } from './channel.ts'
import { notificationKindOf, PAGE_SIZE, type NotificationFilter, type NotificationItem } from './shared/notification.ts'

const itemColumns = {
	id: notifications.id,
	type: notifications.type,
	title: notifications.title,
	message: notifications.message,
	link: notifications.link,
	isRead: notifications.isRead,
	createdAt: notifications.createdAt,
}

type ItemRow = Omit<NotificationItem, 'kind'>

function toItem(row: ItemRow): NotificationItem {
	return { ...row, kind: notificationKindOf(row.type) }
}

function isOwn(patient: Patient, notificationId: string) {
	return and(eq(notifications.ownerId, patient.userId), eq(notifications.id, notificationId))
}

export type NotificationOverview = {
	items: NotificationItem[]
	unreadCount: number
	totalCount: number
}

/** The newest notifications (all, unread or read) with the unread and total counts. */
export async function getNotificationOverview(patient: Patient, options: { filter?: NotificationFilter; limit?: number } = {}): Promise<NotificationOverview> {
	const filter = options.filter ?? 'all'
	const limit = Math.min(Math.max(options.limit ?? PAGE_SIZE, 1), PAGE_SIZE)
	return withTenant(patient.organizationId, async (tx) => {
		const owner = eq(notifications.ownerId, patient.userId)
		const where = filter === 'all' ? owner : and(owner, eq(notifications.isRead, filter === 'read'))
		const rows = await tx.select(itemColumns).from(notifications).where(where).orderBy(desc(notifications.createdAt), desc(notifications.seq)).limit(limit)
		const [counts] = await tx
			.select({ total: count(), unread: sql<number>`count(*) filter (where not ${notifications.isRead})::int` })
			.from(notifications)
			.where(owner)
		return { items: rows.map(toItem), unreadCount: counts?.unread ?? 0, totalCount: counts?.total ?? 0 }
	})
}

const streamColumns = { ...itemColumns, ownerId: notifications.ownerId, seq: notifications.seq }
export type StreamNotification = Awaited<ReturnType<typeof selectStreamColumns>>[number]
function selectStreamColumns(tx: Parameters<Parameters<typeof withTenant>[1]>[0]) {
	return tx.select(streamColumns).from(notifications)
}

/**
 * Notifications of one organization by id, for the live streams of their
 * owners (the hub reads a burst of NOTIFY messages in one query). Each row
 * carries its owner: the hub hands it only to that user's streams.
 */
export async function getNotificationsForStreams(organizationId: string, notificationIds: string[]): Promise<StreamNotification[]> {
	if (!notificationIds.length) return []
	return withTenant(organizationId, (tx) => selectStreamColumns(tx).where(inArray(notifications.id, notificationIds)))
}

/** The patient's notifications written after stream sequence `afterSeq`, oldest first (a reconnect's catch-up). */
export async function listNotificationsAfter(patient: Patient, afterSeq: number, limit = 50) {
	return withTenant(patient.organizationId, (tx) =>
		selectStreamColumns(tx)
			.where(and(eq(notifications.ownerId, patient.userId), gt(notifications.seq, afterSeq)))
			.orderBy(notifications.seq)
			.limit(limit),
	)
}

/** The newest stream sequence of the patient's notifications (0 without any): where a new stream starts. */
export async function latestNotificationSeq(patient: Patient): Promise<number> {
	const [row] = await withTenant(patient.organizationId, (tx) =>
		tx
			.select({ seq: sql<number | null>`max(${notifications.seq})::bigint` })
			.from(notifications)
			.where(eq(notifications.ownerId, patient.userId)),
	)
	return Number(row?.seq ?? 0)
}

/** Marks one notification read or unread; false when it is not the patient's. */
export async function setNotificationRead(patient: Patient, notificationId: string, isRead: boolean): Promise<boolean> {
	return withTenant(patient.organizationId, async (tx) => {
		const changed = await tx.update(notifications).set({ isRead }).where(isOwn(patient, notificationId)).returning({ id: notifications.id })
		if (changed.length) await announce(tx, { kind: 'changed', userId: patient.userId })
		return changed.length > 0
	})
}

/** Marks all of the patient's notifications read; returns how many changed. */
export async function markAllNotificationsRead(patient: Patient): Promise<number> {
	return withTenant(patient.organizationId, async (tx) => {
		const changed = await tx
			.update(notifications)
			.set({ isRead: true })
			.where(and(eq(notifications.ownerId, patient.userId), eq(notifications.isRead, false)))
			.returning({ id: notifications.id })
		if (changed.length) await announce(tx, { kind: 'changed', userId: patient.userId })
		return changed.length
	})
}

/** Removes (archives) one notification; false when it is not the patient's. */
export async function removeNotification(patient: Patient, notificationId: string): Promise<boolean> {
	return withTenant(patient.organizationId, async (tx) => {
		const removed = await tx.delete(notifications).where(isOwn(patient, notificationId)).returning({ id: notifications.id })
		if (removed.length) await announce(tx, { kind: 'changed', userId: patient.userId })
		return removed.length > 0
	})
}

/** Removes all of the patient's notifications; returns how many. */
export async function clearNotifications(patient: Patient): Promise<number> {
	return withTenant(patient.organizationId, async (tx) => {
		const removed = await tx.delete(notifications).where(eq(notifications.ownerId, patient.userId)).returning({ id: notifications.id })
		if (removed.length) await announce(tx, { kind: 'changed', userId: patient.userId })
		return removed.length
	})
}
