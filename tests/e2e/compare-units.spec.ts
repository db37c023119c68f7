import { expect, test } from './fixtures.ts'
import { seedHealthValues } from './seed-rows.ts'

// Issue 39, point 7: the same unit printed two ways is compared, not shown as '—'.
test('Compare gives the change between AST in IU/L and U/L, and TSH in µIU/mL and mIU/L', async ({ page, login }) => {
	const patient = await login({ name: 'Compare Units' })
	await seedHealthValues(patient, [
		{ code: 'ast', name: 'AST', value: 22, unit: 'U/L', daysAgo: 200 },
		{ code: 'tsh', name: 'TSH', value: 2.1, unit: 'µIU/mL', daysAgo: 200 },
		{ code: 'ast', name: 'AST', value: 34, unit: 'IU/L', daysAgo: 20 },
		{ code: 'tsh', name: 'TSH', value: 3.4, unit: 'mIU/L', daysAgo: 20 },
	])
	await page.goto('/records?tab=compare')
	const table = page.getByTestId('parameter-comparison')
	const ast = table.locator('tr[data-code="ast"]')
	await expect(ast.locator('td').last()).toHaveText(/Increased by\s*\+12 \(\+54\.5%\)/)
	const tsh = table.locator('tr[data-code="tsh"]')
	await expect(tsh.locator('td').last()).toHaveText(/Increased by\s*\+1\.3 \(\+61\.9%\)/)
	// the same unit written another way is not a conversion
	await expect(table.getByTestId('converted-value')).toHaveCount(0)
})
