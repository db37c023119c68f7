import { readFileSync, readdirSync } from 'node:fs'
import path from 'node:path'
import type { Locator, Page } from '@playwright/test'
import { CLIENT_PACKAGES } from '../../vite.config.ts'
import { BASE_URL, createPatient, expect, test } from '../e2e/fixtures.ts'

// Against `npm run dev` (playwright.dev.config.ts): a fresh data folder and a fresh
// node_modules/.vite, so these tests meet the first dependency pre-bundling. One worker, file
// order: the flow below gets the server's first pages.

const FIXTURES = path.resolve('../shared/fixtures/documents')

/** Everything that shows the browser's scripts did not load or run. */
function watchForScriptProblems(page: Page) {
	const origin = new URL(BASE_URL).origin
	const problems: string[] = []
	const pathOf = (url: string) => url.replace(origin, '')
	page.on('requestfailed', (request) => {
		const failure = request.failure()?.errorText ?? 'failed'
		// A data fetch or prefetch (`<link rel=prefetch>`, type 'other') cut short by a navigation
		// is normal; a module that does not load is not.
		if (failure === 'net::ERR_ABORTED' && ['fetch', 'xhr', 'other'].includes(request.resourceType())) return
		problems.push(`${request.resourceType()} ${pathOf(request.url())}: ${failure}`)
	})
	page.on('response', (response) => {
		const type = response.request().resourceType()
		if (response.status() >= 400 && response.url().startsWith(origin) && (type === 'script' || type === 'stylesheet')) {
			problems.push(`${type} ${pathOf(response.url())}: ${response.status()} ${response.statusText()}`)
		}
	})
	page.on('console', (message) => {
		if (message.type() === 'error') problems.push(`console error: ${message.text()}`)
	})
	page.on('pageerror', (error) => problems.push(`page error: ${error.message}`))
	return { take: () => problems.splice(0) }
}

/** Waits until React has taken over this server-rendered element (it then carries React's props). */
async function waitForHydration(element: Locator) {
	await expect
		.poll(() => element.evaluate((node) => Object.keys(node).some((key) => key.startsWith('__reactProps$'))), {
			message: 'the page was rendered on the server but its scripts never took it over',
			timeout: 30_000,
		})
		.toBe(true)
}

test('with its scripts running, the dev server signs in, opens the avatar menu, uploads to processed and opens a dialog', async ({ page }) => {
	const problems = watchForScriptProblems(page)
	const patient = await createPatient({ name: 'Devon Vitest' })

	await page.goto('/login')
	await page.waitForLoadState('networkidle')
	expect(problems.take(), 'loading the sign-in page').toEqual([])
	const signIn = page.getByRole('button', { name: 'Sign in' })
	await waitForHydration(signIn)

	await page.getByLabel('Email').fill(patient.email)
	await page.getByLabel('Password').fill(patient.password)
	await signIn.click()
	await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible()
	await page.waitForLoadState('networkidle')
	expect(problems.take(), 'loading the dashboard').toEqual([])
	const avatar = page.getByRole('button', { name: 'Open user menu' })
	await waitForHydration(avatar)

	await avatar.click()
	const menu = page.getByRole('menu')
	await expect(menu).toContainText(patient.name)
	await expect(menu).toContainText(patient.email)
	await page.keyboard.press('Escape')
	await expect(menu).toBeHidden()

	// A client-side navigation: the upload route's modules load now, after the first page.
	await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Upload Documents' }).click()
	await expect(page).toHaveURL('/upload')
	await page.getByTestId('file-input').setInputFiles(path.join(FIXTURES, 'lab/bluewater_final_report.pdf'))
	await expect(page.getByRole('list', { name: 'Selected files' }).getByRole('listitem')).toHaveCount(1)
	const upload = page.getByRole('button', { name: 'Upload 1 file' })
	await expect(upload).toBeEnabled()
	await upload.click()
	await expect(page.getByRole('heading', { name: 'Upload Complete!' })).toBeVisible()
	await expect(page.getByTestId('upload-status')).toHaveText('Processed', { timeout: 60_000 })
	await expect(page.getByTestId('upload-result')).toContainText('Bluewater Diagnostics')

	await page.getByRole('link', { name: 'View All Records' }).click()
	await expect(page).toHaveURL('/records')
	await page
		.getByRole('link', { name: /Bluewater/ })
		.first()
		.click()
	await expect(page).toHaveURL(/\/records\/[0-9a-f-]{36}$/)
	const documentUrl = page.url()

	// the page's own Delete (the fixture names another patient, so 'Is this you?' offers a Delete too)
	await page.getByRole('button', { name: 'Delete', exact: true }).first().click()
	const dialog = page.getByRole('dialog', { name: 'Delete this document?' })
	await expect(dialog).toBeVisible()
	await dialog.getByRole('button', { name: 'Keep document' }).click()
	await expect(dialog).toBeHidden()
	// Without scripts the button would have loaded the in-page fallback (?confirm=delete).
	expect(page.url()).toBe(documentUrl)
	await expect(page.getByRole('button', { name: 'Delete', exact: true }).first()).toBeVisible()

	await page.waitForLoadState('networkidle')
	expect(problems.take(), 'the rest of the flow').toEqual([])
})

