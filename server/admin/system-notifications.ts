import { eq, sql } from 'drizzle-orm'
import { getDb } from '#db/client.ts'
import { memberships, organizations, users } from '#db/schema/platform.ts'
import { writeNotification } from '#server/notifications/index.ts'
import { withTenant } from '#server/tenancy/index.ts'
import { auditAdminAction, type AdminActor } from './actor.ts'

/**
 * A system notification from the administrators to every active member of
 * every organization, or of one: one row per member in their organization's
 * notifications (type system_notification), written through the
 * notifications writer inside each tenant's transaction.
 */
export async function sendSystemNotification(
	actor: AdminActor,
	input: { title: string; message: string; organizationId: string | null },
) {
	const db = getDb()
	const members = await db
		.select({ userId: memberships.userId, organizationId: memberships.organizationId })
		.from(memberships)
		.innerJoin(users, eq(users.id, memberships.userId))
		.innerJoin(organizations, eq(organizations.id, memberships.organizationId))
		.where(sql`${users.status} = 'active' and ${users.role} = 'patient' and ${organizations.status} <> 'inactive'${input.organizationId ? sql` and ${memberships.organizationId} = ${input.organizationId}` : sql``}`)
	const byOrganization = new Map<string, string[]>()
	for (const member of members) byOrganization.set(member.organizationId, [...(byOrganization.get(member.organizationId) ?? []), member.userId])
	let delivered = 0
	for (const [organizationId, userIds] of byOrganization) {
		await withTenant(organizationId, async (tx) => {
			for (const ownerId of userIds) {
				await writeNotification(tx, { ownerId, type: 'system_notification', title: input.title, message: input.message })
			}
		})
		delivered += userIds.length
	}
	await auditAdminAction(actor, 'notification.send', { type: 'notification', id: input.organizationId ?? 'all' }, { recipients: delivered, organizations: byOrganization.size })
	return { delivered }
}
