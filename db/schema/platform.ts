import { sql } from 'drizzle-orm'
import {
	bigint,
	bigserial,
	boolean,
	date,
	index,
	integer,
	jsonb,
	pgSchema,
	primaryKey,
	text,
	timestamp,
	uniqueIndex,
	uuid,
	type AnyPgColumn,
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
export const subscriptionStatus = platform.enum('subscription_status', ['active', 'past_due', 'trialing', 'canceled'])
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
		/** The last sign-in: set when a session is created (password, two-factor, registration). */
		lastLoginAt: timestamp('last_login_at', { withTimezone: true }),
		/** The last request with a valid session, kept to within a few minutes (server/auth/sessions.ts). */
		lastActiveAt: timestamp('last_active_at', { withTimezone: true }),
		/**
		 * When the owner of the address proved it (the link of the confirmation
		 * e-mail, an e-mail change's or a password reset's): no notification
		 * e-mail goes to an address before (server/email, issue 41).
		 */
		emailConfirmedAt: timestamp('email_confirmed_at', { withTimezone: true }),
		/**
		 * The user's first membership's organization (by the membership's
		 * creation), the admin users list's Organization column and sort. Kept by
		 * a trigger on app.memberships (platform migration 0010), so every
		 * insert and delete of a membership, cascades included, keeps it right.
		 */
		primaryOrganizationId: uuid('primary_organization_id').references((): AnyPgColumn => organizations.id, { onDelete: 'set null' }),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
		updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
	},
	(table) => [
		uniqueIndex('users_email_key').on(sql`lower(${table.email})`),
		index('users_primary_organization_idx').on(table.primaryOrganizationId, table.id),
		index('users_name_idx').on(sql`lower(${table.name})`, table.id),
		index('users_created_idx').on(table.createdAt),
		index('users_last_login_idx').on(sql`${table.lastLoginAt} desc nulls last`, table.id),
		// the admin list's "contains" search (pg_trgm, created by platform migration 0008)
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
		/** The tenant migration set its schema was last brought up to (tenantMigrationSetDigest); null: not yet recorded. migrateAll visits only the schemas behind. */
		tenantMigrationsDigest: text('tenant_migrations_digest'),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
		lastActiveAt: timestamp('last_active_at', { withTimezone: true }),
	},
	(table) => [uniqueIndex('organizations_schema_name_key').on(table.schemaName), index('organizations_name_idx').on(sql`lower(${table.name})`, table.id)],
)

/**
 * Per organization, its documents' totals (decision 011: the documents
 * module owns them). Written by a trigger on each tenant schema's documents
 * table (tenant migration 0009), in the same transaction as the document's
 * change, so the admin dashboard reads one row per organization instead of
 * summing across every schema.
 */
export const organizationDocumentCounters = platform.table('organization_document_counters', {
	organizationId: uuid('organization_id')
		.primaryKey()
		.references(() => organizations.id, { onDelete: 'cascade' }),
	documents: integer('documents').notNull().default(0),
	processed: integer('processed').notNull().default(0),
	failed: integer('failed').notNull().default(0),
	bytes: bigint('bytes', { mode: 'number' }).notNull().default(0),
})