// Packages the Remix plugin pre-bundles on its own (@remix-run/dev, vite/plugin: optimizeDeps.include).
const REMIX_PREBUNDLED = ['react', 'react/jsx-runtime', 'react/jsx-dev-runtime', 'react-dom/client', '@remix-run/react']

/** The file name Vite gives a pre-bundled package (its flattenId). */
function prebundledFileName(packageName: string) {
	return `${packageName.replace(/[/:]/g, '_').replace(/\./g, '__')}.js`
}

/** Module specifiers of one of the app's modules as the dev server serves it (Vite writes them as quoted strings). */
function importsOf(code: string) {
	const pattern = /\bimport\s*\(\s*["']([^"']+)["']\s*\)|\b(?:import|export)\s[^"'`;]*?\bfrom\s*["']([^"']+)["']|\bimport\s*["']([^"']+)["']/g
	return [...code.matchAll(pattern)].map((match) => (match[1] ?? match[2] ?? match[3])!)
}

test('every route module and all it imports load, each package from the first pre-bundle', async ({ request }) => {
	const routeModules = readdirSync('app/routes', { recursive: true, encoding: 'utf8' })
		.filter((file) => file.endsWith('.tsx') && !file.includes('.test.'))
		.map((file) => `/app/routes/${file.split(path.sep).join('/')}`)
	const queue = ['/app/entry.client.tsx', '/app/root.tsx', ...routeModules]
	const seen = new Set<string>()
	const failures: string[] = []
	const prebundled = new Set([...REMIX_PREBUNDLED, ...CLIENT_PACKAGES].map(prebundledFileName))

	while (queue.length) {
		const url = queue.shift()!
		if (seen.has(url)) continue
		seen.add(url)
		const response = await request.get(url)
		if (!response.ok()) {
			failures.push(`${url}: ${response.status()} ${response.statusText()}`)
			continue
		}
		// The app's own modules are followed; packages, Vite's client and Remix's virtual modules are only loaded.
		if (!/^\/(app|server|db)\//.test(url)) continue
		for (const specifier of importsOf(await response.text())) {
			const target = new URL(specifier, `${BASE_URL}${url}`)
			const targetUrl = `${target.pathname}${target.search}`
			if (target.pathname.startsWith('/node_modules/')) {
				const fileName = path.posix.basename(target.pathname)
				if (!target.pathname.startsWith('/node_modules/.vite/deps/')) {
					failures.push(`${url} imports ${target.pathname} without pre-bundling: add its package to CLIENT_PACKAGES in vite.config.ts`)
				} else if (!fileName.startsWith('chunk-') && !prebundled.has(fileName)) {
					failures.push(`${url} imports ${fileName}, bundled only when a page needed it: add its package to CLIENT_PACKAGES in vite.config.ts`)
				}
			}
			queue.push(targetUrl)
		}
	}

	expect(failures).toEqual([])
	// The walk did reach the app's modules and its packages.
	expect(seen.size).toBeGreaterThan(routeModules.length + 20)
	expect([...seen].some((url) => url.startsWith('/node_modules/.vite/deps/@tanstack_react-query.js'))).toBe(true)
})

test('the dev server bundles the browser packages once, and never re-bundles for server-only packages', () => {
	// Runs last: by now the pages above were rendered on the server and loaded in the browser.
	const log = readFileSync(process.env.E2E_DEV_SERVER_LOG!, 'utf8')
	expect(log).toContain('database ready')
	const rebundling = log.split('\n').filter((line) => /error while updating dependencies|new dependencies optimized|optimized dependencies changed/.test(line))
	expect(rebundling, 'Vite re-bundled after the first pages: see the dev server log').toEqual([])
})

test('a newcomer sees a portal connection work: the demo patient connects the test portal npm run dev starts', async ({ page }) => {
	const { DEMO_ACCOUNTS } = await import('#db/demo-accounts.ts')
	await page.goto('/login')
	const signIn = page.getByRole('button', { name: 'Sign in' })
	await waitForHydration(signIn)
	await page.getByLabel('Email').fill(DEMO_ACCOUNTS.patient.email)
	await page.getByLabel('Password').fill(DEMO_ACCOUNTS.patient.password)
	await signIn.click()
	await expect(page).toHaveURL(/\/$/)
	await page.goto('/connections')
	const connect = page.getByRole('button', { name: 'Connect Test portal' })
	await waitForHydration(connect)
	await connect.click()
	// the test portal's own sign-in and consent pages (oidc-provider)
	await page.getByPlaceholder('Enter any login').fill('demo')
	await page.getByPlaceholder('and password').fill('any password')
	await page.getByRole('button', { name: 'Sign-in' }).click()
	await page.getByRole('button', { name: 'Continue' }).click()
	await expect(page).toHaveURL(/\/connections$/)
	const card = page.getByTestId('portal-connection')
	await expect(card.getByRole('heading', { name: 'Test portal' })).toBeVisible()
	await expect(card.getByText(/Last sync: \d+ new/)).toBeVisible({ timeout: 60_000 })
})
