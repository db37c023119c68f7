import { BASE_URL, createAdmin, expect, signInAsAdmin, test } from './fixtures.ts'

test("the documents' history filters by organization and status through the admin filter bar, without JavaScript too", async ({ browser }) => {
	const admin = await createAdmin('admin', 'Dana Filters')
	for (const javaScriptEnabled of [true, false]) {
		const context = await browser.newContext({ baseURL: BASE_URL, javaScriptEnabled })
		const page = await context.newPage()
		await signInAsAdmin(page, admin)
		await page.goto('/admin/documents')
		const filters = page.getByRole('search')
		await expect(filters.getByLabel('Organization')).toHaveValue('all')
		await filters.getByLabel('Status').selectOption('failed')
		await filters.getByRole('button', { name: 'Apply' }).click()
		await expect(page).toHaveURL(/[?&]status=failed/)
		await expect(page.getByRole('search').getByLabel('Status')).toHaveValue('failed')
		await page.getByRole('search').getByRole('link', { name: 'Reset' }).click()
		await expect(page.getByRole('search').getByLabel('Status')).toHaveValue('all')
		await context.close()
	}
})
