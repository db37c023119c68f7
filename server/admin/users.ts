import { and, count, eq, sql, type SQL } from 'drizzle-orm'
import { getDb, type Transaction } from '#db/client.ts'
import { accountTokens, memberships, organizations, sessions, users } from '#db/schema/platform.ts'
import { hashPassword, invalidateUserSessions } from '#server/auth/index.ts'
import { sendPasswordResetByAdmin, setAccountStatus } from '#server/account/index.ts'
import { assertCanAddMember } from '#server/billing/index.ts'
import { isUuid } from '#server/documents/index.ts'
import { queueEmail } from '#server/email/index.ts'
import { refuse, succeed } from '#server/errors/index.ts'
import { auditAdminAction, isSuperadmin, type AdminActor } from './actor.ts'
import { ADMIN_MESSAGES } from './shared/messages.ts'
import { ADMIN_PAGE_SIZE } from './shared/list-state.ts'
import type { UserListState } from './shared/list-specs.ts'
import type { UserForm } from './shared/schemas.ts'

export type AdminUserRow = {
	id: string
	name: string
	email: string
	platformRole: 'patient' | 'admin' | 'superadmin'
	/** The role in the primary organization when it is a shared organization; null for a personal one (a patient's own) or none. */
	role: 'admin' | 'manager' | 'user' | null
	status: 'active' | 'inactive' | 'pending'
	organizationId: string | null
	tenantName: string | null
	/** 'personal': the patient's own organization, where every patient is its admin. */
	organizationKind: 'personal' | 'organization' | null
	createdAt: string
	lastLogin: string | null
	lastActive: string | null
}

/** A LIKE pattern matching the text anywhere, its wildcards taken literally. */
export function containsPattern(text: string) {
	return `%${text.toLowerCase().replace(/[\\%_]/g, (character) => `\\${character}`)}%`
}

function userFilters(state: UserListState): SQL[] {
	const conditions: SQL[] = []
	if (state.q) {
		const pattern = containsPattern(state.q)
		conditions.push(sql`(lower(u.name) like ${pattern} or lower(u.email) like ${pattern})`)
	}
	if (state.filters.status !== 'all') conditions.push(sql`u.status = ${state.filters.status}`)
	if (state.filters.role !== 'all') {
		// A role in a shared organization: every patient is the admin of their own personal one, which says nothing.
		conditions.push(sql`exists (select 1 from app.memberships fm join app.organizations fmo on fmo.id = fm.organization_id
			where fm.user_id = u.id and fm.role = ${state.filters.role} and fmo.kind = 'organization')`)
	}
	if (state.filters.platformRole !== 'all') conditions.push(sql`u.role = ${state.filters.platformRole}`)
	if (state.filters.organization !== 'all') {
		conditions.push(sql`exists (select 1 from app.memberships fo where fo.user_id = u.id and fo.organization_id = ${state.filters.organization})`)
	}
	return conditions
}

/**
 * ORDER BY of each sort, written to match an index so a page is read in
 * order without sorting every user: (lower(name), id), the unique
 * lower(email), (last_login_at desc nulls last, id) read either way.
 */
function userOrder(sort: UserListState['sort'], direction: 'asc' | 'desc'): SQL {
	const isDesc = direction === 'desc'
	switch (sort) {
		case 'name':
			return isDesc ? sql`lower(u.name) desc, u.id desc` : sql`lower(u.name), u.id`
		case 'email':
			return isDesc ? sql`lower(u.email) desc` : sql`lower(u.email)`
		case 'lastLogin':
			return isDesc ? sql`u.last_login_at desc nulls last, u.id` : sql`u.last_login_at asc nulls first, u.id desc`
		case 'tenantName':
			return isDesc ? sql`lower(o.name) desc nulls last, u.id` : sql`lower(o.name) asc nulls last, u.id`
	}
}

/**
 * One page of the users list, filtered, sorted and counted in the database.
 * A user's organization is their primary one, the first membership's
 * (`users.primary_organization_id`, kept by the memberships trigger; a
 * personal organization for a patient, none for a platform administrator).
 */
