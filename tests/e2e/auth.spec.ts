import { createAdmin, createPatient, expect, test, uniqueEmail } from './fixtures.ts'

test('a new patient registers, lands on the dashboard, signs out and signs in again', async ({ page }) => {
	const email = uniqueEmail('register')
	await page.goto('/register')
	await page.getByLabel('Full Name').fill('Riley Harper')
	await page.getByLabel('Email').fill(email)
	await page.getByLabel('Password', { exact: true }).fill('Correct-horse-9')
	await page.getByLabel('Confirm Password').fill('Correct-horse-9')
	await page.getByRole('button', { name: 'Create account' }).click()

	await expect(page).toHaveURL('/')
	await expect(page.getByRole('heading', { name: 'Dashboard' })).toBeVisible()
	await expect(page.getByTestId('plan-summary')).toHaveText('Basic — trial, 14 days left')

	await page.getByRole('button', { name: 'Open user menu' }).click()
	await expect(page.getByRole('menu')).toContainText('Riley Harper')
	await expect(page.getByRole('menu')).toContainText(email)
	await page.getByRole('menuitem', { name: 'Log out' }).click()
	await expect(page).toHaveURL('/login')

	await page.goto('/')
	await expect(page).toHaveURL('/login')

	await page.getByLabel('Email').fill(email)
	await page.getByLabel('Password').fill('Correct-horse-9')
	await page.getByRole('button', { name: 'Sign in' }).click()
	await expect(page).toHaveURL('/')
	await expect(page.getByText('Welcome, Riley.')).toBeVisible()
})

test('registration explains what is wrong and a taken e-mail', async ({ page }) => {
	const existing = await createPatient()
	await page.goto('/register')
	await page.getByLabel('Full Name').fill('Sam')
	await page.getByLabel('Email').fill(uniqueEmail('mismatch'))
	await page.getByLabel('Password', { exact: true }).fill('Correct-horse-9')
	await page.getByLabel('Confirm Password').fill('Different-horse-9')
	await page.getByRole('button', { name: 'Create account' }).click()
	await expect(page.getByRole('alert')).toHaveText('Passwords do not match')

	await page.getByLabel('Full Name').fill('')
	await page.getByLabel('Confirm Password').fill('Correct-horse-9')
	await page.getByRole('button', { name: 'Create account' }).click()
	await expect(page.getByRole('alert')).toHaveText('Please fill in all fields')

	await page.getByLabel('Full Name').fill('Sam Lee')
	await page.getByLabel('Email').fill(existing.email)
	await page.getByLabel('Password', { exact: true }).fill('Correct-horse-9')
	await page.getByLabel('Confirm Password').fill('Correct-horse-9')
	await page.getByRole('button', { name: 'Create account' }).click()
	await expect(page.getByRole('alert')).toHaveText('Failed to create an account. Please try again.')
	await expect(page).toHaveURL('/register')
})

test('a wrong password shows the spec text and an empty form asks for both fields', async ({ page }) => {
	const patient = await createPatient()
	await page.goto('/login')
	await page.getByRole('button', { name: 'Sign in' }).click()
	await expect(page.getByRole('alert')).toHaveText('Please enter both email and password')

	await page.getByLabel('Email').fill(patient.email)
	await page.getByLabel('Password').fill('wrong-password')
	await page.getByRole('button', { name: 'Sign in' }).click()
	await expect(page.getByRole('alert')).toHaveText('Failed to log in. Please check your credentials.')
	await expect(page).toHaveURL('/login')
})

test.describe('without JavaScript', () => {
	test.use({ javaScriptEnabled: false })

	test('sign-in and registration still work', async ({ page }) => {
		const patient = await createPatient({ name: 'Noa Script' })
		await page.goto('/login')
		await page.getByLabel('Email').fill(patient.email)
		await page.getByLabel('Password').fill('wrong-password')
		await page.getByRole('button', { name: 'Sign in' }).click()
		await expect(page.getByRole('alert')).toHaveText('Failed to log in. Please check your credentials.')

		await page.getByLabel('Email').fill(patient.email)
		await page.getByLabel('Password').fill(patient.password)
		await page.getByRole('button', { name: 'Sign in' }).click()
		await expect(page).toHaveURL('/')
		await expect(page.getByText('Welcome, Noa.')).toBeVisible()
	})

	test('registration shows the mismatch message from the server', async ({ page }) => {
		await page.goto('/register')
		await page.getByLabel('Full Name').fill('Kai')
		await page.getByLabel('Email').fill(uniqueEmail('nojs'))
		await page.getByLabel('Password', { exact: true }).fill('Correct-horse-9')
		await page.getByLabel('Confirm Password').fill('Other-horse-9')
		await page.getByRole('button', { name: 'Create account' }).click()
		await expect(page.getByRole('alert')).toHaveText('Passwords do not match')
	})
})

test('the patient shell has the spec navigation, footer year and menu', async ({ page, login }) => {
	await login({ name: 'Dana Shell' })
	await page.goto('/')
	const nav = page.getByRole('navigation', { name: 'Main navigation' })
	await expect(nav.getByText('Main', { exact: true })).toBeVisible()
	await expect(nav.getByText('Personal', { exact: true })).toBeVisible()
	for (const label of [
		'Dashboard',
		'Medical Records',
		'Appointments',
		'Health Trends',
		'Upload Documents',
		'Share Records',
		'Notifications',
		'Profile',
		'Settings',
	]) {
		await expect(nav.getByRole('link', { name: label })).toBeVisible()
	}
	await expect(page.getByRole('contentinfo')).toContainText(String(new Date().getFullYear()))
})

test('an unknown path shows Page not found with a link home', async ({ page }) => {
	const response = await page.goto('/no-such-page/at-all')
	expect(response?.status()).toBe(404)
	await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible()
	await page.getByRole('link', { name: 'Go back home' }).click()
	await expect(page).toHaveURL(/\/login/)
})

test('an admin account cannot sign in at the patient portal', async ({ page }) => {
	const admin = await createAdmin('admin')
	await page.goto('/login')
	await page.getByLabel('Email').fill(admin.email)
	await page.getByLabel('Password').fill(admin.password)
	await page.getByRole('button', { name: 'Sign in' }).click()
	await expect(page.getByRole('alert')).toHaveText('Failed to log in. Please check your credentials.')
})

test('the sign-in page shows the demo credentials in demo mode', async ({ page }) => {
	await page.goto('/login')
	await expect(page.getByText('Admin Test Credentials')).toBeVisible()
	await expect(page.getByText('superadmin@carebook.demo')).toBeVisible()
})
