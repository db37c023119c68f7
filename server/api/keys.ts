import { and, desc, eq, isNull, sql } from 'drizzle-orm'
import { getDb } from '#db/client.ts'
import { apiKeys, subscriptions } from '#db/schema/platform.ts'
import { recordAudit } from '#server/audit/index.ts'
import { generateSessionToken, sessionIdFromToken } from '#server/auth/session-token.ts'
import type { Patient } from '#server/auth/patient.ts'
import { BILLING_MESSAGES, isInForce, PLANS, utcDay } from '#server/billing/index.ts'
import { refuse, succeed } from '#server/errors/shared/result.ts'
import { API_KEY_PREFIX, MAX_ACTIVE_API_KEYS } from './shared/api-keys.ts'

/** Whether the organization's plan includes the API now (Professional, Enterprise; not after a canceled period ends). */
export async function apiAccessRefusal(organizationId: string, now: Date) {
	const [row] = await getDb().select().from(subscriptions).where(eq(subscriptions.organizationId, organizationId))
	if (!row) return refuse('forbidden', 'plan-required', BILLING_MESSAGES.noSubscription)
	if (!PLANS[row.plan].apiAccess) return refuse('forbidden', 'plan-required', BILLING_MESSAGES.apiNotIncluded(PLANS[row.plan].name))
	if (!isInForce(row, now)) return refuse('forbidden', 'plan-required', BILLING_MESSAGES.apiSubscriptionEnded)
	return null
}

/** The patient's keys, newest first: name, prefix, created, last used, revoked (never the key). */
export async function listApiKeys(patient: Patient) {
	return getDb()
		.select({
			id: apiKeys.id,
			name: apiKeys.name,
			prefix: apiKeys.prefix,
			createdAt: apiKeys.createdAt,
			lastUsedAt: apiKeys.lastUsedAt,
			revokedAt: apiKeys.revokedAt,
		})
		.from(apiKeys)
		.where(and(eq(apiKeys.userId, patient.userId), eq(apiKeys.organizationId, patient.organizationId)))
		.orderBy(desc(apiKeys.createdAt))
}

export type ApiKeySummary = Awaited<ReturnType<typeof listApiKeys>>[number]

/**
 * A new key for the patient (plans with API access only): returned once,
 * stored as its SHA-256. `name` has passed the safe text rules.
 */
export async function createApiKey(patient: Patient, name: string, options: { now?: Date } = {}) {
	const now = options.now ?? new Date()
	const refusal = await apiAccessRefusal(patient.organizationId, now)
	if (refusal) return refusal
	return getDb().transaction(async (tx) => {
		// One key creation at a time per user, so the count below holds.
		await tx.execute(sql`select pg_advisory_xact_lock(7315, hashtext(${patient.userId}))`)
		const [active] = await tx
			.select({ count: sql<number>`count(*)::int` })
			.from(apiKeys)
			.where(and(eq(apiKeys.userId, patient.userId), isNull(apiKeys.revokedAt)))
		if ((active?.count ?? 0) >= MAX_ACTIVE_API_KEYS) return refuse('conflict', 'key-limit', BILLING_MESSAGES.apiKeyLimit(MAX_ACTIVE_API_KEYS), 'name')
		const key = `${API_KEY_PREFIX}${generateSessionToken()}`
		const [row] = await tx
			.insert(apiKeys)
			.values({
				userId: patient.userId,
				organizationId: patient.organizationId,
				name,
				prefix: key.slice(0, API_KEY_PREFIX.length + 8),
				keyHash: sessionIdFromToken(key),
				createdAt: now,
			})
			.returning({ id: apiKeys.id, name: apiKeys.name, prefix: apiKeys.prefix, createdAt: apiKeys.createdAt })
		await recordAudit({ action: 'api_key.create', actor: patient, target: { type: 'api_key', id: row!.id } }, tx)
		return succeed({ key, apiKey: row! })
	})
}

/** Revokes one of the patient's keys; someone else's or an unknown id answers not found. */
export async function revokeApiKey(patient: Patient, keyId: string, options: { now?: Date } = {}) {
	if (!/^[0-9a-f-]{36}$/i.test(keyId)) return refuse('not-found', 'no-key', BILLING_MESSAGES.apiKeyNotFound)
	const now = options.now ?? new Date()
	return getDb().transaction(async (tx) => {
		const [row] = await tx
			.update(apiKeys)
			.set({ revokedAt: sql`coalesce(${apiKeys.revokedAt}, ${now.toISOString()}::timestamptz)` })
			.where(and(eq(apiKeys.id, keyId), eq(apiKeys.userId, patient.userId), eq(apiKeys.organizationId, patient.organizationId)))
			.returning({ id: apiKeys.id })
		if (!row) return refuse('not-found', 'no-key', BILLING_MESSAGES.apiKeyNotFound)
		await recordAudit({ action: 'api_key.revoke', actor: patient, target: { type: 'api_key', id: row.id } }, tx)
		return succeed({ id: row.id })
	})
}

