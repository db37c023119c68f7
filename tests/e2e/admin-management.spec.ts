import { eq } from 'drizzle-orm'
import { connect } from '#db/client.ts'
import { invoices, organizations, subscriptions, users } from '#db/schema/platform.ts'
import { createAdmin, createPatient, deleteTestData, emailsTo, expect, signInAsAdmin, test, uniqueEmail } from './fixtures.ts'

/** Organizations and users a test made through the admin screens, removed (schema dropped) after it. */
const madeHere = { organizationNames: new Set<string>(), userEmails: new Set<string>() }

test.afterEach(async () => {
	const { db, sql } = connect(process.env.DATABASE_URL!, { max: 1 })
	try {
		const organizationIds: string[] = []
		for (const name of madeHere.organizationNames) {
			organizationIds.push(...(await db.select({ id: organizations.id }).from(organizations).where(eq(organizations.name, name))).map((row) => row.id))
		}
		const userIds: string[] = []
		for (const email of madeHere.userEmails) {
			userIds.push(...(await db.select({ id: users.id }).from(users).where(eq(users.email, email))).map((row) => row.id))
		}
		await deleteTestData(userIds, organizationIds)
	} finally {
		await sql.end()
		madeHere.organizationNames.clear()
		madeHere.userEmails.clear()
	}
})

async function createOrganizationOnScreen(page: import('@playwright/test').Page, name: string) {
	madeHere.organizationNames.add(name)
	await page.goto('/admin/tenants/create')
	await page.getByLabel('Organization name').fill(name)
	await page.getByLabel('Domain').fill('clinic.example')
	await page.getByLabel('Plan').selectOption('professional')
	await page.getByRole('button', { name: 'Create Organization' }).click()
	await expect(page.getByRole('heading', { name })).toBeVisible()
	await expect(page.getByText('Organization created')).toBeVisible()
	return page.url().split('/').pop()!
}

test('an admin creates an organization and a user in it; the user signs in; deactivated, the user is refused', async ({ page, browser }) => {
	const admin = await createAdmin('admin')
	await signInAsAdmin(page, admin)
	const name = `Harbor Clinic ${Date.now()}`
	await createOrganizationOnScreen(page, name)
	await page.getByRole('link', { name: 'Manage Users' }).first().click()
	await page.getByRole('link', { name: 'Add User' }).click()

	const email = uniqueEmail('member')
	madeHere.userEmails.add(email)
	await page.getByLabel('Name').fill('Nora Member')
	await page.getByLabel('Email').fill(email)
	await expect(page.getByLabel('Organization', { exact: true })).toHaveValue(/.+/)
	await page.getByLabel('Organization role').selectOption('manager')
	await page.getByLabel('Password').fill('Member-pass-2026')
	await page.getByRole('button', { name: 'Create User' }).click()
	await expect(page.getByText('User created')).toBeVisible()
	await expect(page.getByText(`${name} (Manager)`)).toBeVisible()

	const patientContext = await browser.newContext()
	const patientPage = await patientContext.newPage()
	await patientPage.goto('/login')
	await patientPage.getByLabel('Email').fill(email)
	await patientPage.getByLabel('Password').fill('Member-pass-2026')
	await patientPage.getByRole('button', { name: 'Sign in' }).click()
	await expect(patientPage).toHaveURL('/')

	// the list finds the user by search and deactivates them
	await page.goto(`/admin/users?q=${encodeURIComponent(email)}`)
	const row = page.getByTestId('user-row').filter({ hasText: email })
	await expect(row).toContainText(name)
	await row.getByRole('button', { name: 'Deactivate' }).click()
	await expect(page.getByText('User status has been updated to Inactive.')).toBeVisible()
	await expect(row).toContainText('Inactive')

	// the open session ended, and signing in again is refused
	await patientPage.goto('/records')
	await expect(patientPage).toHaveURL(/\/login/)
	await patientPage.getByLabel('Email').fill(email)
	await patientPage.getByLabel('Password').fill('Member-pass-2026')
	await patientPage.getByRole('button', { name: 'Sign in' }).click()
	await expect(patientPage.getByRole('alert')).toBeVisible()
	await expect(patientPage).toHaveURL(/\/login/)
	await patientContext.close()
})

