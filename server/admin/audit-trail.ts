import { and, desc, eq, or } from 'drizzle-orm'
import { getDb } from '#db/client.ts'
import { auditLog, users } from '#db/schema/platform.ts'

export type AuditTrailEntry = {
	id: string
	action: string
	actorEmail: string | null
	targetType: string | null
	targetId: string | null
	ipAddress: string | null
	createdAt: string
}

/**
 * Who did what to a record, from where and when (newest first): the admin
 * actions on it and, for a user, their own sign-ins and account events.
 */
export async function auditTrailFor(target: { type: 'user' | 'organization' | 'subscription'; id: string }, limit = 50): Promise<AuditTrailEntry[]> {
	const onTarget = and(eq(auditLog.targetType, target.type), eq(auditLog.targetId, target.id))
	const condition =
		target.type === 'user'
			? or(onTarget, eq(auditLog.actorUserId, target.id))
			: target.type === 'organization'
				? or(onTarget, eq(auditLog.organizationId, target.id))
				: onTarget
	const rows = await getDb()
		.select({
			id: auditLog.id,
			action: auditLog.action,
			actorEmail: users.email,
			targetType: auditLog.targetType,
			targetId: auditLog.targetId,
			ipAddress: auditLog.ipAddress,
			createdAt: auditLog.createdAt,
		})
		.from(auditLog)
		.leftJoin(users, eq(users.id, auditLog.actorUserId))
		.where(condition)
		.orderBy(desc(auditLog.createdAt))
		.limit(limit)
	return rows.map((row) => ({ ...row, createdAt: row.createdAt.toISOString() }))
}