/** The key's owner as the API handlers need them: the domain's Patient plus the profile GET /auth/profile answers. */
export type ApiCaller = {
	keyId: string
	userId: string
	organizationId: string
	user: { id: string; name: string; email: string; phone: string | null; role: 'patient' | 'admin' | 'superadmin'; timeZone: string | null }
}

export type ApiCallCheck =
	| { ok: true; caller: ApiCaller }
	| { ok: false; reason: 'unauthenticated' }
	/** The organization requires a second factor its member (the key's owner) has not set up: refused until they do. */
	| { ok: false; reason: 'two-factor-required' }
	| { ok: false; reason: 'rate-limited'; retryAfterSeconds: number }
	| { ok: false; reason: 'plan-required'; organizationId: string }

const RATE_WINDOW_SECONDS = 60

/**
 * One API call, checked and counted in one statement: the key (by its hash,
 * not revoked, its user active, its organization not inactive) takes a slot in its minute's window, and
 * when the slot is within the limit and the plan includes the API, the
 * organization's call count for the day goes up by one. Row locks queue
 * parallel calls of the same key or organization, so no increment is lost
 * (docs/decisions/017-billing-and-api.md).
 */
export async function checkApiCall(token: string, options: { limitPerMinute: number; now?: Date }): Promise<ApiCallCheck> {
	if (!token.startsWith(API_KEY_PREFIX) || token.length > 200) return { ok: false, reason: 'unauthenticated' }
	const now = options.now ?? new Date()
	const at = now.toISOString()
	const apiPlans = Object.values(PLANS)
		.filter((plan) => plan.apiAccess)
		.map((plan) => plan.id)
	const rows = await getDb().execute<{
		key_id: string
		user_id: string
		organization_id: string
		window_count: number
		window_started_at: string
		allowed_plan: boolean
		name: string
		email: string
		phone: string | null
		role: 'patient' | 'admin' | 'superadmin'
		time_zone: string | null
		needs_two_factor: boolean
	}>(sql`
		with window_start as (select date_trunc('minute', ${at}::timestamptz) as at),
		slot as (
			update app.api_keys k
			set window_count = case when k.window_started_at = (select at from window_start) then k.window_count + 1 else 1 end,
				window_started_at = (select at from window_start),
				last_used_at = ${at}::timestamptz
			from app.users u, app.organizations o
			where k.key_hash = ${sessionIdFromToken(token)} and k.revoked_at is null and u.id = k.user_id and u.status = 'active'
				and o.id = k.organization_id and o.status <> 'inactive'
			returning k.id, k.user_id, k.organization_id, k.window_count, k.window_started_at, u.name, u.email, u.phone, u.role, u.time_zone,
				(o.require_two_factor and not exists (select 1 from app.two_factor_credentials t where t.user_id = k.user_id and t.enabled_at is not null)) as needs_two_factor
		),
		allowed as (
			select slot.*, (s.plan::text = any(${sql.raw(`array[${apiPlans.map((plan) => `'${plan}'`).join(',')}]`)}) and (s.status <> 'canceled' or s.current_period_end > ${at}::timestamptz)) as allowed_plan
			from slot join app.subscriptions s on s.organization_id = slot.organization_id
		),
		counted as (
			insert into app.api_usage (organization_id, day, calls)
			select organization_id, ${utcDay(now)}::date, 1 from allowed where allowed_plan and not needs_two_factor and window_count <= ${options.limitPerMinute}
			on conflict (organization_id, day) do update set calls = app.api_usage.calls + 1
			returning organization_id
		)
		select allowed.id as key_id, allowed.user_id, allowed.organization_id, allowed.window_count, allowed.window_started_at, allowed.allowed_plan,
			allowed.name, allowed.email, allowed.phone, allowed.role, allowed.time_zone, allowed.needs_two_factor, (select count(*) from counted) as counted
		from allowed
	`)
	const row = rows[0]
	if (!row) return { ok: false, reason: 'unauthenticated' }
	if (row.needs_two_factor) return { ok: false, reason: 'two-factor-required' }
	if (row.window_count > options.limitPerMinute) {
		const windowEnd = new Date(row.window_started_at).getTime() + RATE_WINDOW_SECONDS * 1000
		return { ok: false, reason: 'rate-limited', retryAfterSeconds: Math.max(1, Math.ceil((windowEnd - now.getTime()) / 1000)) }
	}
	if (!row.allowed_plan) return { ok: false, reason: 'plan-required', organizationId: row.organization_id }
	return {
		ok: true,
		caller: {
			keyId: row.key_id,
			userId: row.user_id,
			organizationId: row.organization_id,
			user: { id: row.user_id, name: row.name, email: row.email, phone: row.phone, role: row.role, timeZone: row.time_zone },
		},
	}
}

/** Settings > API keys: the patient's keys, and why the plan refuses the API (null when it includes it). */
export async function getApiKeysOverview(patient: Patient, now = new Date()) {
	const [keys, refusal] = await Promise.all([listApiKeys(patient), apiAccessRefusal(patient.organizationId, now)])
	return { keys, planRefusal: refusal?.message ?? null }
}
