import { defineConfig } from '@playwright/test'
import { chromiumProject } from './tests/support/chromium.ts'

/**
 * The development server as the README starts it (`npm run dev`): Vite in middleware
 * mode, a fresh data folder and a fresh `node_modules/.vite`, so the browser meets the
 * first dependency pre-bundling exactly as on a new clone. Its own config because a
 * Playwright `webServer` belongs to the whole run, not to one project.
 */
const PORT = Number(process.env.E2E_DEV_PORT ?? 3120)
const HMR_PORT = Number(process.env.E2E_DEV_HMR_PORT ?? 23120)
const PG_PORT = Number(process.env.E2E_DEV_PG_PORT ?? 54380)
const DATA_DIR = `tests/.tmp/dev-e2e-data-${PORT}`
// The server's output, also read by the tests (Vite reports its dependency re-bundling there).
const SERVER_LOG = `tests/.tmp/dev-e2e-server-${PORT}.log`

// The tests reach the same database as the server, to create their own users (tests/e2e/fixtures.ts).
process.env.E2E_BASE_URL = `http://127.0.0.1:${PORT}`
process.env.E2E_DATABASE_URL = `postgres://postgres:carebook-local@127.0.0.1:${PG_PORT}/carebook`
process.env.E2E_DEV_SERVER_LOG = SERVER_LOG

export default defineConfig({
	testDir: './tests/e2e-dev',
	outputDir: 'test-results/e2e-dev',
	timeout: 120_000,
	expect: { timeout: 15_000 },
	fullyParallel: false,
	workers: 1,
	// A retry would meet an already warmed server and hide a first-load failure.
	retries: 0,
	reporter: [['list']],
	use: {
		baseURL: `http://127.0.0.1:${PORT}`,
		trace: 'retain-on-failure',
		screenshot: 'only-on-failure',
	},
	projects: [chromiumProject('dev-server')],
	webServer: {
		command: `rm -rf ${DATA_DIR} node_modules/.vite && mkdir -p tests/.tmp && npm run dev 2>&1 | tee ${SERVER_LOG}`,
		url: `http://127.0.0.1:${PORT}/healthz`,
		timeout: 240_000,
		// Always a fresh server: reusing one would skip the first optimize this project is about.
		reuseExistingServer: false,
		stdout: 'pipe',
		stderr: 'pipe',
		env: {
			NODE_ENV: 'development',
			PORT: String(PORT),
			HMR_PORT: String(HMR_PORT),
			EMBEDDED_PG_PORT: String(PG_PORT),
			DATA_DIR,
			DEMO_MODE: 'true',
			DATABASE_URL: '',
			LOG_LEVEL: 'warn',
			// Generous: every test signs in from 127.0.0.1.
			LOGIN_IP_MAX_FAILURES: '500',
		},
	},
})
