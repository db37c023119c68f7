import { and, eq, sql, type SQL } from 'drizzle-orm'
import { getDb } from '#db/client.ts'
import { memberships, organizations, subscriptions, users } from '#db/schema/platform.ts'
import { countMembersWithoutTwoFactor } from '#server/auth/index.ts'
import { organizationPriceCents, periodEnd, PLANS, TRIAL_DAYS, type PlanId } from '#server/billing/index.ts'
import { refuse, succeed } from '#server/errors/index.ts'
import { describeError, logger } from '#server/logger.ts'
import { removeOrganizationFiles } from '#server/storage/index.ts'
import { forgetTenant, provisionOrganization } from '#server/tenancy/index.ts'
import { assertTenantSchemaName } from '#server/tenancy/schema-name.ts'
import { auditAdminAction, isSuperadmin, type AdminActor } from './actor.ts'
import { containsPattern, isUuid } from './users.ts'
import { documentCounters } from '#server/documents/index.ts'
import { ADMIN_MESSAGES } from './shared/messages.ts'
import { ADMIN_PAGE_SIZE } from './shared/list-state.ts'
import type { OrganizationListState } from './shared/list-specs.ts'
import type { z } from 'zod'
import type { CreateOrganizationSchema, OrganizationFormSchema, SecurityFormSchema } from './shared/schemas.ts'

export type OrganizationStatus = 'active' | 'inactive' | 'trial'

/**
 * An organization's status as every admin page shows and counts it, from the one place each part
 * lives: 'inactive' when an administrator deactivated it (organizations.status), else 'trial' while
 * its subscription is in its trial, else 'active'. The stored 'trial' of a new organization is not
 * read on its own: its subscription says when the trial ended (an upgrade, a renewal, a cancellation).
 */
export function organizationStatusOf(stored: OrganizationStatus, subscriptionStatus: string | null | undefined): OrganizationStatus {
	if (stored === 'inactive') return 'inactive'
	return subscriptionStatus === 'trialing' ? 'trial' : 'active'
}

/** organizationStatusOf in SQL, over `app.organizations o left join app.subscriptions s`. */
export const ORGANIZATION_STATUS_SQL = sql`(case when o.status = 'inactive' then 'inactive' when s.status = 'trialing' then 'trial' else 'active' end)`

export type AdminOrganizationRow = {
	id: string
	name: string
	domain: string | null
	contactEmail: string | null
	kind: 'personal' | 'organization'
	/** organizationStatusOf */
	status: OrganizationStatus
	plan: PlanId | null
	subscriptionStatus: 'active' | 'past_due' | 'trialing' | 'canceled' | null
	usersCount: number
	storageUsedMb: number
	storageLimitMb: number
	createdAt: string
	lastActive: string | null
}

const ORGANIZATION_ORDER: Record<OrganizationListState['sort'], SQL> = {
	name: sql`lower(o.name)`,
	lastActive: sql`o.last_active_at`,
}