/** Per organization and UTC day of processed_at: its documents in status processed (same trigger). */
export const organizationDocumentsProcessedDays = platform.table(
	'organization_documents_processed_days',
	{
		organizationId: uuid('organization_id')
			.notNull()
			.references(() => organizations.id, { onDelete: 'cascade' }),
		day: date('day').notNull(),
		processed: integer('processed').notNull().default(0),
	},
	(table) => [primaryKey({ columns: [table.organizationId, table.day] }), index('organization_documents_processed_days_day_idx').on(table.day)],
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
	(table) => [index('sessions_user_idx').on(table.userId), index('sessions_expires_idx').on(table.expiresAt)],
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
		/** Start of the period being paid for (the trial's start while trialing); usage 'this period' counts from it. */
		currentPeriodStart: timestamp('current_period_start', { withTimezone: true }),
		/** When it became past_due; past PAST_DUE_CANCEL_DAYS the scheduled job cancels it. */
		pastDueSince: timestamp('past_due_since', { withTimezone: true }),
		/** Who collects payments: the built-in provider (invoices an administrator marks paid) or Stripe. */
		provider: text('provider').$type<'builtin' | 'stripe'>().notNull().default('builtin'),
		providerCustomerId: text('provider_customer_id'),
		providerSubscriptionId: text('provider_subscription_id'),
		paymentMethod: text('payment_method').$type<'credit_card' | 'bank_transfer'>(),
		/** When the trial was moved to another plan (once per organization, without a payment provider: decision 032). */
		trialPlanChangedAt: timestamp('trial_plan_changed_at', { withTimezone: true }),
		/** An upgrade waiting for its payment (built-in provider): the plan it moves to once `pendingInvoiceId` is paid. */
		pendingPlan: plan('pending_plan'),
		pendingInvoiceId: uuid('pending_invoice_id'),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
		updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
	},
	(table) => [
		uniqueIndex('subscriptions_org_key').on(table.organizationId),
		index('subscriptions_status_idx').on(table.status),
		uniqueIndex('subscriptions_provider_subscription_key').on(table.providerSubscriptionId),
	],
)

export const invoiceStatus = platform.enum('invoice_status', ['open', 'paid', 'void'])

/** One bill per subscription period (or plan change), issued by the payment provider. Amounts in cents (USD). */
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
		plan: plan('plan').notNull(),
		amountCents: integer('amount_cents').notNull(),
		status: invoiceStatus('status').notNull().default('open'),
		periodStart: timestamp('period_start', { withTimezone: true }).notNull(),
		periodEnd: timestamp('period_end', { withTimezone: true }).notNull(),
		dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
		paidAt: timestamp('paid_at', { withTimezone: true }),
		provider: text('provider').$type<'builtin' | 'stripe'>().notNull().default('builtin'),
		providerInvoiceId: text('provider_invoice_id'),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
	},
	(table) => [
		index('invoices_subscription_idx').on(table.subscriptionId, table.status),
		// one built-in invoice per period (renewals run once); Stripe's are keyed by their own id
		uniqueIndex('invoices_subscription_period_key')
			.on(table.subscriptionId, table.periodStart)
			.where(sql`provider = 'builtin'`),
		uniqueIndex('invoices_provider_invoice_key').on(table.providerInvoiceId),
	],
)

export const paymentStatus = platform.enum('payment_status', ['succeeded', 'failed'])

/** A payment taken against an invoice: by an administrator's Process Payment (built-in) or reported by Stripe. */
export const payments = platform.table(
	'payments',
	{
		id: uuid('id').primaryKey().defaultRandom(),
		invoiceId: uuid('invoice_id')
			.notNull()
			.references(() => invoices.id, { onDelete: 'cascade' }),
		organizationId: uuid('organization_id')
			.notNull()
			.references(() => organizations.id, { onDelete: 'cascade' }),
		amountCents: integer('amount_cents').notNull(),
		status: paymentStatus('status').notNull(),
		method: text('method').$type<'credit_card' | 'bank_transfer'>(),
		provider: text('provider').$type<'builtin' | 'stripe'>().notNull(),
		providerPaymentId: text('provider_payment_id'),
		/** The administrator who recorded it (built-in provider); null for a provider's report. */
		recordedBy: uuid('recorded_by').references(() => users.id, { onDelete: 'set null' }),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
	},
	(table) => [index('payments_invoice_idx').on(table.invoiceId), uniqueIndex('payments_provider_payment_key').on(table.providerPaymentId)],
)

/**
 * REST API keys: only the SHA-256 of the key is kept (the key is shown once).
 * The rate-limit window is counted on the row itself, in the one UPDATE that
 * authenticates a call (server/billing/api-keys.ts).
 */