test('an admin processes a past-due payment', async ({ page }) => {
	const admin = await createAdmin('admin')
	await signInAsAdmin(page, admin)
	const name = `Late Payers ${Date.now()}`
	const organizationId = await createOrganizationOnScreen(page, name)
	// what billing's renewal leaves when the built-in provider cannot collect: an open invoice, the subscription past due
	const { db, sql } = connect(process.env.DATABASE_URL!, { max: 1 })
	try {
		const now = new Date()
		const [subscription] = await db
			.update(subscriptions)
			.set({ status: 'past_due', pastDueSince: now })
			.where(eq(subscriptions.organizationId, organizationId))
			.returning()
		await db.insert(invoices).values({
			subscriptionId: subscription!.id,
			organizationId,
			plan: subscription!.plan,
			amountCents: subscription!.amountCents,
			periodStart: now,
			periodEnd: new Date(now.getTime() + 30 * 86_400_000),
			dueAt: now,
		})
	} finally {
		await sql.end()
	}
	await page.goto(`/admin/subscriptions?q=${encodeURIComponent(name)}&status=past_due`)
	const row = page.getByTestId('subscription-row').filter({ hasText: name })
	await expect(row).toContainText('Overdue')
	// asked first on the subscription's page (issue 39)
	await row.getByRole('link', { name: 'Process Payment' }).click()
	await page.getByRole('alertdialog').getByRole('button', { name: 'Record payment' }).click()
	await expect(page.getByText('Payment processed')).toBeVisible()
	await expect(page.getByText('$299.99 recorded for 1 invoice. The subscription is active.')).toBeVisible()
	await page.goto(`/admin/subscriptions?q=${encodeURIComponent(name)}&status=past_due`)
	await expect(page.getByText('No subscriptions found matching your filters.')).toBeVisible()
	await page.goto(`/admin/subscriptions?q=${encodeURIComponent(name)}`)
	await expect(row).toContainText('Active')
	await row.getByRole('link', { name: 'Edit Subscription' }).click()
	await expect(page.getByTestId('invoice-row')).toHaveCount(1)
	await expect(page.getByTestId('invoice-row')).toContainText('$299.99')
	await expect(page.getByTestId('invoice-row')).toContainText('Paid')
	await expect(page.getByTestId('invoice-row')).toContainText('$299.99 Bank transfer')
})

test("an admin sends a user a password reset e-mail from the user's page; the link sets a new password", async ({ page, browser }) => {
	const admin = await createAdmin('admin')
	const member = await createPatient()
	await signInAsAdmin(page, admin)
	await page.goto(`/admin/users/${member.id}`)
	await page.getByRole('button', { name: 'Reset password by e-mail' }).click()
	await expect(page.getByText('Password reset e-mail sent')).toBeVisible()
	await expect.poll(async () => (await emailsTo(member.email))[0]?.status, { timeout: 20_000 }).toBe('sent')

	const memberContext = await browser.newContext()
	const memberPage = await memberContext.newPage()
	await memberPage.goto('/dev/mailbox')
	await memberPage
		.getByRole('listitem')
		.filter({ hasText: `to ${member.email}` })
		.getByRole('link', { name: 'Reset your Carebook password' })
		.click()
	const href = (await memberPage
		.getByTestId('mailbox-text')
		.getByRole('link', { name: /\/reset-password\?token=/ })
		.getAttribute('href'))!
	await memberPage.goto(href)
	await memberPage.getByLabel('New Password', { exact: true }).fill('Harbor-lights-2031')
	await memberPage.getByLabel('Confirm New Password').fill('Harbor-lights-2031')
	await memberPage.getByRole('button', { name: 'Reset password' }).click()
	await expect(memberPage.getByText('Password reset', { exact: true })).toBeVisible()
	await memberPage.getByLabel('Email').fill(member.email)
	await memberPage.getByLabel('Password').fill('Harbor-lights-2031')
	await memberPage.getByRole('button', { name: 'Sign in' }).click()
	await expect(memberPage).toHaveURL('/')
	await memberContext.close()
})

