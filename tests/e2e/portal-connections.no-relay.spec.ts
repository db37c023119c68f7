/**
 * A production-mode server (the 'production-without-relay' project, NODE_ENV=production):
 * a portal address over http is refused, loopback or not (issue 40, point 5).
 */
import { PORTAL_MESSAGES } from '#server/portals/shared/messages.ts'
import { waitForHydration } from './documents.ts'
import { createPatient, expect, signInAs, test } from './fixtures.ts'

test('http portal addresses are refused in production, even to this machine', async ({ page }) => {
	const patient = await createPatient()
	await signInAs(page, patient)
	await page.goto('/connections')
	await waitForHydration(page)
	for (const address of ['http://127.0.0.1:9/fhir', 'http://fhir.example.org/r4']) {
		await page.getByLabel('Or enter your portal’s FHIR address').fill(address)
		await page.getByRole('button', { name: 'Connect', exact: true }).last().click()
		await expect(page.getByText(PORTAL_MESSAGES.notHttps)).toBeVisible()
	}
	// the test portal is not offered in production
	await expect(page.getByText('Test portal')).toHaveCount(0)
	await expect(page.getByText('No portal is connected yet.')).toBeVisible()
})