export const apiKeys = platform.table(
	'api_keys',
	{
		id: uuid('id').primaryKey().defaultRandom(),
		userId: uuid('user_id')
			.notNull()
			.references(() => users.id, { onDelete: 'cascade' }),
		organizationId: uuid('organization_id')
			.notNull()
			.references(() => organizations.id, { onDelete: 'cascade' }),
		name: text('name').notNull(),
		/** The key's first characters, shown in the list to tell keys apart. */
		prefix: text('prefix').notNull(),
		keyHash: text('key_hash').notNull(),
		windowStartedAt: timestamp('window_started_at', { withTimezone: true }),
		windowCount: integer('window_count').notNull().default(0),
		lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
		revokedAt: timestamp('revoked_at', { withTimezone: true }),
	},
	(table) => [uniqueIndex('api_keys_hash_key').on(table.keyHash), index('api_keys_user_idx').on(table.userId)],
)

/** API calls per organization and UTC day; 'API calls this period' sums the days since the period's start. */
export const apiUsage = platform.table(
	'api_usage',
	{
		organizationId: uuid('organization_id')
			.notNull()
			.references(() => organizations.id, { onDelete: 'cascade' }),
		day: date('day', { mode: 'string' }).notNull(),
		calls: bigint('calls', { mode: 'number' }).notNull().default(0),
	},
	(table) => [primaryKey({ columns: [table.organizationId, table.day] })],
)

/** Alerts of the admin portal an administrator has acknowledged, by the alert's stable key. */
export const adminAlertAcknowledgements = platform.table('admin_alert_acknowledgements', {
	alertKey: text('alert_key').primaryKey(),
	acknowledgedBy: uuid('acknowledged_by').references(() => users.id, { onDelete: 'set null' }),
	acknowledgedAt: timestamp('acknowledged_at', { withTimezone: true }).notNull().defaultNow(),
})

/**
 * tRPC requests per UTC day across the whole platform, counted in memory by
 * the web processes and flushed every 5 s (server/admin/api-usage.ts): the
 * admin dashboard's 'API calls today'. Not billing's `api_usage`, which counts
 * REST calls made with an API key per organization (plan usage, rate limit);
 * a tRPC call has no key and belongs to no plan's quota.
 */
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
		// the admin audit log screen's action filter, newest first
		index('audit_log_action_time_idx').on(table.action, table.createdAt),
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
	(table) => [index('registration_attempts_time_idx').on(table.createdAt), index('registration_attempts_ip_time_idx').on(table.ipAddress, table.createdAt)],
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
		// the per-recipient daily cap counts a day's messages to one address
		index('email_outbox_recipient_created_idx').on(sql`lower(${table.recipient})`, table.createdAt),
	],
)

/** A user's preferences; no row means the defaults (server/preferences/preferences.ts). */
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

/**
 * Single-use links sent by e-mail (server/account): a password reset, or the
 * confirmation of a new e-mail address. Only the token's SHA-256 is kept;
 * `new_email` is set for an e-mail change. A token is used once (`used_at`)
 * and refused after `expires_at`.
 */
export const accountTokenPurpose = platform.enum('account_token_purpose', ['password_reset', 'email_change', 'email_confirm'])

export const accountTokens = platform.table(
	'account_tokens',
	{
		id: uuid('id').primaryKey().defaultRandom(),
		tokenHash: text('token_hash').notNull(),
		userId: uuid('user_id')
			.notNull()
			.references(() => users.id, { onDelete: 'cascade' }),
		purpose: accountTokenPurpose('purpose').notNull(),
		newEmail: text('new_email'),
		expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
		usedAt: timestamp('used_at', { withTimezone: true }),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
	},
	(table) => [
		uniqueIndex('account_tokens_hash_key').on(table.tokenHash),
		index('account_tokens_user_purpose_idx').on(table.userId, table.purpose, table.createdAt),
	],
)

/**
 * Every password-reset request, known e-mail or not, for the per-address and
 * per-account limits: the requesting address and the SHA-256 of the
 * lower-cased e-mail asked for (never the e-mail itself).
 */