export async function listUsers(state: UserListState) {
	const conditions = userFilters(state)
	const where = conditions.length ? sql`where ${sql.join(conditions, sql` and `)}` : sql``
	const andFilters = conditions.length ? sql`and ${sql.join(conditions, sql` and `)}` : sql``
	const offset = (state.page - 1) * ADMIN_PAGE_SIZE
	const db = getDb()
	const order = userOrder(state.sort, state.dir)
	// The page is chosen in index order, then only its 25 rows look up their
	// organization and role. By organization: organizations in name order, each
	// one's users by id (users_primary_organization_idx), then the users with
	// none; each side reads no more than the page's end.
	const end = offset + ADMIN_PAGE_SIZE
	const pageOfUsers =
		state.sort === 'tenantName'
			? sql`(select u.* from (
				(select u.*, lower(o.name) as sort_key from app.organizations o join app.users u on u.primary_organization_id = o.id
					where true ${andFilters} order by lower(o.name) ${state.dir === 'desc' ? sql`desc` : sql`asc`}, u.id limit ${end})
				union all
				(select u.*, null as sort_key from app.users u where u.primary_organization_id is null ${andFilters} order by u.id limit ${end})
			) u order by u.sort_key ${state.dir === 'desc' ? sql`desc` : sql`asc`} nulls last, u.id limit ${ADMIN_PAGE_SIZE} offset ${offset}) u`
			: sql`(select u.* from app.users u ${where} order by ${order} limit ${ADMIN_PAGE_SIZE} offset ${offset}) u`
	const [rows, [{ total }]] = await Promise.all([
		db.execute<AdminUserRow>(sql`
			select u.id, u.name, u.email, u.role as "platformRole", case when o.kind = 'organization' then m.role end as role, u.status,
				u.primary_organization_id as "organizationId", o.name as "tenantName", o.kind as "organizationKind",
				u.created_at as "createdAt", u.last_login_at as "lastLogin", u.last_active_at as "lastActive"
			from ${pageOfUsers}
			left join app.memberships m on m.user_id = u.id and m.organization_id = u.primary_organization_id
			left join app.organizations o on o.id = u.primary_organization_id
			order by ${order}`),
		db.execute<{ total: number }>(sql`select count(*)::int as total from app.users u ${where}`),
	])
	return { rows: rows.map(normalizeUserRow), total: total! }
}

function normalizeUserRow(row: AdminUserRow): AdminUserRow {
	return {
		...row,
		createdAt: new Date(row.createdAt).toISOString(),
		lastLogin: row.lastLogin ? new Date(row.lastLogin).toISOString() : null,
		lastActive: row.lastActive ? new Date(row.lastActive).toISOString() : null,
	}
}

/** The organizations for the filter and form selects, by name. */
export async function listOrganizationChoices() {
	return getDb()
		.select({ id: organizations.id, name: organizations.name })
		.from(organizations)
		.where(eq(organizations.kind, 'organization'))
		.orderBy(sql`lower(${organizations.name})`)
		.limit(500)
}

/** A user with their memberships and sessions (ids, kinds and times; never tokens). */
export async function getAdminUser(userId: string) {
	if (!isUuid(userId)) return null
	const db = getDb()
	const [user] = await db
		.select({
			id: users.id,
			name: users.name,
			email: users.email,
			platformRole: users.role,
			status: users.status,
			phone: users.phone,
			createdAt: users.createdAt,
			lastLoginAt: users.lastLoginAt,
			lastActiveAt: users.lastActiveAt,
			lockedUntil: users.lockedUntil,
		})
		.from(users)
		.where(eq(users.id, userId))
	if (!user) return null
	const [userMemberships, userSessions] = await Promise.all([
		db
			.select({ organizationId: memberships.organizationId, role: memberships.role, organizationName: organizations.name, kind: organizations.kind })
			.from(memberships)
			.innerJoin(organizations, eq(organizations.id, memberships.organizationId))
			.where(eq(memberships.userId, userId))
			.orderBy(memberships.createdAt),
		db
			.select({ kind: sessions.kind, createdAt: sessions.createdAt, expiresAt: sessions.expiresAt })
			.from(sessions)
			.where(and(eq(sessions.userId, userId), sql`${sessions.expiresAt} > now()`))
			.orderBy(sessions.createdAt),
	])
	return { ...user, memberships: userMemberships, sessions: userSessions }
}

