import { createAdmin, createPatient, expect, signInAsAdmin, test } from './fixtures.ts'

test('a signed-in patient visiting /admin is sent to the admin login', async ({ page, login }) => {
	await login()
	await page.goto('/admin')
	await expect(page).toHaveURL(/\/admin\/login/)
	await expect(page.getByText('This portal is restricted to authorized administrators.')).toBeVisible()
})

test('a patient account cannot sign in at the admin portal', async ({ page }) => {
	const patient = await createPatient()
	await page.goto('/admin/login')
	await page.getByLabel('Email').fill(patient.email)
	await page.getByLabel('Password').fill(patient.password)
	await page.getByRole('button', { name: 'Sign in' }).click()
	await expect(page.getByRole('alert')).toHaveText('Invalid email or password')
	await expect(page).toHaveURL('/admin/login')
})

test('a superadmin signs in, sees System Health, and logs out', async ({ page }) => {
	const superadmin = await createAdmin('superadmin', 'Quinn Super')
	await page.goto('/admin/login')
	await page.getByLabel('Email').fill(superadmin.email)
	await page.getByLabel('Password').fill(superadmin.password)
	await expect(page.getByLabel('Password')).toHaveAttribute('type', 'password')
	await page.getByRole('button', { name: 'Show' }).click()
	await expect(page.getByLabel('Password')).toHaveAttribute('type', 'text')
	await page.getByRole('button', { name: 'Sign in' }).click()

	await expect(page).toHaveURL('/admin')
	const nav = page.getByRole('navigation', { name: 'Admin navigation' })
	await expect(nav.getByRole('link', { name: 'System Health' })).toBeVisible()
	await expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page')
	await expect(page.getByTestId('admin-name').first()).toHaveText('Quinn Super')

	await page.getByRole('button', { name: 'Logout' }).first().click()
	await expect(page).toHaveURL('/admin/login')
	await page.goto('/admin')
	await expect(page).toHaveURL(/\/admin\/login/)
})

test('a plain admin does not see System Health and is named by e-mail without a name', async ({ page }) => {
	const admin = await createAdmin('admin', null)
	await page.goto('/admin/login')
	await page.getByLabel('Email').fill(admin.email)
	await page.getByLabel('Password').fill(admin.password)
	await page.getByRole('button', { name: 'Sign in' }).click()
	await expect(page).toHaveURL('/admin')
	const nav = page.getByRole('navigation', { name: 'Admin navigation' })
	await expect(nav.getByRole('link', { name: 'Users' })).toBeVisible()
	await expect(nav.getByRole('link', { name: 'System Health' })).toHaveCount(0)
	await expect(page.getByTestId('admin-name').first()).toHaveText(admin.email)
})

test('the admin login shows the spec text for a wrong password', async ({ page }) => {
	const admin = await createAdmin('admin')
	await page.goto('/admin/login')
	await page.getByLabel('Email').fill(admin.email)
	await page.getByLabel('Password').fill('not-the-password')
	await page.getByRole('button', { name: 'Sign in' }).click()
	await expect(page.getByRole('alert')).toHaveText('Invalid email or password')
})

test('an admin session is not a patient session', async ({ page }) => {
	const admin = await createAdmin('superadmin')
	await page.goto('/admin/login')
	await page.getByLabel('Email').fill(admin.email)
	await page.getByLabel('Password').fill(admin.password)
	await page.getByRole('button', { name: 'Sign in' }).click()
	await expect(page).toHaveURL('/admin')
	await page.goto('/')
	await expect(page).toHaveURL('/login')
})

test('System Health is the superadmin’s: a plain admin is sent to /unauthorized', async ({ page }) => {
	const admin = await createAdmin('admin')
	await signInAsAdmin(page, admin)
	await page.goto('/admin/system')
	await expect(page).toHaveURL('/unauthorized')
	await expect(page.getByRole('heading', { name: 'Unauthorized' })).toBeVisible()

	const superadmin = await createAdmin('superadmin')
	await page.context().clearCookies()
	await signInAsAdmin(page, superadmin)
	await page.goto('/admin/system')
	await expect(page.getByRole('heading', { name: 'System Health' })).toBeVisible()
	await expect(page.getByTestId('tenant-schemas')).toContainText('organization schemas')
})