export const passwordResetRequests = platform.table(
	'password_reset_requests',
	{
		id: uuid('id').primaryKey().defaultRandom(),
		ipAddress: text('ip_address').notNull(),
		emailHash: text('email_hash').notNull(),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
	},
	(table) => [
		index('password_reset_requests_ip_time_idx').on(table.ipAddress, table.createdAt),
		index('password_reset_requests_email_time_idx').on(table.emailHash, table.createdAt),
	],
)

/**
 * A user's TOTP second factor (RFC 6238, 30 s steps, 6 digits). `enabled_at`
 * null: set up but not yet confirmed with a code. `last_time_step` is the
 * step of the last accepted code, so a code is never accepted twice.
 * `failed_count` / `locked_until`: the sign-in code's own attempt limit.
 */
export const twoFactorCredentials = platform.table('two_factor_credentials', {
	userId: uuid('user_id')
		.primaryKey()
		.references(() => users.id, { onDelete: 'cascade' }),
	secret: text('secret').notNull(),
	enabledAt: timestamp('enabled_at', { withTimezone: true }),
	lastTimeStep: integer('last_time_step'),
	failedCount: integer('failed_count').notNull().default(0),
	lockedUntil: timestamp('locked_until', { withTimezone: true }),
	createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})

/** One-time recovery codes of a second factor, stored as SHA-256; a used code keeps its row with `used_at`. */
export const recoveryCodes = platform.table(
	'recovery_codes',
	{
		id: uuid('id').primaryKey().defaultRandom(),
		userId: uuid('user_id')
			.notNull()
			.references(() => users.id, { onDelete: 'cascade' }),
		codeHash: text('code_hash').notNull(),
		usedAt: timestamp('used_at', { withTimezone: true }),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
	},
	(table) => [uniqueIndex('recovery_codes_user_hash_key').on(table.userId, table.codeHash)],
)

/**
 * A sign-in that passed the password and waits for the second factor: the
 * cookie holds the token, the row its SHA-256, the portal and organization
 * the session will get, and the attempts made with it.
 */
export const twoFactorChallenges = platform.table(
	'two_factor_challenges',
	{
		id: text('id').primaryKey(),
		userId: uuid('user_id')
			.notNull()
			.references(() => users.id, { onDelete: 'cascade' }),
		kind: sessionKind('kind').notNull(),
		organizationId: uuid('organization_id').references(() => organizations.id, { onDelete: 'cascade' }),
		attempts: integer('attempts').notNull().default(0),
		expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
	},
	(table) => [index('two_factor_challenges_user_idx').on(table.userId)],
)

export const dataExportStatus = platform.enum('data_export_status', ['queued', 'ready', 'failed'])

/**
 * A user's data export (server/exports/data-export.ts): built by the
 * `build_data_export` job into the file store under `storage_key`,
 * downloadable by that user alone until `expires_at`.
 */
export const dataExports = platform.table(
	'data_exports',
	{
		id: uuid('id').primaryKey().defaultRandom(),
		userId: uuid('user_id')
			.notNull()
			.references(() => users.id, { onDelete: 'cascade' }),
		organizationId: uuid('organization_id')
			.notNull()
			.references(() => organizations.id, { onDelete: 'cascade' }),
		status: dataExportStatus('status').notNull().default('queued'),
		storageKey: text('storage_key'),
		sizeBytes: integer('size_bytes'),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
		completedAt: timestamp('completed_at', { withTimezone: true }),
		expiresAt: timestamp('expires_at', { withTimezone: true }),
	},
	(table) => [index('data_exports_user_time_idx').on(table.userId, table.createdAt)],
)

/**
 * The share-token index (docs/decisions/016-sharing.md): the SHA-256 of a
 * share link's token names the organization and the share inside its schema.
 * The public `/shared/<token>` page resolves a token here and nowhere else;
 * the token itself is never stored. Revoking a share deletes its row.
 */
