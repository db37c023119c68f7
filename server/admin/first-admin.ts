import { sql } from 'drizzle-orm'
import { getDb } from '#db/client.ts'
import { sessions, users } from '#db/schema/platform.ts'
import { hashPassword } from '#server/auth/index.ts'
import { recordAudit } from '#server/audit/index.ts'
import { isStrongPassword } from './shared/schemas.ts'
import { ADMIN_MESSAGES } from './shared/messages.ts'
import { eq } from 'drizzle-orm'

/**
 * `npm run admin:create`: makes an administrator (superadmin by default), or
 * brings an existing account with that e-mail to the role, active, with the
 * new password (its sessions end). Running it twice changes nothing more.
 */
export async function createFirstAdministrator(input: { email: string; name: string | null; password: string; role: 'admin' | 'superadmin' }) {
	if (!isStrongPassword(input.password)) return { ok: false as const, message: ADMIN_MESSAGES.weakPassword }
	const email = input.email.trim().toLowerCase()
	if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) return { ok: false as const, message: 'Enter a valid email address' }
	const passwordHash = await hashPassword(input.password)
	return getDb().transaction(async (tx) => {
		const [existing] = await tx
			.select({ id: users.id })
			.from(users)
			.where(sql`lower(${users.email}) = ${email}`)
		if (existing) {
			await tx
				.update(users)
				.set({
					role: input.role,
					status: 'active',
					passwordHash,
					failedLoginCount: 0,
					lockedUntil: null,
					updatedAt: new Date(),
					...(input.name ? { name: input.name } : {}),
				})
				.where(eq(users.id, existing.id))
			await tx.delete(sessions).where(eq(sessions.userId, existing.id))
			await recordAudit(
				{ action: 'admin.cli.update_admin', actor: { userId: existing.id }, target: { type: 'user', id: existing.id }, details: { role: input.role } },
				tx,
			)
			return { ok: true as const, created: false, userId: existing.id }
		}
		const [created] = await tx
			.insert(users)
			.values({ email, name: input.name ?? '', passwordHash, role: input.role, status: 'active' })
			.returning({ id: users.id })
		await recordAudit(
			{ action: 'admin.cli.create_admin', actor: { userId: created!.id }, target: { type: 'user', id: created!.id }, details: { role: input.role } },
			tx,
		)
		return { ok: true as const, created: true, userId: created!.id }
	})
}