/** One page of organizations with their plan, member count and storage used (read from each schema on the page). */
export async function listOrganizations(state: OrganizationListState) {
	const conditions: SQL[] = []
	if (state.q) {
		const pattern = containsPattern(state.q)
		conditions.push(
			sql`(lower(o.name) like ${pattern} or lower(coalesce(o.domain, '')) like ${pattern} or lower(coalesce(o.contact_email, '')) like ${pattern})`,
		)
	}
	if (state.filters.status !== 'all') conditions.push(sql`${ORGANIZATION_STATUS_SQL} = ${state.filters.status}`)
	if (state.filters.subscription !== 'all') conditions.push(sql`s.plan = ${state.filters.subscription}`)
	const where = conditions.length ? sql`where ${sql.join(conditions, sql` and `)}` : sql``
	const direction = state.dir === 'desc' ? sql`desc` : sql`asc`
	const db = getDb()
	const [rows, [{ total }]] = await Promise.all([
		db.execute<Omit<AdminOrganizationRow, 'storageUsedMb' | 'storageLimitMb'> & { schemaName: string }>(sql`
			select o.id, o.name, o.domain, o.contact_email as "contactEmail", o.kind, ${ORGANIZATION_STATUS_SQL} as status, s.plan, s.status as "subscriptionStatus",
				(select count(*)::int from app.memberships m where m.organization_id = o.id) as "usersCount",
				o.created_at as "createdAt", o.last_active_at as "lastActive", o.schema_name as "schemaName"
			from app.organizations o left join app.subscriptions s on s.organization_id = o.id
			${where}
			order by ${ORGANIZATION_ORDER[state.sort]} ${direction} nulls last, o.id
			limit ${ADMIN_PAGE_SIZE} offset ${(state.page - 1) * ADMIN_PAGE_SIZE}`),
		db.execute<{ total: number }>(
			sql`select count(*)::int as total from app.organizations o left join app.subscriptions s on s.organization_id = o.id ${where}`,
		),
	])
	const totals = await documentCounters(
		new Date(),
		rows.map((row) => row.id),
	)
	const bytesById = new Map(totals.map((row) => [row.organizationId, row.bytes]))
	return {
		total: total!,
		rows: rows.map(({ schemaName: _schema, ...row }): AdminOrganizationRow => ({
			...row,
			createdAt: new Date(row.createdAt).toISOString(),
			lastActive: row.lastActive ? new Date(row.lastActive).toISOString() : null,
			storageUsedMb: Math.round(((bytesById.get(row.id) ?? 0) / 1_000_000) * 10) / 10,
			storageLimitMb: PLANS[row.plan ?? 'basic'].storageLimitMb,
		})),
	}
}

/** An organization with its subscription, members and storage. */
export async function getAdminOrganization(organizationId: string) {
	if (!isUuid(organizationId)) return null
	const db = getDb()
	const [row] = await db
		.select({ organization: organizations, subscription: subscriptions })
		.from(organizations)
		.leftJoin(subscriptions, eq(subscriptions.organizationId, organizations.id))
		.where(eq(organizations.id, organizationId))
	if (!row) return null
	const { schemaName: _schema, ...stored } = row.organization
	const organization = { ...stored, status: organizationStatusOf(stored.status, row.subscription?.status) }
	const [totals] = await documentCounters(startOfUtcDay(new Date()), [organizationId])
	const members = await listOrganizationMembers(organizationId)
	const plan = row.subscription?.plan ?? 'basic'
	return {
		organization,
		subscription: row.subscription,
		members,
		documents: { total: totals?.total ?? 0, processed: totals?.processed ?? 0, failed: totals?.failed ?? 0 },
		storageUsedMb: Math.round(((totals?.bytes ?? 0) / 1_000_000) * 10) / 10,
		storageLimitMb: PLANS[plan].storageLimitMb,
		maxUsers: PLANS[plan].maxUsers,
	}
}

export function startOfUtcDay(now: Date) {
	return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()))
}

export async function listOrganizationMembers(organizationId: string) {
	return getDb()
		.select({ id: users.id, name: users.name, email: users.email, status: users.status, role: memberships.role, lastLoginAt: users.lastLoginAt })
		.from(memberships)
		.innerJoin(users, eq(users.id, memberships.userId))
		.where(eq(memberships.organizationId, organizationId))
		.orderBy(sql`lower(${users.name})`)
}

type CreateOrganizationInput = z.infer<typeof CreateOrganizationSchema>

/**
 * A new organization: its row, its schema with every tenant migration and
 * its subscription (in trial for TRIAL_DAYS, or active and billed from today),
 * in one transaction.
 */
export async function createOrganization(actor: AdminActor, input: CreateOrganizationInput, now = new Date()) {
	const organization = await getDb().transaction(async (tx) => {
		const created = await provisionOrganization(tx, {
			name: input.name,
			kind: 'organization',
			status: input.status,
			domain: input.domain,
			contactEmail: input.contactEmail,
		})
		await tx.update(organizations).set({ contactName: input.contactName, phone: input.phone }).where(eq(organizations.id, created.id))
		const isTrial = input.status === 'trial'
		const trialEndsAt = new Date(now.getTime() + TRIAL_DAYS * 86_400_000)
		await tx.insert(subscriptions).values({
			organizationId: created.id,
			plan: input.plan,
			status: isTrial ? 'trialing' : 'active',
			billingCycle: input.billingCycle,
			amountCents: organizationPriceCents(input.plan, input.billingCycle),
			trialEndsAt: isTrial ? trialEndsAt : null,
			currentPeriodStart: now,
			currentPeriodEnd: isTrial ? trialEndsAt : periodEnd(now, input.billingCycle),
		})
		await auditAdminAction(actor, 'organization.create', { type: 'organization', id: created.id }, { plan: input.plan, status: input.status }, tx)
		return created
	})
	return succeed({ organizationId: organization.id })
}