export { isUuid }

/**
 * Who may act on whose account (docs/decisions/019-admin-portal.md): a plain
 * admin manages patients' accounts; only a superadmin acts on an admin's or a
 * superadmin's (edit, e-mail, status, password reset, sessions, delete).
 */
export function canManageAccount(actor: AdminActor, target: { platformRole: AdminUserRow['platformRole'] }) {
	return target.platformRole === 'patient' || isSuperadmin(actor)
}

function accountRefusal(actor: AdminActor, target: { platformRole: AdminUserRow['platformRole'] }) {
	return canManageAccount(actor, target) ? null : refuse('forbidden', 'superadmin-only', ADMIN_MESSAGES.superadminOnlyForAdmins)
}

/**
 * Whether taking `userId` out of the active superadmins would leave none.
 * The active superadmins' rows are locked for the rest of `tx`, so two
 * administrators removing the last two at once cannot both pass.
 */
async function isLastActiveSuperadmin(tx: Transaction, userId: string) {
	const rows = await tx.execute<{ id: string }>(sql`select id from app.users where role = 'superadmin' and status = 'active' order by id for update`)
	return rows.length > 0 && rows.every((row) => row.id === userId)
}

const lastSuperadminRefusal = () => refuse('conflict', 'last-superadmin', ADMIN_MESSAGES.lastSuperadmin)

/**
 * Billing's seat check (assertCanAddMember, which locks the subscription for
 * the rest of `tx`), in the user form's words: the organization field carries
 * the refusal. Null when one more member fits.
 */
async function seatRefusal(tx: Transaction, organizationId: string) {
	if (!isUuid(organizationId)) return refuse('invalid', 'organization-missing', ADMIN_MESSAGES.organizationNotFound, 'organizationId')
	const seat = await assertCanAddMember(organizationId, tx)
	if (seat.ok) return null
	if (seat.code === 'member-limit') return refuse('conflict', 'organization-full', seat.message, 'organizationId')
	return refuse('invalid', 'organization-missing', ADMIN_MESSAGES.organizationNotFound, 'organizationId')
}

/**
 * A user made by an administrator: a patient-portal account (role patient)
 * in an organization with an organization role, and the password the
 * administrator set. Refused: a taken e-mail, an organization whose plan is full.
 */
export async function createUser(actor: AdminActor, input: UserForm & { password: string }) {
	const db = getDb()
	const email = input.email.toLowerCase()
	const [taken] = await db
		.select({ id: users.id })
		.from(users)
		.where(sql`lower(${users.email}) = ${email}`)
	if (taken) return refuse('conflict', 'email-taken', ADMIN_MESSAGES.emailTaken, 'email')
	const passwordHash = await hashPassword(input.password)
	return db.transaction(async (tx) => {
		const refusal = input.organizationId ? await seatRefusal(tx, input.organizationId) : null
		if (refusal) return refusal
		const [created] = await tx
			.insert(users)
			.values({ name: input.name, email, passwordHash, role: 'patient', status: input.status })
			.returning({ id: users.id })
		if (input.organizationId) {
			await tx.insert(memberships).values({ userId: created!.id, organizationId: input.organizationId, role: input.organizationRole })
		}
		await auditAdminAction(actor, 'user.create', { type: 'user', id: created!.id }, { organizationId: input.organizationId ?? null }, tx)
		return succeed({ userId: created!.id })
	})
}

/**
 * Saves name, e-mail, status and the primary organization and its role. A
 * changed e-mail ends the user's sessions and unused account links, tells the
 * old address, and is audited (without either address).
 */
