import { sql } from 'drizzle-orm'
import {
	boolean,
	date,
	index,
	integer,
	jsonb,
	pgSchema,
	text,
	timestamp,
	uniqueIndex,
	uuid,
} from 'drizzle-orm/pg-core'

/** The shared platform schema. Tenant health data never lives here. */
export const platform = pgSchema('app')

export const userRole = platform.enum('user_role', ['patient', 'admin', 'superadmin'])
export const userStatus = platform.enum('user_status', ['active', 'inactive', 'pending'])
export const organizationStatus = platform.enum('organization_status', ['active', 'inactive', 'trial'])
export const organizationKind = platform.enum('organization_kind', ['personal', 'organization'])
export const membershipRole = platform.enum('membership_role', ['admin', 'manager', 'user'])
export const sessionKind = platform.enum('session_kind', ['patient', 'admin'])
export const plan = platform.enum('plan', ['basic', 'professional', 'enterprise'])
export const subscriptionStatus = platform.enum('subscription_status', [
	'active',
	'past_due',
	'trialing',
	'canceled',
])
export const billingCycle = platform.enum('billing_cycle', ['monthly', 'yearly'])

export const users = platform.table(
	'users',
	{
		id: uuid('id').primaryKey().defaultRandom(),
		email: text('email').notNull(),
		name: text('name').notNull(),
		passwordHash: text('password_hash').notNull(),
		role: userRole('role').notNull().default('patient'),
		status: userStatus('status').notNull().default('active'),
		phone: text('phone'),
		timeZone: text('time_zone'),
		failedLoginCount: integer('failed_login_count').notNull().default(0),
		lockedUntil: timestamp('locked_until', { withTimezone: true }),
		lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
		updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
	},
	(table) => [
		uniqueIndex('users_email_key').on(sql`lower(${table.email})`),
		index('users_name_idx').on(sql`lower(${table.name})`, table.id),
		index('users_created_idx').on(table.createdAt),
		index('users_last_login_idx').on(sql`${table.lastLoginAt} desc nulls last`, table.id),
		// the admin list's "contains" search (pg_trgm, created by migration 0004)
		index('users_name_trgm_idx').using('gin', sql`lower(${table.name}) public.gin_trgm_ops`),
		index('users_email_trgm_idx').using('gin', sql`lower(${table.email}) public.gin_trgm_ops`),
	],
)

export const organizations = platform.table(
	'organizations',
	{
		id: uuid('id').primaryKey().defaultRandom(),
		name: text('name').notNull(),
		kind: organizationKind('kind').notNull().default('personal'),
		status: organizationStatus('status').notNull().default('trial'),
		domain: text('domain'),
		contactEmail: text('contact_email'),
		contactName: text('contact_name'),
		phone: text('phone'),
		/** Security settings an administrator sets: members must use two-factor sign-in; their sessions end after this many minutes of sign-in (null: the platform's). */
		requireTwoFactor: boolean('require_two_factor').notNull().default(false),
		sessionLifetimeMinutes: integer('session_lifetime_minutes'),
		/** Generated at creation (`org_` + 12 random base32 letters); never from input. */
		schemaName: text('schema_name').notNull(),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
		lastActiveAt: timestamp('last_active_at', { withTimezone: true }),
	},
	(table) => [uniqueIndex('organizations_schema_name_key').on(table.schemaName)],
)

export const memberships = platform.table(
	'memberships',
	{
		userId: uuid('user_id')
			.notNull()
			.references(() => users.id, { onDelete: 'cascade' }),
		organizationId: uuid('organization_id')
			.notNull()
			.references(() => organizations.id, { onDelete: 'cascade' }),
		role: membershipRole('role').notNull().default('user'),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
	},
	(table) => [
		uniqueIndex('memberships_user_org_key').on(table.userId, table.organizationId),
		index('memberships_user_created_idx').on(table.userId, table.createdAt),
		index('memberships_org_idx').on(table.organizationId),
	],
)

