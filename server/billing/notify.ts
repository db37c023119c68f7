import { and, eq } from 'drizzle-orm'
import { memberships } from '#db/schema/platform.ts'
import { writeNotification } from '#server/notifications/index.ts'
import type { TenantTransaction } from '#server/tenancy/index.ts'

export type SubscriptionNotice = { type: 'info' | 'warning' | 'error' | 'success'; title: string; message: string; dedupeKey?: string }

/**
 * Tells the organization's administrators about a subscription event (trial
 * ending, payment failed, plan changed) through server/notifications, in the
 * caller's tenant transaction. A notice a scheduled job may raise twice
 * carries a dedupe key.
 */
export async function notifyOrganizationAdmins(tx: TenantTransaction, organizationId: string, notice: SubscriptionNotice) {
	const admins = await tx
		.select({ userId: memberships.userId })
		.from(memberships)
		.where(and(eq(memberships.organizationId, organizationId), eq(memberships.role, 'admin')))
	for (const admin of admins) {
		await writeNotification(tx, {
			ownerId: admin.userId,
			type: notice.type,
			title: notice.title,
			message: notice.message,
			link: '/subscription',
			dedupeKey: notice.dedupeKey ?? null,
		})
	}
}
