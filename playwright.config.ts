import { defineConfig } from '@playwright/test'
import { chromiumProject } from './tests/support/chromium.ts'

const PORT = Number(process.env.E2E_PORT ?? 3100)
const PG_PORT = Number(process.env.E2E_PG_PORT ?? 54339)
const DATA_DIR = `tests/.tmp/e2e-data-${PORT}`
const BUILD_DIR = process.env.E2E_BUILD_DIR ?? 'build'
/** A second server of the same build in production mode without an e-mail relay (the *.no-relay.spec.ts files), on the first one's database. */
const NO_RELAY_PORT = PORT + 10_000

// The tests reach the same database as the server, to create their own users.
process.env.E2E_BASE_URL = `http://localhost:${PORT}`
process.env.E2E_DATABASE_URL = `postgres://postgres:carebook-local@127.0.0.1:${PG_PORT}/carebook`

export default defineConfig({
	testDir: './tests/e2e',
	// A flow that uploads and processes documents takes 20-30 s on two loaded cores.
	timeout: 60_000,
	expect: { timeout: 10_000 },
	fullyParallel: true,
	workers: process.env.CI ? 2 : 2,
	retries: process.env.CI ? 1 : 0,
	reporter: process.env.CI ? [['list']] : [['list']],
	use: {
		baseURL: `http://localhost:${PORT}`,
		trace: 'retain-on-failure',
		screenshot: 'only-on-failure',
	},
	projects: [
		{ ...chromiumProject('chromium'), testIgnore: /\.no-relay\.spec\.ts$/ },
		{
			...chromiumProject('production-without-relay'),
			testMatch: /\.no-relay\.spec\.ts$/,
			use: { ...chromiumProject('production-without-relay').use, baseURL: `http://localhost:${NO_RELAY_PORT}` },
		},
	],
	webServer: [
		{
			command: `rm -rf ${DATA_DIR} && npm run build && npm start`,
			url: `http://localhost:${PORT}/healthz`,
			timeout: 180_000,
			reuseExistingServer: !process.env.CI,
			stdout: 'ignore',
			stderr: 'pipe',
			env: {
				NODE_ENV: 'test',
				PORT: String(PORT),
				DATA_DIR,
				BUILD_DIR,
				HMR_PORT: String(PORT + 20_000),
				EMBEDDED_PG_PORT: String(PG_PORT),
				DEMO_MODE: 'true',
				LOG_LEVEL: 'warn',
				DATABASE_URL: '',
				// Generous: every test signs in from 127.0.0.1.
				LOGIN_IP_MAX_FAILURES: '500',
				REGISTER_IP_MAX_PER_HOUR: '500',
			},
		},
		{
			// Started after the first (its database must be up); no worker, so the test server's worker alone sends e-mail.
			command: 'npm start',
			url: `http://localhost:${NO_RELAY_PORT}/healthz`,
			timeout: 120_000,
			reuseExistingServer: !process.env.CI,
			stdout: 'ignore',
			stderr: 'pipe',
			env: {
				NODE_ENV: 'production',
				PORT: String(NO_RELAY_PORT),
				HOST: '127.0.0.1',
				APP_ORIGIN: `http://localhost:${NO_RELAY_PORT}`,
				DATABASE_URL: process.env.E2E_DATABASE_URL,
				SIGNING_SECRET: 'e2e-no-relay-signing-secret-0123456789abcdef',
				// portal connections on (their tokens need a key in production)
				PORTAL_TOKEN_KEY: 'ZTJlLXBvcnRhbC10b2tlbi1rZXktMDEyMzQ1Njc4OWE=',
				// the same files as the test server, whose worker processes what this one stores
				DATA_DIR,
				BUILD_DIR,
				START_WORKER: 'false',
				SMTP_URL: '',
				MAIL_FROM: '',
				LOG_LEVEL: 'warn',
				LOGIN_IP_MAX_FAILURES: '500',
			},
		},
	],
})