export async function updateUser(actor: AdminActor, userId: string, input: UserForm) {
	const db = getDb()
	const current = await getAdminUser(userId)
	if (!current) return refuse('not-found', 'user-missing', ADMIN_MESSAGES.userNotFound)
	const forbidden = accountRefusal(actor, current)
	if (forbidden) return forbidden
	if (userId === actor.userId && input.status !== 'active') return refuse('invalid', 'self', ADMIN_MESSAGES.cannotChangeSelf, 'status')
	const email = input.email.toLowerCase()
	const [taken] = await db
		.select({ id: users.id })
		.from(users)
		.where(and(sql`lower(${users.email}) = ${email}`, sql`${users.id} <> ${userId}`))
	if (taken) return refuse('conflict', 'email-taken', ADMIN_MESSAGES.emailTaken, 'email')
	const primary = current.memberships[0]
	const movesOrganization = input.organizationId && input.organizationId !== primary?.organizationId
	const changesEmail = email !== current.email.toLowerCase()
	return db.transaction(async (tx) => {
		const changesStatus = input.status !== current.status
		if (changesStatus && input.status !== 'active' && current.platformRole === 'superadmin' && (await isLastActiveSuperadmin(tx, userId))) {
			return lastSuperadminRefusal()
		}
		const refusal = movesOrganization ? await seatRefusal(tx, input.organizationId!) : null
		if (refusal) return refusal
		// the status through the account domain (setAccountStatus: sessions end on deactivation, audited); 'pending' is the form's own
		const statusBy = changesStatus && input.status !== 'pending' ? input.status : null
		await tx
			.update(users)
			.set({ name: input.name, email, ...(changesStatus && !statusBy ? { status: input.status } : {}), updatedAt: new Date() })
			.where(eq(users.id, userId))
		if (statusBy) await setAccountStatus(actor, userId, statusBy, tx)
		if (movesOrganization) {
			await tx
				.insert(memberships)
				.values({ userId, organizationId: input.organizationId!, role: input.organizationRole })
				.onConflictDoUpdate({ target: [memberships.userId, memberships.organizationId], set: { role: input.organizationRole } })
		} else if (primary) {
			await tx
				.update(memberships)
				.set({ role: input.organizationRole })
				.where(and(eq(memberships.userId, userId), eq(memberships.organizationId, primary.organizationId)))
		}
		if (input.status === 'pending') await tx.delete(sessions).where(eq(sessions.userId, userId))
		if (changesEmail) await endAccountAccessAfterEmailChange(tx, actor, userId, current.email)
		await auditAdminAction(
			actor,
			'user.update',
			{ type: 'user', id: userId },
			{ status: input.status, organizationId: input.organizationId ?? null, emailChanged: changesEmail },
			tx,
		)
		return succeed({ userId })
	})
}

/**
 * An administrator changed a user's e-mail: whoever held the account's
 * sessions or links mailed to the old address loses them, the old address is
 * told (so a takeover is seen by the owner), and the change is audited.
 */
async function endAccountAccessAfterEmailChange(tx: Transaction, actor: AdminActor, userId: string, oldEmail: string) {
	await invalidateUserSessions(userId, tx)
	await tx.delete(accountTokens).where(and(eq(accountTokens.userId, userId), sql`${accountTokens.usedAt} is null`))
	// nobody has confirmed the new address yet: no notification e-mails to it until its owner does
	await tx.update(users).set({ emailConfirmedAt: null }).where(eq(users.id, userId))
	await queueEmail(tx, {
		to: oldEmail,
		kind: 'email_change',
		userId,
		subject: 'Your Carebook e-mail address was changed',
		lines: [
			'An administrator changed the e-mail address of your Carebook account. This address no longer signs in to it, and every session of the account was signed out.',
			'If you did not ask for this, contact your organization or Carebook support at once.',
		],
	})
	await auditAdminAction(actor, 'user.email_change', { type: 'user', id: userId }, undefined, tx)
}

/**
 * Spec section 4: Active becomes Inactive via Deactivate; any other status
 * becomes Active via Activate. A deactivated user's sessions end at once.
 */
export async function setUserStatus(actor: AdminActor, userId: string, intent: 'activate' | 'deactivate') {
	const current = await getAdminUser(userId)
	if (!current) return refuse('not-found', 'user-missing', ADMIN_MESSAGES.userNotFound)
	const forbidden = accountRefusal(actor, current)
	if (forbidden) return forbidden
	if (userId === actor.userId) return refuse('invalid', 'self', ADMIN_MESSAGES.cannotChangeSelf)
	const status = nextUserStatus(current.status, intent)
	if (!status) return refuse('conflict', 'same-status', ADMIN_MESSAGES.userStatusUpdated(current.status))
	return getDb().transaction(async (tx) => {
		if (status === 'inactive' && current.platformRole === 'superadmin' && (await isLastActiveSuperadmin(tx, userId))) return lastSuperadminRefusal()
		// one implementation of an account's status: the account domain's (ends sessions on deactivation, audits)
		if (!(await setAccountStatus(actor, userId, status, tx))) return refuse('not-found', 'user-missing', ADMIN_MESSAGES.userNotFound)
		return succeed({ status })
	})
}

