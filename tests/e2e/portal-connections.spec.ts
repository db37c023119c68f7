/**
 * Patient-portal connections (issue 40) against the test portal `npm start` runs beside the
 * e2e server outside production (tests/support/portal-server.ts: oidc-provider's real sign-in
 * and consent pages, a FHIR R4 endpoint over the Synthea bundles).
 */
import type { Page } from '@playwright/test'
import { PORTAL_MESSAGES } from '#server/portals/shared/messages.ts'
import { waitForHydration } from './documents.ts'
import { expect, test } from './fixtures.ts'

async function signInAtPortal(page: Page, login: string) {
	// the portal's own pages (another origin)
	await expect(page.getByRole('heading', { name: 'Sign-in' })).toBeVisible()
	await page.getByPlaceholder('Enter any login').fill(login)
	await page.getByPlaceholder('and password').fill('any password')
	await page.getByRole('button', { name: 'Sign-in' }).click()
	await expect(page.getByRole('heading', { name: 'Authorize' })).toBeVisible()
	await page.getByRole('button', { name: 'Continue' }).click()
}

test('connect the test portal, see the sync and the records, sync again adding nothing, disconnect', async ({ page, login }) => {
	test.setTimeout(150_000)
	// the browser goes to Carebook and the portal, both on this machine, and nowhere else
	const outside: string[] = []
	await page.context().route(
		(url) => !['localhost', '127.0.0.1', '[::1]'].includes(url.hostname),
		async (route) => {
			outside.push(route.request().url())
			await route.abort()
		},
	)
	await login({ name: 'Clint Champlin' })
	await page.goto('/records')
	await page.getByRole('link', { name: 'Portal connections' }).click()
	await expect(page.getByRole('heading', { name: 'Portal connections' })).toBeVisible()
	await expect(page.getByText('No portal is connected yet.')).toBeVisible()
	await waitForHydration(page)
	await page.getByRole('button', { name: 'Connect Test portal' }).click()

	await signInAtPortal(page, 'clint')

	// back at Carebook: connected, the sync runs and shows its progress
	await expect(page).toHaveURL(/\/connections$/)
	await expect(page.getByText(PORTAL_MESSAGES.connected('Test portal'))).toBeVisible()
	const card = page.getByTestId('portal-connection')
	await expect(card.getByRole('heading', { name: 'Test portal' })).toBeVisible()
	// the sync is under way (the portal's one 429 asks it to wait a second): its progress shows, live
	await expect(card.getByTestId('sync-progress')).toBeVisible()
	await expect(card.getByText(/Last sync: \d+ new, 0 updated, 0 unchanged/)).toBeVisible({ timeout: 60_000 })
	await expect(card.getByText('Connected', { exact: true })).toBeVisible()
	await expect(card.getByText('Results and vital signs')).toBeVisible()

	// the records, medications and trends, once the worker has read them (a loaded machine takes longer than one expect)
	await expect(async () => {
		await page.goto('/records')
		await expect(page.getByText('FHIR health record').first()).toBeVisible({ timeout: 2_000 })
	}).toPass({ timeout: 60_000 })
	await expect
		.poll(
			async () => {
				await page.goto('/medications')
				return page.getByText('Simvistatin 10 MG').count()
			},
			{ timeout: 60_000, intervals: [1000, 2000] },
		)
		.toBeGreaterThan(0)
	await page.goto('/trends?range=all')
	// the Synthea patient's latest blood pressure and cholesterol (2020)
	await expect(page.getByTestId('metric-card-blood-pressure').getByTestId('metric-value')).toContainText('129/79')
	await expect(page.getByTestId('metric-card-cholesterol').getByTestId('metric-value')).toContainText('168')

	// a second sync adds nothing
	await page.goto('/connections')
	const recordsBefore = await card.getByTestId('connection-records').textContent()
	await waitForHydration(page)
	await card.getByRole('button', { name: 'Sync now' }).click()
	await expect(page.getByText(PORTAL_MESSAGES.syncQueued)).toBeVisible()
	await expect(card.getByText(/Last sync: 0 new, 0 updated, \d+ unchanged/)).toBeVisible({ timeout: 60_000 })
	await expect(card.getByTestId('connection-records')).toHaveText(recordsBefore!)

	// disconnect, keeping the records
	await card.getByRole('link', { name: 'Disconnect' }).click()
	await expect(page.getByRole('alertdialog')).toContainText('Disconnect Test portal?')
	await page.getByLabel('Keep the records in Carebook').check()
	await page.getByRole('alertdialog').getByRole('button', { name: 'Disconnect' }).click()
	await expect(page.getByText(PORTAL_MESSAGES.disconnected('Test portal'))).toBeVisible()
	await expect(page.getByText('No portal is connected yet.')).toBeVisible()
	await page.goto('/records')
	await expect(page.getByText('FHIR health record').first()).toBeVisible()
	expect(outside).toEqual([])
})

test('a callback with a state this session did not start goes back to Connections with a message, not an error page', async ({ page, login }) => {
	await login()
	const response = await page.goto('/connections/callback?code=stolen-code&state=not-ours')
	expect(response?.status()).toBe(200)
	await expect(page).toHaveURL(/\/connections$/)
	await expect(page.getByText(PORTAL_MESSAGES.signInExpired)).toBeVisible()
	await expect(page.getByText('No portal is connected yet.')).toBeVisible()
})

test('a typed address in a private network is refused with a message', async ({ page, login }) => {
	await login()
	await page.goto('/connections')
	await waitForHydration(page)
	await page.getByLabel('Or enter your portal’s FHIR address').fill('https://10.0.0.1/fhir/r4')
	await page.getByRole('button', { name: 'Connect', exact: true }).last().click()
	await expect(page.getByText(PORTAL_MESSAGES.privateAddress)).toBeVisible()
	await expect(page.getByText('No portal is connected yet.')).toBeVisible()
})