export const shareTokens = platform.table(
	'share_tokens',
	{
		tokenHash: text('token_hash').primaryKey(),
		organizationId: uuid('organization_id')
			.notNull()
			.references(() => organizations.id, { onDelete: 'cascade' }),
		shareId: uuid('share_id').notNull(),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
	},
	(table) => [uniqueIndex('share_tokens_org_share_key').on(table.organizationId, table.shareId)],
)

/**
 * Attempts counted by the rate limits of server/rate-limits (step-up
 * re-checks, sign-in per account and address, uploads, e-mailed shares): one
 * row per attempt of a `bucket` (what is limited) by a `subject` (a user, an
 * organization, an account and address pair), counted over a sliding window
 * under an advisory lock; rows older than the bucket's window are pruned as
 * new ones come in. No names or addresses in the clear: subjects are ids or
 * SHA-256 digests.
 */
export const rateLimitEvents = platform.table(
	'rate_limit_events',
	{
		id: uuid('id').primaryKey().defaultRandom(),
		bucket: text('bucket').notNull(),
		subject: text('subject').notNull(),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
	},
	(table) => [index('rate_limit_events_bucket_subject_time_idx').on(table.bucket, table.subject, table.createdAt)],
)

/**
 * The end of each job attempt the worker ran (server/queue/job-outcomes.ts):
 * its task, whether it succeeded, and on failure the error's code and its
 * message when that is a text of our own (never a statement or a value). The
 * last JOB_OUTCOMES_KEPT per task are kept. System Health reads them: a
 * task whose last attempts all failed the same way makes the worker
 * 'degraded', with an admin alert.
 */
export const jobOutcomes = platform.table(
	'job_outcomes',
	{
		id: bigserial('id', { mode: 'number' }).primaryKey(),
		task: text('task').notNull(),
		jobId: text('job_id').notNull(),
		succeeded: boolean('succeeded').notNull(),
		errorCode: text('error_code'),
		errorMessage: text('error_message'),
		finishedAt: timestamp('finished_at', { withTimezone: true }).notNull().defaultNow(),
	},
	(table) => [index('job_outcomes_task_id_idx').on(table.task, table.id)],
)

/**
 * Carebook's registration with a portal (server/portals/client-registrations.ts): per directory
 * endpoint ('epic-sandbox'), per platform ('platform:epic', 'platform:oracle'), or for an endpoint
 * the deployment added. Set by an administrator on 'Portal connections'; environment variables
 * give the defaults. The client secret is sealed (AES-256-GCM, PORTAL_TOKEN_KEY).
 */
export const portalClients = platform.table('portal_clients', {
	key: text('key').primaryKey(),
	clientId: text('client_id').notNull(),
	authMethod: text('auth_method').$type<'none' | 'client_secret_basic' | 'private_key_jwt'>().notNull(),
	sealedClientSecret: text('sealed_client_secret'),
	updatedByUserId: uuid('updated_by_user_id').references(() => users.id, { onDelete: 'set null' }),
	updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
})

/** Providers the deployment adds to the bundled directory (an administrator, on 'Portal connections'). */
export const portalEndpoints = platform.table('portal_endpoints', {
	id: uuid('id').primaryKey().defaultRandom(),
	name: text('name').notNull(),
	fhirBaseUrl: text('fhir_base_url').notNull(),
	createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
})

/**
 * Carebook's keys for private_key_jwt client authentication: the public halves are served at
 * /.well-known/jwks.json; the newest one not retired signs. A retired key stays in the JWKS
 * until it is deleted, so a portal caching the set keeps verifying during a rotation.
 */
export const portalSigningKeys = platform.table('portal_signing_keys', {
	kid: text('kid').primaryKey(),
	alg: text('alg').notNull(),
	publicJwk: jsonb('public_jwk').$type<Record<string, unknown>>().notNull(),
	sealedPrivateJwk: text('sealed_private_jwk').notNull(),
	createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
	retiredAt: timestamp('retired_at', { withTimezone: true }),
})
