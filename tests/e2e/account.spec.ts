import AxeBuilder from '@axe-core/playwright'
import { decodeBase32IgnorePadding } from '@oslojs/encoding'
import { generateHOTP } from '@oslojs/otp'
import type { Page } from '@playwright/test'
import { createAdmin, emailsTo, expect, test, uniqueEmail } from './fixtures.ts'

const NEW_PASSWORD = 'Lantern-orbit-47-quiet'

async function signInWithForm(page: Page, email: string, password: string) {
	// leave the page first: a signed-in page whose cookies were just cleared may navigate on its own
	// (its live connection answered 401) and abort this navigation (net::ERR_ABORTED)
	await page.goto('about:blank')
	await page.goto('/login')
	await page.getByLabel('Email').fill(email)
	await page.getByLabel('Password').fill(password)
	await page.getByRole('button', { name: 'Sign in' }).click()
}

/** The current TOTP code of a manual key as shown on Settings (groups of four letters). */
function totpCode(manualKey: string, offsetSteps = 0) {
	const key = decodeBase32IgnorePadding(manualKey.replace(/\s+/g, ''))
	return generateHOTP(key, BigInt(Math.floor(Date.now() / 30_000) + offsetSteps), 6)
}

test('a signed-out visit to a guarded page goes to its sign-in page with the return path', async ({ page, login }) => {
	await page.goto('/settings')
	await expect(page).toHaveURL('/login?redirectTo=%2Fsettings')
	await page.goto('/admin/no-such-admin-page')
	await expect(page).toHaveURL('/admin/login?redirectTo=%2Fadmin%2Fno-such-admin-page')

	const patient = await login()
	await page.goto('/profile')
	await expect(page.getByRole('heading', { name: 'My Profile' })).toBeVisible()
	await expect(page.getByText(patient.email)).toBeVisible()
})

test('edit the profile, save, reload: the changes stay; Cancel restores', async ({ page, login }) => {
	await login({ name: 'Robin Before' })
	await page.goto('/profile')
	await expect(page.getByText('Not set').first()).toBeVisible()
	await expect(page.getByText('Loading profile...')).toHaveCount(0)

	await page.getByRole('link', { name: 'Edit Profile' }).click()
	await page.getByLabel('Full Name').fill('Robin After')
	await page.getByLabel('Phone Number').fill('12345')
	await page.getByRole('button', { name: 'Save Changes' }).click()
	await expect(page.getByText('Enter the phone number in international format')).toBeVisible()

	await page.getByLabel('Phone Number').fill('+44 20 7946 0958')
	await page.getByLabel('Date of Birth').fill('1984-06-30')
	await page.getByLabel('Sex').selectOption('female')
	await page.getByLabel('Time Zone').selectOption('Europe/London')
	await page.getByRole('button', { name: 'Save Changes' }).click()
	await expect(page.getByText('Profile updated')).toBeVisible()
	await page.reload()
	await expect(page.getByText('Robin After')).toBeVisible()
	await expect(page.getByText('+44 20 7946 0958')).toBeVisible()
	await expect(page.getByText('June 30, 1984')).toBeVisible()
	await expect(page.getByText('Europe/London')).toBeVisible()

	await page.getByRole('link', { name: 'Edit Profile' }).click()
	await page.getByLabel('Full Name').fill('Someone Else')
	await page.getByRole('link', { name: 'Cancel' }).click()
	await expect(page.getByText('Robin After')).toBeVisible()
	await expect(page.getByText('Someone Else')).toHaveCount(0)
})

