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
