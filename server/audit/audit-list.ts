import { sql, type SQL } from 'drizzle-orm'
import { getDb } from '#db/client.ts'
import { AUDIT_PAGE_SIZE, isAuditUserId, type AuditCursor, type AuditFilters } from './shared/audit-filters.ts'

/**
 * What a plain administrator may list (docs/decisions/019-admin-portal.md):
 * an allow-list, so an action added later stays with superadmins until it is
 * named here. An entry is listed when its action is of one of these families
 * (the part before the first dot) and its target, when it has one, is of one
 * of these types: accounts, organizations, subscriptions, API keys, sign-in
 * and the administrators' own actions. Entries on health records (documents,
 * values, the health profile, medications, shares, appointments, exports,
 * calendar feeds) and searches hold ids and counts only, yet tell who touched
 * which patient's records when: only a superadmin lists them.
 */
export const PLAIN_ADMIN_ACTION_FAMILIES = ['auth', 'admin', 'account', 'subscription', 'api_key'] as const
export const PLAIN_ADMIN_TARGET_TYPES = ['user', 'organization', 'subscription', 'api_key', 'alert', 'notification', 'report', 'audit_log'] as const

/** Whether a plain administrator may see an entry of this action and target type (the SQL below says the same). */
export function isVisibleToPlainAdmin(entry: { action: string; targetType: string | null }): boolean {
	const family = entry.action.split('.')[0]!
	return (
		(PLAIN_ADMIN_ACTION_FAMILIES as readonly string[]).includes(family) &&
		(entry.targetType === null || (PLAIN_ADMIN_TARGET_TYPES as readonly string[]).includes(entry.targetType))
	)
}

function plainAdminCondition(alias: string): SQL {
	const a = sql.raw(alias)
	return sql`(split_part(${a}.action, '.', 1) in (${sql.join(
		PLAIN_ADMIN_ACTION_FAMILIES.map((family) => sql`${family}`),
		sql`, `,
	)}) and (${a}.target_type is null or ${a}.target_type in (${sql.join(
		PLAIN_ADMIN_TARGET_TYPES.map((type) => sql`${type}`),
		sql`, `,
	)})))`
}

export type AuditListEntry = {
	id: string
	createdAt: string
	action: string
	actorUserId: string | null
	actorEmail: string | null
	organizationId: string | null
	organizationName: string | null
	targetType: string | null
	targetId: string | null
	ipAddress: string | null
	details: Record<string, string | number | boolean | null> | null
}

type Scope = { includeHealthRecords: boolean }

/** The WHERE of the filters; the user by id, or by e-mail through the unique lower(email) index. */
function auditConditions(filters: AuditFilters, scope: Scope): SQL[] {
	const conditions: SQL[] = []
	if (filters.user) {
		const userId = isAuditUserId(filters.user) ? sql`${filters.user}::uuid` : sql`(select id from app.users where lower(email) = ${filters.user.toLowerCase()})`
		// made by the account, or made on it (an administrator's change to it)
		conditions.push(sql`(a.actor_user_id = ${userId} or (a.target_type = 'user' and a.target_id = (${userId})::text))`)
	}
	if (filters.organization) conditions.push(sql`a.organization_id = ${filters.organization}::uuid`)
	if (filters.action) conditions.push(sql`a.action = ${filters.action}`)
	if (filters.from) conditions.push(sql`a.created_at >= ${`${filters.from}T00:00:00Z`}::timestamptz`)
	if (filters.to) conditions.push(sql`a.created_at < (${`${filters.to}T00:00:00Z`}::timestamptz + interval '1 day')`)
	if (!scope.includeHealthRecords) conditions.push(plainAdminCondition('a'))
	return conditions
}

/**
 * Audit entries newest first (created_at, id), filtered; read in index order
 * (audit_log_time_idx, or the actor, organization or action index with its
 * time) and paged by a cursor, so an old page costs what the first does.
 * `limit` rows are returned with `next`, the cursor of the following page.
 */
export async function listAuditEntries(
	filters: AuditFilters,
	options: Scope & { before?: AuditCursor | null; limit?: number },
): Promise<{ entries: AuditListEntry[]; next: AuditCursor | null }> {
	const limit = options.limit ?? AUDIT_PAGE_SIZE
	const conditions = auditConditions(filters, options)
	if (options.before) conditions.push(sql`(a.created_at, a.id) < (${options.before.createdAt}::timestamptz, ${options.before.id}::uuid)`)
	const where = conditions.length ? sql`where ${sql.join(conditions, sql` and `)}` : sql``
	const rows = await getDb().execute<Omit<AuditListEntry, 'createdAt'> & { createdAt: Date | string }>(sql`
		select a.id, a.created_at as "createdAt", a.action, a.actor_user_id as "actorUserId", u.email as "actorEmail",
			a.organization_id as "organizationId", o.name as "organizationName", a.target_type as "targetType", a.target_id as "targetId",
			a.ip_address as "ipAddress", a.details
		from (select * from app.audit_log a ${where} order by a.created_at desc, a.id desc limit ${limit + 1}) a
		left join app.users u on u.id = a.actor_user_id
		left join app.organizations o on o.id = a.organization_id
		order by a.created_at desc, a.id desc`)
	const entries = rows.slice(0, limit).map((row) => ({ ...row, createdAt: new Date(row.createdAt).toISOString() }))
	const last = entries.at(-1)
	return { entries, next: rows.length > limit && last ? { createdAt: last.createdAt, id: last.id } : null }
}

/**
 * The actions that occur in the log, for the filter (a skip scan over
 * audit_log_action_time_idx: one index probe per distinct action, however
 * many entries there are). For a plain administrator, only actions of which
 * an entry is theirs to see.
 */
export async function listAuditActions(scope: Scope): Promise<string[]> {
	const visible = scope.includeHealthRecords
		? sql``
		: sql`and exists (select 1 from app.audit_log v where v.action = actions.action and ${plainAdminCondition('v')})`
	const rows = await getDb().execute<{ action: string }>(sql`
		with recursive actions(action) as (
			(select action from app.audit_log order by action limit 1)
			union all
			select (select a.action from app.audit_log a where a.action > actions.action order by a.action limit 1) from actions where actions.action is not null
		)
		select action from actions where action is not null ${visible}`)
	return rows.map((row) => row.action)
}

/** CSV columns of an export (ids and codes only, as stored). */
export const AUDIT_CSV_HEADER = [
	'time',
	'action',
	'actor_email',
	'actor_user_id',
	'organization',
	'organization_id',
	'target_type',
	'target_id',
	'ip_address',
	'details',
]

export function auditCsvRow(entry: AuditListEntry): unknown[] {
	return [
		entry.createdAt,
		entry.action,
		entry.actorEmail,
		entry.actorUserId,
		entry.organizationName,
		entry.organizationId,
		entry.targetType,
		entry.targetId,
		entry.ipAddress,
		entry.details ? JSON.stringify(entry.details) : null,
	]
}