export async function updateOrganization(actor: AdminActor, organizationId: string, input: z.infer<typeof OrganizationFormSchema>) {
	if (!isUuid(organizationId)) return refuse('not-found', 'organization-missing', ADMIN_MESSAGES.organizationNotFound)
	const updated = await getDb().transaction(async (tx) => {
		const rows = await tx
			.update(organizations)
			.set({ name: input.name, domain: input.domain, contactEmail: input.contactEmail, contactName: input.contactName, phone: input.phone })
			.where(eq(organizations.id, organizationId))
			.returning({ id: organizations.id })
		if (rows.length) await auditAdminAction(actor, 'organization.update', { type: 'organization', id: organizationId }, undefined, tx)
		return rows.length > 0
	})
	return updated ? succeed({}) : refuse('not-found', 'organization-missing', ADMIN_MESSAGES.organizationNotFound)
}

/** The Security settings screen: the organization's two settings, and how many members have no second factor yet. */
export async function getOrganizationSecurity(organizationId: string) {
	if (!isUuid(organizationId)) return null
	const [row] = await getDb()
		.select({
			id: organizations.id,
			name: organizations.name,
			requireTwoFactor: organizations.requireTwoFactor,
			sessionLifetimeMinutes: organizations.sessionLifetimeMinutes,
		})
		.from(organizations)
		.where(eq(organizations.id, organizationId))
	if (!row) return null
	return { ...row, membersWithoutTwoFactor: await countMembersWithoutTwoFactor(organizationId) }
}

export async function updateOrganizationSecurity(actor: AdminActor, organizationId: string, input: z.infer<typeof SecurityFormSchema>) {
	if (!isUuid(organizationId)) return refuse('not-found', 'organization-missing', ADMIN_MESSAGES.organizationNotFound)
	const updated = await getDb().transaction(async (tx) => {
		const rows = await tx
			.update(organizations)
			.set({ requireTwoFactor: input.requireTwoFactor, sessionLifetimeMinutes: input.sessionLifetimeMinutes })
			.where(eq(organizations.id, organizationId))
			.returning({ id: organizations.id })
		if (rows.length && input.requireTwoFactor) {
			// Members without a second factor are signed out now (their live streams close with their sessions); sign-in tells them why.
			await tx.execute(sql`
				delete from app.sessions s using app.memberships m
				where m.organization_id = ${organizationId} and s.user_id = m.user_id and s.organization_id = ${organizationId}
				and not exists (select 1 from app.two_factor_credentials t where t.user_id = m.user_id and t.enabled_at is not null)`)
		}
		if (rows.length) {
			await auditAdminAction(
				actor,
				'organization.security',
				{ type: 'organization', id: organizationId },
				{
					requireTwoFactor: input.requireTwoFactor,
					sessionLifetimeMinutes: input.sessionLifetimeMinutes,
				},
				tx,
			)
		}
		return rows.length > 0
	})
	return updated ? succeed({}) : refuse('not-found', 'organization-missing', ADMIN_MESSAGES.organizationNotFound)
}

/** Spec section 4: Active and Inactive toggle; Trial only becomes Active via Activate. */
export function nextOrganizationStatus(current: 'active' | 'inactive' | 'trial', intent: 'activate' | 'deactivate') {
	if (intent === 'deactivate') return current === 'active' ? ('inactive' as const) : null
	return current === 'active' ? null : ('active' as const)
}

/**
 * Activates or deactivates an organization. Deactivating ends its members'
 * sessions (and sign-in refuses them while it stays inactive); activating a
 * trial starts its paid subscription.
 */
