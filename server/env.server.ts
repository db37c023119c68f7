import path from 'node:path'
import { z } from 'zod'

/**
 * The default memory budget of one document's extraction (MB, resident, the child process with
 * its tesseract processes): with PaddleOCR reading image pages (its models and onnxruntime's
 * arena), the fixtures' two-page 200-dpi scan peaks at 728-751 MB, a generated phone photo at 633-641 MB
 * and a real 300-dpi render at 630 MB (tesseract alone: 430-475 MB; server/extraction/ocr/README.md).
 */
export const DEFAULT_EXTRACTION_MEMORY_MB = 850

const booleanFlag = z.enum(['true', 'false', '1', '0']).transform((value) => value === 'true' || value === '1')

const positiveInt = z.coerce.number().int().positive()

/** 'user@host' or 'Name <user@host>' (no line breaks, quotes or brackets in the name). */
const MAILBOX = /^(?:[^<>"\r\n]*<[^\s@<>]+@[^\s@<>]+>|[^\s@<>"]+@[^\s@<>"]+)$/

const EnvSchema = z.object({
	NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
	PORT: positiveInt.default(3000),
	/** Default: 127.0.0.1 outside production (the dev server shows demo passwords), 0.0.0.0 in production. */
	HOST: z.string().min(1).optional(),
	DATABASE_URL: z
		.string()
		.regex(/^postgres(ql)?:\/\//, 'must be a postgres:// connection URL')
		.optional(),
	DATA_DIR: z.string().min(1).default('./data'),
	EMBEDDED_PG_PORT: positiveInt.default(54329),
	DEMO_MODE: booleanFlag.optional(),
	/** Production without DATABASE_URL: run the embedded PostgreSQL anyway (one machine, on purpose). */
	EMBEDDED_DATABASE_IN_PRODUCTION: booleanFlag.optional(),
	/** The public origin (scheme://host[:port]); in production the only origin accepted for posts. */
	APP_ORIGIN: z
		.string()
		.url()
		.refine(isBareOrigin, 'must be an origin such as https://carebook.example (no path)')
		.transform((value) => new URL(value).origin)
		.optional(),
	/** Express 'trust proxy': false, true, a hop count or a subnet list. */
	TRUST_PROXY: z
		.string()
		.default('false')
		.transform((value): boolean | number | string => (value === 'true' ? true : value === 'false' ? false : /^\d+$/.test(value) ? Number(value) : value)),
	SESSION_IDLE_MINUTES: positiveInt.default(60),
	/** A session ends this long after sign-in however active it is. */
	SESSION_ABSOLUTE_HOURS: positiveInt.default(12),
	LOGIN_IP_MAX_FAILURES: positiveInt.default(20),
	LOGIN_IP_WINDOW_MINUTES: positiveInt.default(15),
	/** Wrong passwords for one account from one address within LOGIN_LOCK_MINUTES; then that pair answers 423. */
	LOGIN_ACCOUNT_MAX_FAILURES: positiveInt.default(5),
	LOGIN_LOCK_MINUTES: positiveInt.default(15),
	/** The slower back-off of one account from every address: past this many wrong passwords within LOGIN_ACCOUNT_GLOBAL_WINDOW_MINUTES, addresses the account never signed in from answer 423. */
	LOGIN_ACCOUNT_GLOBAL_MAX_FAILURES: positiveInt.default(50),
	LOGIN_ACCOUNT_GLOBAL_WINDOW_MINUTES: positiveInt.default(60),
	/** Sign-ups per address, and in all, per hour (each makes a database schema). */
	REGISTER_IP_MAX_PER_HOUR: positiveInt.default(5),
	REGISTER_GLOBAL_MAX_PER_HOUR: positiveInt.default(100),
	/** HMAC key for short-lived file links; required in production, random per process elsewhere. */
	SIGNING_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
	/** Join / Start Video Call address: the appointment id is appended, or put where it says {id}. */
	VIDEO_BASE_URL: z.string().url().default('https://meet.jit.si/carebook-'),
	/** Limits of one document's extraction (a child process of the worker): wall-clock time, and memory of the child with its OCR processes. */
	EXTRACTION_TIMEOUT_SECONDS: positiveInt.default(120),
	EXTRACTION_MEMORY_MB: positiveInt.default(DEFAULT_EXTRACTION_MEMORY_MB),
	LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
	/** Jobs one worker process runs at the same time. */
	WORKER_CONCURRENCY: positiveInt.default(2),
	/** Where `npm start` finds the production build (client and server). */
	BUILD_DIR: z.string().min(1).default('build'),
	/** `false`: `npm run dev` / `npm start` run no worker (jobs wait in the queue). */
	START_WORKER: booleanFlag.default('true'),
	/** Outgoing e-mail: smtp:// or smtps:// URL of the relay (user and password in it). Unset: the local mailbox (/dev/mailbox) outside production. */
	SMTP_URL: z
		.string()
		.regex(/^smtps?:\/\/[^/\s]+/, 'must be an smtp:// or smtps:// URL')
		.optional(),
	/** The sender of every e-mail: an address, or a name and an address ('Carebook <no-reply@carebook.example>'). */
	MAIL_FROM: z.string().regex(MAILBOX, 'must be an e-mail address, or a name and an address in <>').optional(),
	/** Stripe as the payment provider (server/billing/stripe-provider.ts): the secret API key; unset, the built-in provider records invoices and an administrator marks them paid. */
	STRIPE_SECRET_KEY: z
		.string()
		.regex(/^(sk|rk)_(test|live)_[A-Za-z0-9]+$/, 'must be a Stripe secret key (sk_test_…, sk_live_…)')
		.optional(),
	/** The signing secret of the Stripe webhook endpoint (/api/webhooks/stripe); required with STRIPE_SECRET_KEY. */
	STRIPE_WEBHOOK_SECRET: z
		.string()
		.regex(/^whsec_[A-Za-z0-9+/=]+$/, 'must be a Stripe webhook signing secret (whsec_…)')
		.optional(),
	/** E-mails one address may be sent in 24 hours (links that prove an address or restore access aside); past it the outbox queues no more to it that day. */
	EMAIL_RECIPIENT_DAILY_MAX: positiveInt.default(20),
	/** Where 'Contact Sales' on /subscription opens a mail to. */
	SALES_EMAIL: z.string().email().default('sales@carebook.example'),
	/** How to pay an invoice of the built-in provider (bank details, a phone number), shown with it; unset: write to SALES_EMAIL with the invoice number. */
	BILLING_PAYMENT_INSTRUCTIONS: z.string().trim().min(1).max(500).optional(),
	/** Uploads (page, upload API, REST) one user may start per UPLOAD_WINDOW_MINUTES; more answer 429. */
	UPLOAD_USER_MAX_PER_WINDOW: positiveInt.default(30),
	/** Uploads all members of one organization may start per UPLOAD_WINDOW_MINUTES; more answer 429. */
	UPLOAD_ORGANIZATION_MAX_PER_WINDOW: positiveInt.default(100),
	UPLOAD_WINDOW_MINUTES: positiveInt.default(10),
	/** REST API calls one key may make per minute (counted in the database); more answer 429 with Retry-After. */
	API_RATE_LIMIT_PER_MINUTE: positiveInt.default(120),
	/** Object storage: set, files (uploads, previews, exports) live in this S3-compatible bucket instead of DATA_DIR/files; credentials from the standard AWS variables. */
	S3_BUCKET: z
		.string()
		.regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'must be a bucket name (3-63 lowercase letters, digits, dots, hyphens)')
		.optional(),
	/** The S3-compatible endpoint (https://fly.storage.tigris.dev); unset: AWS_ENDPOINT_URL_S3 or AWS itself. */
	S3_ENDPOINT: z.string().url().optional(),
	S3_REGION: z.string().min(1).default('auto'),
	/** `true`: path-style addresses (endpoint/bucket/key), for servers without per-bucket host names. */
	S3_FORCE_PATH_STYLE: booleanFlag.default('false'),
	/**
	 * On SIGTERM: how long requests in flight and running jobs have to finish before they are cut
	 * (jobs go back to the queue without using an attempt); PostgreSQL stops after. Keep it a few
	 * seconds under the supervisor's stop timeout (fly.toml kill_timeout, `docker stop -t`).
	 */
	SHUTDOWN_GRACE_SECONDS: positiveInt.default(20),
	/**
	 * Patient-portal connections (server/portals): the AES-256-GCM key sealing portal tokens and client secrets at rest,
	 * 32 bytes in base64; unset outside production, a fixed development key; unset in production, connections are off.
	 */
	PORTAL_TOKEN_KEY: z
		.string()
		.refine((value) => Buffer.from(value, 'base64').length === 32, 'must be 32 bytes in base64 (openssl rand -base64 32)')
		.optional(),
	/** During a key rotation: the key before PORTAL_TOKEN_KEY, still opening what it sealed until the daily refresh re-seals it. */
	PORTAL_TOKEN_KEY_PREVIOUS: z
		.string()
		.refine((value) => Buffer.from(value, 'base64').length === 32, 'must be 32 bytes in base64')
		.optional(),
	/** Default client registrations (an administrator's settings on 'Portal connections' win): Epic, Oracle Health, the SMART Health IT sandbox, and any other FHIR server. */
	PORTAL_EPIC_CLIENT_ID: z.string().min(1).optional(),
	PORTAL_EPIC_CLIENT_SECRET: z.string().min(1).optional(),
	PORTAL_ORACLE_CLIENT_ID: z.string().min(1).optional(),
	PORTAL_ORACLE_CLIENT_SECRET: z.string().min(1).optional(),
	PORTAL_SMART_SANDBOX_CLIENT_ID: z.string().min(1).default('carebook'),
	PORTAL_DEFAULT_CLIENT_ID: z.string().min(1).optional(),
	PORTAL_DEFAULT_CLIENT_SECRET: z.string().min(1).optional(),
	/** `private_key_jwt`: the Epic / Oracle / default registration signs its token requests with Carebook's key (JWKS at /.well-known/jwks.json) instead of a secret. */
	PORTAL_EPIC_AUTH: z.enum(['none', 'client_secret_basic', 'private_key_jwt']).optional(),
	PORTAL_ORACLE_AUTH: z.enum(['none', 'client_secret_basic', 'private_key_jwt']).optional(),
	PORTAL_DEFAULT_AUTH: z.enum(['none', 'client_secret_basic', 'private_key_jwt']).optional(),
	/** Development and tests only: the local test portal's FHIR base URL and client id (set by scripts/start.ts), offered as 'Test portal'. */
	PORTAL_TEST_SERVER_URL: z.string().url().optional(),
	PORTAL_TEST_CLIENT_ID: z.string().min(1).optional(),
	/** Port of the local test portal `npm run dev` starts (0: none). Default: PORT + 1. */
	TEST_PORTAL_PORT: z.coerce.number().int().min(0).optional(),
	/** Limits of one portal sync: resources, wall time, one response's size. */
	PORTAL_SYNC_MAX_RESOURCES: positiveInt.default(50_000),
	PORTAL_SYNC_MAX_SECONDS: positiveInt.default(900),
	PORTAL_RESPONSE_MAX_MB: positiveInt.default(20),
	/** Set by scripts/start.ts for the web server it starts: listen once told the database is ready. */
	WAIT_FOR_DATABASE: booleanFlag.default('false'),
})

function isBareOrigin(value: string) {
	try {
		const url = new URL(value)
		return (url.protocol === 'https:' || url.protocol === 'http:') && url.pathname === '/' && !url.search && !url.hash
	} catch {
		return false
	}
}

/**
 * What the process needs: 'app' (web server, worker, start script) or
 * 'database' (migrations and seeding, which never serve a request).
 */
export type EnvScope = 'app' | 'database'

export type Env = Omit<z.infer<typeof EnvSchema>, 'HOST'> & {
	HOST: string
	dataDir: string
	isProduction: boolean
	isDemoMode: boolean
}

/**
 * Reads and validates the environment; throws one message naming every bad
 * or missing variable. Production requires what development makes up.
 */
export function parseEnv(source: Record<string, string | undefined>, scope: EnvScope = 'app'): Env {
	const cleaned = Object.fromEntries(Object.entries(source).filter(([, value]) => value !== undefined && value !== ''))
	const result = EnvSchema.safeParse(cleaned)
	if (!result.success) {
		const problems = result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ')
		throw new Error(`Invalid environment: ${problems}`)
	}
	const env = result.data
	if (Boolean(env.STRIPE_SECRET_KEY) !== Boolean(env.STRIPE_WEBHOOK_SECRET)) {
		throw new Error(
			'Invalid environment: STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET: set both (Stripe as the payment provider) or neither (the built-in provider)',
		)
	}
	const isProduction = env.NODE_ENV === 'production'
	if (isProduction) {
		const missing = productionProblems(env, scope)
		if (missing.length > 0) throw new Error(`Invalid environment: ${missing.join('; ')}`)
	}
	return {
		...env,
		HOST: env.HOST ?? (isProduction ? '0.0.0.0' : '127.0.0.1'),
		dataDir: path.resolve(env.DATA_DIR),
		isProduction,
		// Demo mode (seeded demo accounts, the test-credentials box) is on by
		// default with the embedded database and never on in production.
		isDemoMode: isProduction ? false : (env.DEMO_MODE ?? !env.DATABASE_URL),
	}
}

function productionProblems(env: z.infer<typeof EnvSchema>, scope: EnvScope) {
	const problems: string[] = []
	if (!env.DATABASE_URL && !env.EMBEDDED_DATABASE_IN_PRODUCTION) {
		problems.push(
			'DATABASE_URL: required in production; the embedded PostgreSQL is for development and tests (set EMBEDDED_DATABASE_IN_PRODUCTION=true to run it on purpose on a single machine)',
		)
	}
	if (scope === 'database') return problems
	if (!env.APP_ORIGIN) {
		problems.push('APP_ORIGIN: required in production (the public origin, e.g. https://carebook.example; posts from any other origin are refused)')
	}
	if (env.SMTP_URL && !env.MAIL_FROM) {
		problems.push('MAIL_FROM: required in production with SMTP_URL (the sender address, e.g. Carebook <no-reply@carebook.example>)')
	}
	if (env.PORTAL_TEST_SERVER_URL) problems.push('PORTAL_TEST_SERVER_URL: development and tests only (the local test portal); unset it in production')
	if (!env.SIGNING_SECRET) {
		problems.push('SIGNING_SECRET: required in production (32+ random characters, the same for every instance, so links survive restarts)')
	}
	return problems
}

const cached: Partial<Record<EnvScope, Env>> = {}

/** The validated environment, read once per process ('database': migrations and seeding only need the database settings). */
export function getEnv(scope: EnvScope = 'app'): Env {
	cached[scope] ??= cached.app ?? parseEnv(process.env, scope)
	return cached[scope]
}

/**
 * The log level, read now rather than from the cached environment (tests
 * change it with vi.stubEnv), and never an error: an invalid value, or an
 * invalid other variable, leaves the level at 'info' so the logger can
 * still write.
 */
export function logLevel(source: Record<string, string | undefined> = process.env): z.infer<typeof EnvSchema.shape.LOG_LEVEL> {
	const parsed = EnvSchema.shape.LOG_LEVEL.safeParse(source.LOG_LEVEL || undefined)
	return parsed.success ? parsed.data : 'info'
}

/**
 * DATABASE_URL as it is now, checked by its schema: the start script and the
 * tests set it after the environment was first read (the database is
 * planned, or cloned per test file, at run time).
 */
export function currentDatabaseUrl(source: Record<string, string | undefined> = process.env): string | undefined {
	const parsed = EnvSchema.shape.DATABASE_URL.safeParse(source.DATABASE_URL || undefined)
	if (!parsed.success) throw new Error(`Invalid environment: DATABASE_URL: ${parsed.error.issues[0]?.message ?? 'invalid'}`)
	return parsed.data
}

/** The sender outside production when MAIL_FROM is unset. */
export const DEFAULT_MAIL_FROM = 'Carebook <no-reply@localhost>'

export type MailSettings = {
	/** Unset: no SMTP relay (the local mailbox outside production). */
	smtpUrl: string | undefined
	from: string
	isProduction: boolean
}

/**
 * SMTP_URL and MAIL_FROM as they are now, checked by their schemas (getEnv
 * checked them at start-up): the tests start their SMTP server on a port
 * chosen at run time, after the environment was first read.
 */
export function currentMailSettings(source: Record<string, string | undefined> = process.env): MailSettings {
	const parsed = EnvSchema.pick({ NODE_ENV: true, SMTP_URL: true, MAIL_FROM: true }).safeParse({
		NODE_ENV: source.NODE_ENV || undefined,
		SMTP_URL: source.SMTP_URL || undefined,
		MAIL_FROM: source.MAIL_FROM || undefined,
	})
	if (!parsed.success) throw new Error(`Invalid environment: ${parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ')}`)
	const env = parsed.data
	return { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM ?? DEFAULT_MAIL_FROM, isProduction: env.NODE_ENV === 'production' }
}

export type BillingSettings = {
	/** Both set: Stripe is the payment provider. */
	stripe: { secretKey: string; webhookSecret: string } | null
	apiRateLimitPerMinute: number
	salesEmail: string
	/** BILLING_PAYMENT_INSTRUCTIONS, or null */
	paymentInstructions: string | null
}

/**
 * The payment provider's keys, the API rate limit and the sales address as
 * they are now, checked by their schemas (getEnv checked them at start-up;
 * tests and the API benchmark set them at run time).
 */
export function billingSettings(source: Record<string, string | undefined> = process.env): BillingSettings {
	const read = <K extends 'STRIPE_SECRET_KEY' | 'STRIPE_WEBHOOK_SECRET' | 'API_RATE_LIMIT_PER_MINUTE' | 'SALES_EMAIL' | 'BILLING_PAYMENT_INSTRUCTIONS'>(
		key: K,
	) => {
		const parsed = EnvSchema.shape[key].safeParse(source[key] || undefined)
		if (!parsed.success) throw new Error(`Invalid environment: ${key}: ${parsed.error.issues[0]?.message ?? 'invalid'}`)
		return parsed.data as z.infer<(typeof EnvSchema.shape)[K]>
	}
	const secretKey = read('STRIPE_SECRET_KEY')
	const webhookSecret = read('STRIPE_WEBHOOK_SECRET')
	return {
		stripe: secretKey && webhookSecret ? { secretKey, webhookSecret } : null,
		apiRateLimitPerMinute: read('API_RATE_LIMIT_PER_MINUTE'),
		salesEmail: read('SALES_EMAIL'),
		paymentInstructions: read('BILLING_PAYMENT_INSTRUCTIONS') ?? null,
	}
}