export const sessions = platform.table(
	'sessions',
	{
		/** SHA-256 (hex) of the cookie token; the token itself is never stored. */
		id: text('id').primaryKey(),
		userId: uuid('user_id')
			.notNull()
			.references(() => users.id, { onDelete: 'cascade' }),
		kind: sessionKind('kind').notNull(),
		organizationId: uuid('organization_id').references(() => organizations.id, {
			onDelete: 'cascade',
		}),
		expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
	},
	(table) => [
		index('sessions_user_idx').on(table.userId),
		index('sessions_expires_idx').on(table.expiresAt),
	],
)

export const subscriptions = platform.table(
	'subscriptions',
	{
		id: uuid('id').primaryKey().defaultRandom(),
		organizationId: uuid('organization_id')
			.notNull()
			.references(() => organizations.id, { onDelete: 'cascade' }),
		plan: plan('plan').notNull().default('basic'),
		status: subscriptionStatus('status').notNull().default('trialing'),
		billingCycle: billingCycle('billing_cycle').notNull().default('monthly'),
		amountCents: integer('amount_cents').notNull(),
		currentPeriodEnd: timestamp('current_period_end', { withTimezone: true }),
		trialEndsAt: timestamp('trial_ends_at', { withTimezone: true }),
		canceledAt: timestamp('canceled_at', { withTimezone: true }),
		autoRenew: boolean('auto_renew').notNull().default(true),
		paymentMethod: text('payment_method').$type<'credit_card' | 'bank_transfer'>(),
		lastPaymentAt: timestamp('last_payment_at', { withTimezone: true }),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
		updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
	},
	(table) => [uniqueIndex('subscriptions_org_key').on(table.organizationId)],
)

/**
 * Payments recorded against a subscription (server/billing). Until a payment
 * provider exists, an administrator's 'Process Payment' records one here.
 */
export const invoices = platform.table(
	'invoices',
	{
		id: uuid('id').primaryKey().defaultRandom(),
		subscriptionId: uuid('subscription_id')
			.notNull()
			.references(() => subscriptions.id, { onDelete: 'cascade' }),
		organizationId: uuid('organization_id')
			.notNull()
			.references(() => organizations.id, { onDelete: 'cascade' }),
		amountCents: integer('amount_cents').notNull(),
		status: text('status').$type<'paid' | 'open' | 'void'>().notNull(),
		periodStart: timestamp('period_start', { withTimezone: true }).notNull(),
		periodEnd: timestamp('period_end', { withTimezone: true }).notNull(),
		paidAt: timestamp('paid_at', { withTimezone: true }),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
	},
	(table) => [
		index('invoices_subscription_idx').on(table.subscriptionId, table.createdAt),
		index('invoices_paid_idx').on(table.paidAt),
	],
)

/** Alerts of the admin portal an administrator has acknowledged, by the alert's stable key. */
export const adminAlertAcknowledgements = platform.table('admin_alert_acknowledgements', {
	alertKey: text('alert_key').primaryKey(),
	acknowledgedBy: uuid('acknowledged_by').references(() => users.id, { onDelete: 'set null' }),
	acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true }).notNull().defaultNow(),
})

/** API calls (tRPC requests) per day, counted by the web processes. */
export const apiCallCounts = platform.table('api_call_counts', {
	day: date('day', { mode: 'string' }).primaryKey(),
	calls: integer('calls').notNull().default(0),
})

export const loginAttempts = platform.table(
	'login_attempts',
	{
		id: uuid('id').primaryKey().defaultRandom(),
		ipAddress: text('ip_address').notNull(),
		userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
		portal: sessionKind('portal').notNull(),
		succeeded: boolean('succeeded').notNull(),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
	},
	(table) => [index('login_attempts_ip_time_idx').on(table.ipAddress, table.createdAt)],
)