test('an organization that requires two-factor sign-in refuses a member without it, with the reason', async ({ page, browser }) => {
	const admin = await createAdmin('admin')
	const member = await createPatient()
	await signInAsAdmin(page, admin)
	await page.goto(`/admin/tenants/${member.organizationId}/security`)
	await expect(page.getByTestId('members-without-two-factor')).toHaveText('1 member has not set up two-factor authentication.')
	await page.getByLabel('Require two-factor sign-in for members').check()
	await page.getByRole('button', { name: 'Save Security Settings' }).click()
	await expect(page.getByLabel('Require two-factor sign-in for members')).toBeChecked()

	const memberContext = await browser.newContext()
	const memberPage = await memberContext.newPage()
	await memberPage.goto('/login')
	await memberPage.getByLabel('Email').fill(member.email)
	await memberPage.getByLabel('Password').fill(member.password)
	await memberPage.getByRole('button', { name: 'Sign in' }).click()
	await expect(
		memberPage.getByText('Your organization requires two-factor authentication, which is not set up on this account.', { exact: false }),
	).toBeVisible()
	await expect(memberPage).toHaveURL(/\/login/)
	await memberContext.close()
})

test('the users list paginates, sorts and filters through the URL', async ({ page }) => {
	const admin = await createAdmin('admin')
	await signInAsAdmin(page, admin)
	await page.goto('/admin/users?status=pending&q=zz-no-such-user')
	await expect(page.getByText('No users found matching your filters.')).toBeVisible()
	await expect(page.getByTestId('page-summary')).toHaveText('Showing 0 of 0 users')
	await page.goto('/admin/users')
	await page.getByRole('link', { name: /^Email/ }).click()
	await expect(page).toHaveURL(/sort=email&dir=asc/)
	await page.getByRole('link', { name: /^Email/ }).click()
	await expect(page).toHaveURL(/sort=email&dir=desc/)
	await expect(page.getByRole('columnheader', { name: /Email/ })).toHaveAttribute('aria-sort', 'descending')
})

test('the dashboard shows real figures; a superadmin opens System Health, a plain admin cannot', async ({ page }) => {
	const superadmin = await createAdmin('superadmin')
	await signInAsAdmin(page, superadmin)
	await page.goto('/admin')
	await expect(page.getByTestId('total-users')).toHaveText(/^\d+$/)
	await expect(page.getByText('API calls today')).toBeVisible()
	await page.getByRole('link', { name: 'System Health' }).last().click()
	await expect(page.getByRole('heading', { name: 'System Health' })).toBeVisible()
	await expect(page.getByTestId('database-reachable')).toHaveText('Reachable')
	await expect(page.getByTestId('worker-status')).toBeVisible()

	const admin = await createAdmin('admin')
	await page.context().clearCookies()
	await signInAsAdmin(page, admin)
	await page.goto('/admin/system')
	await expect(page).toHaveURL('/unauthorized')
})

test("a plain admin sees a superadmin's account but cannot edit, reset, sign out or deactivate it", async ({ page }) => {
	const admin = await createAdmin('admin')
	const superadmin = await createAdmin('superadmin')
	await signInAsAdmin(page, admin)
	await page.goto(`/admin/users/${superadmin.id}`)
	await expect(page.getByRole('note')).toHaveText("Only a superadmin can change an administrator's account.")
	await expect(page.getByRole('heading', { name: 'Edit user' })).toHaveCount(0)
	await expect(page.getByRole('button', { name: 'Reset password by e-mail' })).toHaveCount(0)
	await expect(page.getByRole('button', { name: 'Deactivate' })).toHaveCount(0)
	await expect(page.getByRole('button', { name: 'Sign out all sessions' })).toHaveCount(0)
	await page.goto(`/admin/users?q=${encodeURIComponent(superadmin.email)}`)
	await expect(page.getByRole('row').filter({ hasText: superadmin.email })).toBeVisible()
	await expect(page.getByRole('row').filter({ hasText: superadmin.email }).getByRole('button', { name: 'Deactivate' })).toHaveCount(0)
})
