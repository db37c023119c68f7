import { requireAdmin } from '#server/auth/index.ts'
import { clientIpOf } from '#server/http/client-ip.ts'
import type { AuditEntry } from '#server/audit/index.ts'
import { recordAudit } from '#server/audit/index.ts'
import type { Executor } from '#db/client.ts'

/** The signed-in administrator acting: who, with which platform role, from where. */
export type AdminActor = {
	userId: string
	role: 'admin' | 'superadmin'
	ipAddress: string | null
	name: string
	email: string
}

/**
 * The admin routes' guard: a signed-in administrator (or superadmin where
 * asked) as the actor the domain functions take; /admin/login or
 * /unauthorized otherwise (thrown by requireAdmin).
 */
export async function requireAdminActor(request: Request, options: { role?: 'superadmin' } = {}): Promise<AdminActor> {
	const session = await requireAdmin(request, options)
	return {
		userId: session.user.id,
		role: session.user.role as AdminActor['role'],
		ipAddress: clientIpOf(request),
		name: session.user.name,
		email: session.user.email,
	}
}

export function isSuperadmin(actor: AdminActor) {
	return actor.role === 'superadmin'
}

/** Every admin action's audit row: who (the actor and address), what, on which target, when (the row's time). */
export function auditAdminAction(
	actor: AdminActor,
	action: string,
	target: { type: 'user' | 'organization' | 'subscription' | 'document' | 'alert' | 'notification' | 'report' | 'audit_log'; id: string },
	details?: AuditEntry['details'],
	executor?: Executor,
) {
	return recordAudit({ action: `admin.${action}`, actor: { userId: actor.userId, ipAddress: actor.ipAddress }, target, details }, executor)
}
