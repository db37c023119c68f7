/**
 * System notifications from administrators (spec: admin Notifications):
 * one row per member, in each member's organization schema through the
 * tenant entry point, delivered live like any other. To all organizations,
 * or to one.
 */
import { and, eq } from 'drizzle-orm'
import { getDb } from '#db/client.ts'
import { memberships, organizations, users } from '#db/schema/platform.ts'
import { withTenant } from '#server/tenancy/index.ts'
import { writeNotifications } from './writer.ts'

export type SystemNotification = {
	/** Only this organization's members; all organizations when absent. */
	organizationId?: string | null
	title: string
	message: string
	link?: string | null
}

/** Writes the notification for every active member; returns how many users and organizations it reached. */
export async function sendSystemNotification(input: SystemNotification): Promise<{ recipients: number; organizations: number }> {
	const query = getDb()
		.select({ organizationId: memberships.organizationId, userId: memberships.userId })
		.from(memberships)
		.innerJoin(users, eq(users.id, memberships.userId))
		.innerJoin(organizations, eq(organizations.id, memberships.organizationId))
		.where(and(eq(users.status, 'active'), input.organizationId ? eq(memberships.organizationId, input.organizationId) : undefined))
	const members = await query
	const byOrganization = new Map<string, string[]>()
	for (const member of members) {
		byOrganization.set(member.organizationId, [...(byOrganization.get(member.organizationId) ?? []), member.userId])
	}
	let recipients = 0
	for (const [organizationId, userIds] of byOrganization) {
		recipients += await withTenant(organizationId, (tx) =>
			writeNotifications(
				tx,
				userIds.map((ownerId) => ({ ownerId, type: 'system_notification' as const, title: input.title, message: input.message, link: input.link ?? null })),
			),
		)
	}
	return { recipients, organizations: byOrganization.size }
}
