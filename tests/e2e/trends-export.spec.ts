import { readFile } from 'node:fs/promises'
import { expect, test } from './fixtures.ts'

test('a patient exports the values in view as a CSV and opens a printable summary', async ({ page, login }) => {
	await login({ name: 'Export Patient' })
	await page.goto('/trends?range=6m&tab=overview#add-reading')
	await page.getByLabel('Systolic pressure (mmHg)').fill('128')
	await page.getByLabel('Diastolic pressure (mmHg)').fill('82')
	await page.getByRole('button', { name: 'Add reading' }).click()
	await expect(page.getByText('Your reading has been added.')).toBeVisible()
	await page.goto('/trends?range=6m&tab=overview&reading=glucose#add-reading')
	await page.getByLabel(/^Glucose/).fill('107')
	await page.getByRole('button', { name: 'Add reading' }).click()
	await expect(page.getByText('Your reading has been added.')).toBeVisible()

	await page.getByTestId('trends-export').locator('summary').click()
	const downloadLink = page.getByRole('link', { name: 'Download CSV' })
	await expect(downloadLink).toHaveAttribute('href', '/trends/export.csv?range=6m')
	const [download] = await Promise.all([page.waitForEvent('download'), downloadLink.click()])
	expect(download.suggestedFilename()).toMatch(/^carebook-health-trends-\d{4}-\d{2}-\d{2}\.csv$/)
	const csv = await readFile((await download.path())!, 'utf8')
	expect(csv.charCodeAt(0)).toBe(0xfeff)
	const lines = csv.slice(1).trim().split('\r\n')
	expect(lines[0]).toBe('date,parameter,value,unit,reference range,status,source')
	expect(lines).toHaveLength(4)
	expect(lines.slice(1).join('\n')).toMatch(/,Systolic[^,]*,128,mmHg,.*,Manual entry/)
	expect(lines.slice(1).join('\n')).toMatch(/,Diastolic[^,]*,82,mmHg,.*,Manual entry/)
	expect(lines.slice(1).join('\n')).toMatch(/,Glucose,107,mg\/dL,.*,Manual entry/)

	await page.getByRole('link', { name: 'Printable summary' }).click()
	await expect(page).toHaveURL(/\/trends\/summary\?range=6m$/)
	await expect(page.getByRole('heading', { name: 'Health summary', level: 1 })).toBeVisible()
	await expect(page.getByTestId('summary-patient-name')).toHaveText('Export Patient')
	await expect(page.getByTestId('summary-parameter-glucose').getByTestId('summary-latest')).toHaveText('107 mg/dL')
	await expect(page.getByTestId('summary-parameter-systolic_bp').getByTestId('summary-latest')).toHaveText('128 mmHg')
	await expect(page.getByTestId('summary-parameter-glucose')).toContainText('Manual entry')
	await expect(page.getByRole('button', { name: 'Print' })).toBeVisible()

	// Printed, the app's navigation is hidden and the values stay.
	await page.emulateMedia({ media: 'print' })
	await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeHidden()
	await expect(page.getByRole('button', { name: 'Print' })).toBeHidden()
	await expect(page.getByTestId('summary-patient-name')).toBeVisible()
})

test.describe('without JavaScript', () => {
	test.use({ javaScriptEnabled: false })

	test('the Export menu opens and the printable summary shows the patient', async ({ page, login }) => {
		await login({ name: 'Noscript Exporter' })
		await page.goto('/trends?range=1y&tab=overview&metric=glucose')
		await page.getByTestId('trends-export').locator('summary').click()
		await expect(page.getByRole('link', { name: 'Download CSV' })).toHaveAttribute('href', '/trends/export.csv?range=1y&metric=glucose')
		await page.getByRole('link', { name: 'Printable summary' }).click()
		await expect(page.getByTestId('summary-patient-name')).toHaveText('Noscript Exporter')
		await expect(page.getByText('No values in this period.')).toBeVisible()
		await expect(page.getByRole('button', { name: 'Print' })).toHaveCount(0)
	})
})