test('change the password with the spec texts, then sign in with the new one', async ({ page, login }) => {
	const patient = await login()
	await page.goto('/settings')
	const security = page.getByRole('region', { name: 'Account Security' })
	await security.getByLabel('New Password', { exact: true }).fill('one-password-here')
	await security.getByLabel('Confirm New Password').fill('another-password')
	await security.getByRole('button', { name: 'Change Password' }).click()
	await expect(security.getByRole('alert')).toHaveText('New passwords do not match.')

	await security.getByLabel('Confirm New Password').fill('one-password-here')
	await security.getByRole('button', { name: 'Change Password' }).click()
	await expect(security.getByRole('alert')).toHaveText('Please fill in all password fields.')

	await security.getByLabel('Current Password').fill(patient.password)
	await security.getByLabel('New Password', { exact: true }).fill('password1234')
	await security.getByLabel('Confirm New Password').fill('password1234')
	await security.getByRole('button', { name: 'Change Password' }).click()
	await expect(security.getByText('This password is too common. Please choose another one.')).toBeVisible()

	await security.getByLabel('Current Password').fill(patient.password)
	await security.getByLabel('New Password', { exact: true }).fill(NEW_PASSWORD)
	await security.getByLabel('Confirm New Password').fill(NEW_PASSWORD)
	await security.getByRole('button', { name: 'Change Password' }).click()
	await expect(page.getByText('Password changed')).toBeVisible()

	await page.context().clearCookies()
	await signInWithForm(page, patient.email, patient.password)
	await expect(page.getByRole('alert')).toHaveText('Failed to log in. Please check your credentials.')
	await signInWithForm(page, patient.email, NEW_PASSWORD)
	await expect(page).toHaveURL('/')
})

test('enable two-factor authentication with a code computed here, then sign in with a code', async ({ page, login }) => {
	const patient = await login()
	await page.goto('/settings')
	await page.getByRole('button', { name: 'Setup 2FA' }).click()
	await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible()
	const manualKey = (await page.getByTestId('totp-manual-key').textContent())!
	await page.getByLabel('Authentication code').fill('000000')
	await page.getByRole('button', { name: 'Verify and enable' }).click()
	await expect(page.getByText('The code is not correct. Please try again.')).toBeVisible()
	await page.getByLabel('Authentication code').fill(totpCode(manualKey))
	await page.getByRole('button', { name: 'Verify and enable' }).click()
	const codes = page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')
	await expect(codes).toHaveCount(10)
	await page.reload()
	await expect(page.getByRole('list', { name: 'Recovery codes' })).toHaveCount(0)
	await expect(page.getByText('Two-factor authentication is on.')).toBeVisible()

	await page.context().clearCookies()
	await signInWithForm(page, patient.email, patient.password)
	await expect(page).toHaveURL('/login/two-factor')
	await page.getByLabel('Authentication code').fill(totpCode(manualKey, 1))
	await page.getByRole('button', { name: 'Verify' }).click()
	await expect(page).toHaveURL('/')
})

test('an administrator enables two-factor authentication and the admin sign-in asks for it', async ({ page }) => {
	const admin = await createAdmin('admin')
	await page.goto('/admin/login')
	await page.getByLabel('Email').fill(admin.email)
	await page.getByLabel('Password').fill(admin.password)
	await page.getByRole('button', { name: 'Sign in' }).click()
	await expect(page).toHaveURL('/admin')
	await page.getByRole('link', { name: 'Account security' }).click()
	await page.getByRole('button', { name: 'Setup 2FA' }).click()
	const manualKey = (await page.getByTestId('totp-manual-key').textContent())!
	await page.getByLabel('Authentication code').fill(totpCode(manualKey))
	await page.getByRole('button', { name: 'Verify and enable' }).click()
	await expect(page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10)

	await page.context().clearCookies()
	await page.goto('/admin/login')
	await page.getByLabel('Email').fill(admin.email)
	await page.getByLabel('Password').fill(admin.password)
	await page.getByRole('button', { name: 'Sign in' }).click()
	await expect(page).toHaveURL('/admin/login/two-factor')
	await page.getByLabel('Authentication code').fill(totpCode(manualKey, 1))
	await page.getByRole('button', { name: 'Verify' }).click()
	await expect(page).toHaveURL('/admin')
})

test('switch to Dark: the server paints dark from the first byte, after a reload too, and dark screens pass axe contrast', async ({ page, login }) => {
	await login()
	await page.goto('/settings')
	await page.getByRole('radio', { name: /Dark/ }).check()
	await page.getByRole('button', { name: 'Save Appearance' }).click()
	await expect(page.getByText('Appearance updated')).toBeVisible()

	// The HTML as served (before any script) already carries the dark class.
	const served = await (await page.request.get('/settings')).text()
	expect(served).toMatch(/<html[^>]*class="[^"]*\bdark\b/)
	await page.reload()
	// Tailwind's slate-950 (the light theme paints slate-50).
	const background = await page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor)
	expect(background).toBe('oklch(0.129 0.042 264.695)')

	for (const path of ['/', '/settings', '/profile', '/records', '/appointments', '/trends']) {
		await page.goto(path)
		const results = await new AxeBuilder({ page }).withRules(['color-contrast']).analyze()
		expect(
			results.violations.map((violation) => `${path}: ${violation.nodes.map((node) => `${node.target.join(' ')} (${node.any[0]?.message ?? ''})`).join(', ')}`),
		).toEqual([])
	}
})

