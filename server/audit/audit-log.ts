import { getDb, type Executor } from '#db/client.ts'
import { auditLog } from '#db/schema/platform.ts'

export type AuditEntry = {
	action: string
	actorUserId?: string | null
	organizationId?: string | null
	targetType?: string | null
	targetId?: string | null
	ipAddress?: string | null
	/** Identifiers and counts only: never names, values, file contents or tokens. */
	details?: Record<string, string | number | boolean | null>
}

/** Writes who did what to which record and when; never the record's content. */
export async function recordAudit(entry: AuditEntry, executor: Executor = getDb()) {
	await executor.insert(auditLog).values({
		action: entry.action,
		actorUserId: entry.actorUserId ?? null,
		organizationId: entry.organizationId ?? null,
		targetType: entry.targetType ?? null,
		targetId: entry.targetId ?? null,
		ipAddress: entry.ipAddress ?? null,
		details: entry.details ?? null,
	})
}