/** The status a user moves to, or null when the action does not apply (spec section 4). */
export function nextUserStatus(current: 'active' | 'inactive' | 'pending', intent: 'activate' | 'deactivate') {
	if (intent === 'deactivate') return current === 'active' ? ('inactive' as const) : null
	return current === 'active' ? null : ('active' as const)
}

/** Superadmin only: deletes a user (their memberships and sessions go with them; personal organizations stay until deleted). */
export async function deleteUser(actor: AdminActor, userId: string) {
	if (!isSuperadmin(actor)) return refuse('forbidden', 'superadmin-only', 'Only a superadmin can delete users.')
	if (userId === actor.userId) return refuse('invalid', 'self', ADMIN_MESSAGES.cannotChangeSelf)
	const current = await getAdminUser(userId)
	if (!current) return refuse('not-found', 'user-missing', ADMIN_MESSAGES.userNotFound)
	return getDb().transaction(async (tx) => {
		if (current.platformRole === 'superadmin' && (await isLastActiveSuperadmin(tx, userId))) return lastSuperadminRefusal()
		await auditAdminAction(actor, 'user.delete', { type: 'user', id: userId }, undefined, tx)
		await tx.delete(users).where(eq(users.id, userId))
		return succeed({})
	})
}

/** Superadmin only: grants or revokes the platform admin role. */
export async function setPlatformRole(actor: AdminActor, userId: string, role: 'patient' | 'admin') {
	if (!isSuperadmin(actor)) return refuse('forbidden', 'superadmin-only', 'Only a superadmin can change platform roles.')
	if (userId === actor.userId) return refuse('invalid', 'self', ADMIN_MESSAGES.cannotChangeSelf)
	const current = await getAdminUser(userId)
	if (!current) return refuse('not-found', 'user-missing', ADMIN_MESSAGES.userNotFound)
	if (current.platformRole === 'superadmin') return refuse('invalid', 'superadmin', ADMIN_MESSAGES.cannotChangeSelf)
	await getDb().transaction(async (tx) => {
		await tx.update(users).set({ role, updatedAt: new Date() }).where(eq(users.id, userId))
		// the portal a session belongs to follows the role
		await tx.delete(sessions).where(eq(sessions.userId, userId))
		await auditAdminAction(actor, role === 'admin' ? 'user.grant_admin' : 'user.revoke_admin', { type: 'user', id: userId }, undefined, tx)
	})
	return succeed({ role })
}

/**
 * 'Reset password by e-mail': the account domain e-mails the user the same
 * one-hour reset link as 'Forgot password?' (active accounts only, audited).
 */
export async function sendUserPasswordReset(actor: AdminActor, userId: string, origin: string) {
	const current = await getAdminUser(userId)
	if (!current) return refuse('not-found', 'no-user', ADMIN_MESSAGES.userNotFound)
	const forbidden = accountRefusal(actor, current)
	if (forbidden) return forbidden
	return sendPasswordResetByAdmin(actor, userId, origin)
}

/** Ends every session of a user (both portals). */
export async function signOutUserSessions(actor: AdminActor, userId: string) {
	const current = await getAdminUser(userId)
	if (!current) return refuse('not-found', 'user-missing', ADMIN_MESSAGES.userNotFound)
	const forbidden = accountRefusal(actor, current)
	if (forbidden) return forbidden
	const ended = await getDb().transaction(async (tx) => {
		const rows = await tx.delete(sessions).where(eq(sessions.userId, userId)).returning({ id: sessions.id })
		await auditAdminAction(actor, 'user.sign_out_sessions', { type: 'user', id: userId }, { sessions: rows.length }, tx)
		return rows.length
	})
	return succeed({ ended })
}

export async function countUsers() {
	const [row] = await getDb().select({ value: count() }).from(users)
	return row!.value
}
