import path from 'node:path'
import { z } from 'zod'

const booleanFlag = z
	.enum(['true', 'false', '1', '0'])
	.transform((value) => value === 'true' || value === '1')

const positiveInt = z.coerce.number().int().positive()

const EnvSchema = z.object({
	NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
	PORT: positiveInt.default(3000),
	HOST: z.string().min(1).default('0.0.0.0'),
	DATABASE_URL: z
		.string()
		.regex(/^postgres(ql)?:\/\//, 'must be a postgres:// connection URL')
		.optional(),
	DATA_DIR: z.string().min(1).default('./data'),
	EMBEDDED_PG_PORT: positiveInt.default(54329),
	DEMO_MODE: booleanFlag.optional(),
	APP_ORIGIN: z.string().url().optional(),
	/** Express 'trust proxy': false, true, a hop count or a subnet list. */
	TRUST_PROXY: z
		.string()
		.default('false')
		.transform((value): boolean | number | string =>
			value === 'true' ? true : value === 'false' ? false : /^\d+$/.test(value) ? Number(value) : value,
		),
	SESSION_IDLE_MINUTES: positiveInt.default(60),
	LOGIN_IP_MAX_FAILURES: positiveInt.default(20),
	LOGIN_IP_WINDOW_MINUTES: positiveInt.default(15),
	LOGIN_ACCOUNT_MAX_FAILURES: positiveInt.default(5),
	LOGIN_LOCK_MINUTES: positiveInt.default(15),
	/** HMAC key for short-lived file links; random per process when unset. */
	SIGNING_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
	/** Join / Start Video Call address: the appointment id is appended, or put where it says {id}. */
	VIDEO_BASE_URL: z.string().url().default('https://meet.jit.si/carebook-'),
	LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error', 'silent']).default('info'),
})

export type Env = z.infer<typeof EnvSchema> & {
	dataDir: string
	isProduction: boolean
	isDemoMode: boolean
}

/** Reads and validates the environment; throws one message naming every bad variable. */
export function parseEnv(source: Record<string, string | undefined>): Env {
	const cleaned = Object.fromEntries(
		Object.entries(source).filter(([, value]) => value !== undefined && value !== ''),
	)
	const result = EnvSchema.safeParse(cleaned)
	if (!result.success) {
		const problems = result.error.issues
			.map((issue) => `${issue.path.join('.')}: ${issue.message}`)
			.join('; ')
		throw new Error(`Invalid environment: ${problems}`)
	}
	const env = result.data
	const isProduction = env.NODE_ENV === 'production'
	return {
		...env,
		dataDir: path.resolve(env.DATA_DIR),
		isProduction,
		// Demo mode (seeded demo accounts, the test-credentials box) is on by
		// default with the embedded database and never on in production.
		isDemoMode: isProduction ? false : (env.DEMO_MODE ?? !env.DATABASE_URL),
	}
}

let cached: Env | undefined

export function getEnv(): Env {
	cached ??= parseEnv(process.env)
	return cached
}
