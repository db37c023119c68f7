/** The admin portal's 'Portal connections' page (issue 40, point 1): Carebook's registrations with portals. */
import { connect } from '#db/client.ts'
import { portalClients, portalEndpoints } from '#db/schema/platform.ts'
import { eq } from 'drizzle-orm'
import { PORTAL_ADMIN_MESSAGES } from '#server/portals/admin-settings.ts'
import { waitForHydration } from './documents.ts'
import { BASE_URL, createAdmin, createPatient, expect, signInAs, signInAsAdmin, test } from './fixtures.ts'

const SECRET = 'epic-secret-do-not-show-9f8e7d'

// One after the other: the clean-up after each test removes the registration and provider the first one makes.
test.describe.configure({ mode: 'serial' })

test.afterEach(async () => {
	const { db, sql } = connect(process.env.DATABASE_URL!, { max: 1 })
	try {
		await db.delete(portalClients).where(eq(portalClients.key, 'platform:oracle'))
		await db.delete(portalEndpoints).where(eq(portalEndpoints.name, 'Riverside Health E2E'))
	} finally {
		await sql.end()
	}
})

test('a superadmin registers Carebook with a platform, adds a provider, and rotates the signing key', async ({ page, browser }) => {
	const superadmin = await createAdmin('superadmin')
	await signInAsAdmin(page, superadmin)
	await page.goto('/admin')
	await page.getByRole('navigation', { name: 'Admin navigation' }).getByRole('link', { name: 'Portal connections' }).click()
	await expect(page.getByRole('heading', { name: 'Portal connections' })).toBeVisible()
	await expect(page.getByTestId('redirect-uri')).toHaveText(`${BASE_URL}/connections/callback`)
	await expect(page.getByTestId('jwks-url')).toHaveText(`${BASE_URL}/.well-known/jwks.json`)
	await waitForHydration(page)

	// a client secret method without a secret is refused and nothing is saved
	await page.getByLabel('Endpoint or platform').selectOption('platform:oracle')
	await page.getByLabel('Client id').fill('oracle-client-123')
	await page.getByLabel('Authentication').selectOption('client_secret_basic')
	await page.getByRole('button', { name: 'Save registration' }).click()
	await expect(page.getByText(PORTAL_ADMIN_MESSAGES.secretRequired)).toBeVisible()

	await page.getByLabel(/Client secret/).fill(SECRET)
	await page.getByRole('button', { name: 'Save registration' }).click()
	await expect(page.getByText(PORTAL_ADMIN_MESSAGES.saved)).toBeVisible()
	const oracleRow = page.getByTestId('portal-registration').filter({ hasText: 'platform:oracle' })
	await expect(oracleRow).toContainText('oracle-client-123')
	await expect(oracleRow).toContainText('(secret stored)')
	await expect(oracleRow).toContainText('Set here')
	expect(await page.content()).not.toContain(SECRET)

	// a provider for this deployment, shown to patients on Connect
	await page.getByLabel('Provider name').fill('Riverside Health E2E')
	await page.getByLabel('FHIR base URL').fill('http://fhir.riverside.example/r4')
	await page.getByRole('button', { name: 'Add provider' }).click()
	await expect(page.getByText(PORTAL_ADMIN_MESSAGES.badEndpoint)).toBeVisible()
	await page.getByLabel('FHIR base URL').fill('https://fhir.riverside.example/r4')
	await page.getByRole('button', { name: 'Add provider' }).click()
	await expect(page.getByText(PORTAL_ADMIN_MESSAGES.endpointAdded)).toBeVisible()
	await expect(page.getByTestId('deployment-endpoint')).toContainText('Riverside Health E2E')

	const patientContext = await browser.newContext()
	const patientPage = await patientContext.newPage()
	const patient = await createPatient()
	await signInAs(patientPage, patient)
	await patientPage.goto('/connections')
	await expect(patientPage.getByTestId('portal-endpoint').filter({ hasText: 'Riverside Health E2E' })).toContainText('Not set up on this server yet.')
	await patientContext.close()

	// the JWKS URL serves the signing key; a rotation keeps the retired one in the set
	await page.getByRole('button', { name: /signing key/ }).click()
	await expect(page.getByTestId('signing-key').first()).toContainText('Signing')
	const keysBefore = await page.getByTestId('signing-key').count()
	await page.getByRole('button', { name: 'Rotate signing key' }).click()
	await expect(page.getByTestId('signing-key')).toHaveCount(keysBefore + 1)
	await expect(page.getByTestId('signing-key').first()).toContainText('Signing')
	await expect(page.getByTestId('signing-key').nth(1)).toContainText('Retired')
	const jwks = (await (await page.request.get('/.well-known/jwks.json')).json()) as { keys: { kid: string; alg: string; d?: string }[] }
	expect(jwks.keys.length).toBeGreaterThanOrEqual(2)
	expect(jwks.keys.every((key) => key.alg === 'RS384' && key.d === undefined)).toBe(true)
})

test('an admin who is not the superadmin cannot open the page', async ({ page }) => {
	const admin = await createAdmin('admin')
	await signInAsAdmin(page, admin)
	await page.goto('/admin/portal-connections')
	await expect(page).toHaveURL(/\/unauthorized/)
})