test('run an export, get notified and download the zip', async ({ page, login }) => {
	await login()
	await page.goto('/settings')
	await page.getByRole('button', { name: 'Export My Data' }).click()
	await expect(page.getByText('Data export process initiated')).toBeVisible()
	const exports = page.getByRole('list', { name: 'Data exports' })
	await expect(exports).toContainText(/Being prepared|Ready/)
	await expect
		.poll(
			async () => {
				await page.reload()
				return exports.getByRole('link', { name: 'Download' }).count()
			},
			{ timeout: 30_000 },
		)
		.toBe(1)
	const [download] = await Promise.all([page.waitForEvent('download'), exports.getByRole('link', { name: 'Download' }).click()])
	expect(download.suggestedFilename()).toMatch(/^carebook-export-\d{4}-\d{2}-\d{2}\.zip$/)
	const file = await download.path()
	const { readFile } = await import('node:fs/promises')
	const bytes = await readFile(file)
	expect(bytes.subarray(0, 2).toString()).toBe('PK')
})

test.describe('the development mailbox', () => {
	// The mailbox shows the HTML body in a sandboxed frame that refuses Playwright's own scripts (see mailbox.spec.ts).
	test.use({ allowConsoleErrors: [/^Blocked script execution in 'about:srcdoc' because the document's frame is sandboxed/] })

	test('reset a forgotten password through the development mailbox', async ({ page, insertNewUser }) => {
		test.info().annotations.push({ type: 'mailbox', description: 'the link arrives in /dev/mailbox' })
		const patient = await insertNewUser()
		await page.goto('/login')
		await page.getByRole('link', { name: 'Forgot password?' }).click()
		await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible()
		await page.getByLabel('Email').fill(patient.email)
		await page.getByRole('button', { name: 'Send reset link' }).click()
		await expect(page).toHaveURL('/login')
		await expect(page.getByText('Check your email')).toBeVisible()
		// An unknown address gets the same answer.
		await page.getByRole('link', { name: 'Forgot password?' }).click()
		await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible()
		await page.getByLabel('Email').fill(uniqueEmail('nobody'))
		await page.getByRole('button', { name: 'Send reset link' }).click()
		await expect(page.getByText('Check your email')).toBeVisible()

		await expect.poll(async () => (await emailsTo(patient.email))[0]?.status, { timeout: 20_000 }).toBe('sent')
		await page.goto('/dev/mailbox')
		await page
			.getByRole('listitem')
			.filter({ hasText: `to ${patient.email}` })
			.getByRole('link', { name: 'Reset your Carebook password' })
			.click()
		const link = page.getByTestId('mailbox-text').getByRole('link', { name: /\/reset-password\?token=/ })
		const href = (await link.getAttribute('href'))!
		await page.goto(href)
		await page.getByLabel('New Password', { exact: true }).fill(NEW_PASSWORD)
		await page.getByLabel('Confirm New Password').fill(NEW_PASSWORD)
		await page.getByRole('button', { name: 'Reset password' }).click()
		await expect(page.getByText('Password reset', { exact: true })).toBeVisible()
		await signInWithForm(page, patient.email, NEW_PASSWORD)
		await expect(page).toHaveURL('/')

		// The link worked once.
		await page.goto(href)
		await expect(page.getByText('This link is invalid or has expired. Please ask for a new one.')).toBeVisible()
	})
})

test('deactivate the account: signed out, told so, and refused at sign-in', async ({ page, login }) => {
	const patient = await login()
	await page.goto('/settings')
	await page.getByRole('button', { name: 'Deactivate My Account' }).click()
	const dialog = page.getByRole('dialog')
	await expect(dialog).toContainText('Are you sure you want to deactivate?')
	await dialog.getByRole('button', { name: 'Deactivate' }).click()
	await expect(page).toHaveURL('/login')
	await expect(page.getByText('Account deactivated successfully.')).toBeVisible()
	await signInWithForm(page, patient.email, patient.password)
	await expect(page.getByRole('alert')).toHaveText('This account has been deactivated. Contact support to reactivate it.')
})
