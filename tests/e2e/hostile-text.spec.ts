import { expect, test, uniqueEmail } from './fixtures.ts'

const NOT_ALLOWED = 'Contains characters that are not allowed.'

test('a search with a control character shows the field message and searches nothing', async ({ page, login }) => {
	await login()

	await page.goto(`/records?${new URLSearchParams({ q: 'glucose\u0000report' })}`)
	const recordsSearch = page.getByRole('searchbox', { name: 'Search records' })
	await expect(recordsSearch).toHaveAttribute('aria-invalid', 'true')
	await expect(page.getByText(NOT_ALLOWED)).toBeVisible()

	await page.goto(`/appointments?${new URLSearchParams({ q: 'Dr\u0007Rivera' })}`)
	await expect(page.getByRole('searchbox', { name: 'Search appointments' })).toHaveAttribute('aria-invalid', 'true')
	await expect(page.getByText(NOT_ALLOWED)).toBeVisible()

	// A normal search afterwards works as before.
	await page.goto('/records?q=glucose')
	await expect(page.getByRole('searchbox', { name: 'Search records' })).not.toHaveAttribute('aria-invalid', 'true')
	await expect(page.getByText(NOT_ALLOWED)).toHaveCount(0)
})

test('registration refuses a name with a control character under the field', async ({ page }) => {
	await page.goto('/register')
	await page.getByLabel('Full Name').fill('Sam\u0007Lee')
	await page.getByLabel('Email').fill(uniqueEmail('control'))
	await page.getByLabel('Password', { exact: true }).fill('Correct-horse-9')
	await page.getByLabel('Confirm Password').fill('Correct-horse-9')
	await page.getByRole('button', { name: 'Create account' }).click()
	await expect(page.getByText(NOT_ALLOWED)).toBeVisible()
	await expect(page.getByLabel('Full Name')).toHaveAttribute('aria-invalid', 'true')
	await expect(page).toHaveURL('/register')
})