export async function setOrganizationStatus(actor: AdminActor, organizationId: string, intent: 'activate' | 'deactivate', now = new Date()) {
	if (!isUuid(organizationId)) return refuse('not-found', 'organization-missing', ADMIN_MESSAGES.organizationNotFound)
	const db = getDb()
	const [row] = await db
		.select({ status: organizations.status, subscription: subscriptions })
		.from(organizations)
		.leftJoin(subscriptions, eq(subscriptions.organizationId, organizations.id))
		.where(eq(organizations.id, organizationId))
	if (!row) return refuse('not-found', 'organization-missing', ADMIN_MESSAGES.organizationNotFound)
	const current = organizationStatusOf(row.status, row.subscription?.status)
	const status = nextOrganizationStatus(current, intent)
	if (!status) {
		return refuse('conflict', 'status-unchanged', current === 'trial' ? ADMIN_MESSAGES.trialOnlyActivates : ADMIN_MESSAGES.organizationStatusUpdated(current))
	}
	await db.transaction(async (tx) => {
		await tx.update(organizations).set({ status }).where(eq(organizations.id, organizationId))
		if (status === 'inactive') {
			await tx.execute(
				sql`delete from app.sessions where organization_id = ${organizationId} or user_id in (select user_id from app.memberships where organization_id = ${organizationId})`,
			)
		}
		const subscription = row.subscription
		if (current === 'trial' && subscription?.status === 'trialing') {
			await tx
				.update(subscriptions)
				.set({ status: 'active', trialEndsAt: null, currentPeriodStart: now, currentPeriodEnd: periodEnd(now, subscription.billingCycle), updatedAt: now })
				.where(eq(subscriptions.id, subscription.id))
		}
		await auditAdminAction(actor, `organization.${intent}`, { type: 'organization', id: organizationId }, { from: current, to: status }, tx)
	})
	return succeed({ status })
}

/**
 * Deletes an organization after its name was typed again: the row (with
 * memberships, subscription, sessions), the members who belonged to no other
 * organization, its schema with all its health data, then its files in the
 * store (originals, previews, exports). Audited. Superadmin only, the same
 * rule as deleting a user (it deletes users and all their records).
 */
export async function deleteOrganization(actor: AdminActor, organizationId: string, confirmName: string) {
	if (!isSuperadmin(actor)) return refuse('forbidden', 'superadmin-only', ADMIN_MESSAGES.superadminDeletesOrganizations)
	if (!isUuid(organizationId)) return refuse('not-found', 'organization-missing', ADMIN_MESSAGES.organizationNotFound)
	const db = getDb()
	const [row] = await db
		.select({ name: organizations.name, schemaName: organizations.schemaName })
		.from(organizations)
		.where(eq(organizations.id, organizationId))
	if (!row) return refuse('not-found', 'organization-missing', ADMIN_MESSAGES.organizationNotFound)
	if (row.name.trim() !== confirmName.trim()) return refuse('invalid', 'name-mismatch', ADMIN_MESSAGES.organizationNameMismatch, 'confirmName')
	assertTenantSchemaName(row.schemaName)
	await db.transaction(async (tx) => {
		await tx.execute(sql`set local lock_timeout = '10s'`)
		const soleMembers = await tx.execute<{ userId: string }>(sql`
			select m.user_id as "userId" from app.memberships m join app.users u on u.id = m.user_id
			where m.organization_id = ${organizationId} and u.role = 'patient'
			and not exists (select 1 from app.memberships other where other.user_id = m.user_id and other.organization_id <> ${organizationId})`)
		await auditAdminAction(actor, 'organization.delete', { type: 'organization', id: organizationId }, { members: soleMembers.length }, tx)
		await tx.delete(organizations).where(eq(organizations.id, organizationId))
		for (const { userId } of soleMembers) await tx.delete(users).where(and(eq(users.id, userId), eq(users.role, 'patient')))
		await tx.execute(sql`drop schema if exists ${sql.identifier(row.schemaName)} cascade`)
	})
	forgetTenant(organizationId)
	// After the commit: the rows that named these files are gone, so a failure here leaves only unreachable objects.
	await removeOrganizationFiles(organizationId).catch((error: unknown) =>
		logger.error('organization.files_not_removed', { organizationId, ...describeError(error) }),
	)
	return succeed({})
}