export const auditLog = platform.table(
	'audit_log',
	{
		id: uuid('id').primaryKey().defaultRandom(),
		actorUserId: uuid('actor_user_id').references(() => users.id, { onDelete: 'set null' }),
		organizationId: uuid('organization_id').references(() => organizations.id, {
			onDelete: 'set null',
		}),
		action: text('action').notNull(),
		targetType: text('target_type'),
		targetId: text('target_id'),
		ipAddress: text('ip_address'),
		/** Identifiers and counts only: never names, values, file contents or tokens. */
		details: jsonb('details').$type<Record<string, string | number | boolean | null>>(),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
	},
	(table) => [
		index('audit_log_org_time_idx').on(table.organizationId, table.createdAt),
		index('audit_log_actor_time_idx').on(table.actorUserId, table.createdAt),
		index('audit_log_target_idx').on(table.targetType, table.targetId, table.createdAt),
		index('audit_log_time_idx').on(table.createdAt),
	],
)

/**
 * Private calendar feed links (one active per user): the token's SHA-256 maps
 * a calendar app's anonymous request to its owner and organization.
 */
export const calendarFeedTokens = platform.table(
	'calendar_feed_tokens',
	{
		id: uuid('id').primaryKey().defaultRandom(),
		tokenHash: text('token_hash').notNull(),
		userId: uuid('user_id')
			.notNull()
			.references(() => users.id, { onDelete: 'cascade' }),
		organizationId: uuid('organization_id')
			.notNull()
			.references(() => organizations.id, { onDelete: 'cascade' }),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
		revokedAt: timestamp('revoked_at', { withTimezone: true }),
	},
	(table) => [uniqueIndex('calendar_feed_tokens_hash_key').on(table.tokenHash), index('calendar_feed_tokens_user_idx').on(table.userId)],
)

/**
 * One row per sign-up taken, written before the account and its schema are
 * made: the per-address and global hourly registration limits count these
 * (rows older than an hour are pruned as new ones come in).
 */
export const registrationAttempts = platform.table(
	'registration_attempts',
	{
		id: uuid('id').primaryKey().defaultRandom(),
		ipAddress: text('ip_address').notNull(),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
	},
	(table) => [
		index('registration_attempts_time_idx').on(table.createdAt),
		index('registration_attempts_ip_time_idx').on(table.ipAddress, table.createdAt),
	],
)

export const emailStatus = platform.enum('email_status', ['queued', 'sent', 'failed'])

/**
 * The e-mail outbox (docs/decisions/012-email-outbox.md): every message the
 * app sends, written by `queueEmail` in the caller's transaction and sent by
 * the `send_email` job. `kind` is one of EMAIL_KINDS (server/email), kept as
 * text so a feature adds its kind without a migration. Bodies are erased once
 * a message is done with through SMTP (sent or failed): links and tokens in
 * them do not outlive their delivery. `last_error_code` holds a code only
 * (nodemailer's and the SMTP reply's number), never the server's text.
 */
export const emailOutbox = platform.table(
	'email_outbox',
	{
		id: uuid('id').primaryKey().defaultRandom(),
		kind: text('kind').notNull(),
		userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
		recipient: text('recipient').notNull(),
		subject: text('subject').notNull(),
		textBody: text('text_body'),
		htmlBody: text('html_body'),
		status: emailStatus('status').notNull().default('queued'),
		/** 'smtp', or 'mailbox' (no SMTP_URL outside production: the local mailbox page shows it). */
		deliveredVia: text('delivered_via'),
		attempts: integer('attempts').notNull().default(0),
		lastErrorCode: text('last_error_code'),
		lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
		sentAt: timestamp('sent_at', { withTimezone: true }),
	},
	(table) => [
		index('email_outbox_created_idx').on(table.createdAt),
		index('email_outbox_status_created_idx').on(table.status, table.createdAt),
		index('email_outbox_user_idx').on(table.userId),
	],
)

/** A user's preferences; no row means the defaults (server/account/preferences.ts). */
export const theme = platform.enum('theme', ['light', 'dark', 'system'])

export const userPreferences = platform.table('user_preferences', {
	userId: uuid('user_id')
		.primaryKey()
		.references(() => users.id, { onDelete: 'cascade' }),
	emailNotifications: boolean('email_notifications').notNull().default(true),
	inAppNotifications: boolean('in_app_notifications').notNull().default(true),
	theme: theme('theme').notNull().default('light'),
	updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})
