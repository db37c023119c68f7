import { sendSystemNotification } from '#server/notifications/index.ts'
import { auditAdminAction, type AdminActor } from './actor.ts'

/**
 * An administrator's system notification (/admin/notifications), to every
 * organization's members or to one organization's: written and delivered live
 * by the notifications module (sendSystemNotification, one row per active
 * member, announced over SSE), then audited with its reach.
 */
export async function broadcastSystemNotification(actor: AdminActor, input: { title: string; message: string; organizationId: string | null }) {
	const { recipients, organizations } = await sendSystemNotification(input)
	await auditAdminAction(actor, 'notification.send', { type: 'notification', id: input.organizationId ?? 'all' }, { recipients, organizations })
	return { delivered: recipients }
}
