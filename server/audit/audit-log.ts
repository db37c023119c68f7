import { and, eq, gt, sql } from 'drizzle-orm'
import { getDb, type Executor } from '#db/client.ts'
import { auditLog } from '#db/schema/platform.ts'

/** Who acted: a user, in which organization (if any), from which address. A signed-in Patient fits as it is. */
export type AuditActor = { userId: string; organizationId?: string | null; ipAddress?: string | null }

export type AuditEntry = {
	action: string
	actor: AuditActor
	/** The record acted on, by type and id. */
	target?: { type: string; id: string }
	/** Identifiers and counts only: never names, values, file contents or tokens. */
	details?: Record<string, string | number | boolean | null>
}

/**
 * The one way an audit row is written: who did what to which record and
 * when; never the record's content. Pass the transaction to write it with
 * the change it records.
 */
export async function recordAudit(entry: AuditEntry, executor: Executor = getDb()) {
	await executor.insert(auditLog).values({
		action: entry.action,
		actorUserId: entry.actor.userId,
		organizationId: entry.actor.organizationId ?? null,
		targetType: entry.target?.type ?? null,
		targetId: entry.target?.id ?? null,
		ipAddress: entry.actor.ipAddress ?? null,
		details: entry.details ?? null,
	})
}

/**
 * An access that the same person repeats within `withinSeconds` on the same record (a page's
 * revalidations after each action, a reload, a tab refocus) is one access: the entry is written
 * unless an identical one (actor, action, target) was written in that window. Concurrent requests
 * are serialized on a transaction-scoped advisory lock of that key, so two at once write one row.
 * Pass the caller's transaction; the lock is held until it ends.
 */
export async function recordAuditOnce(entry: AuditEntry & { target: { type: string; id: string } }, options: { withinSeconds: number }, executor: Executor) {
	const key = `${entry.actor.userId}:${entry.action}:${entry.target.type}:${entry.target.id}`
	await executor.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`)
	const [recent] = await executor
		.select({ id: auditLog.id })
		.from(auditLog)
		.where(
			and(
				eq(auditLog.targetType, entry.target.type),
				eq(auditLog.targetId, entry.target.id),
				eq(auditLog.action, entry.action),
				eq(auditLog.actorUserId, entry.actor.userId),
				gt(auditLog.createdAt, sql`now() - make_interval(secs => ${options.withinSeconds})`),
			),
		)
		.limit(1)
	if (!recent) await recordAudit(entry, executor)
}
