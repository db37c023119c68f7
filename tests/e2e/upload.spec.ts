import { readFileSync } from 'node:fs'
import path from 'node:path'
import { BASE_URL, expect, test } from './fixtures.ts'

const FIXTURES = path.resolve('../shared/fixtures/documents')

function fixture(relativePath: string, name = path.basename(relativePath), mimeType = 'application/pdf') {
	return { name, mimeType, buffer: readFileSync(path.join(FIXTURES, relativePath)) }
}

test('upload two lab reports, watch them reach processed, open one and download it', async ({ page, context, login }) => {
	test.setTimeout(90_000)
	await login()
	await page.goto('/upload')
	await expect(page.getByRole('tab', { name: 'File Upload' })).toBeVisible()
	await page.getByTestId('file-input').setInputFiles([fixture('lab/bluewater_final_report.pdf'), fixture('lab/LabResults_Meridian_2025-03-14.pdf')])
	await expect(page.getByRole('list', { name: 'Selected files' }).getByRole('listitem')).toHaveCount(2)
	await page.getByRole('button', { name: 'Upload 2 files' }).click()

	await expect(page.getByRole('heading', { name: 'Upload Complete!' })).toBeVisible()
	const results = page.getByTestId('upload-result')
	await expect(results).toHaveCount(2)
	await expect(page.getByTestId('upload-status').filter({ hasText: 'Processed' })).toHaveCount(2, { timeout: 60_000 })
	await expect(results.filter({ hasText: 'Bluewater Diagnostics' })).toContainText('Lab Report')
	await expect(results.filter({ hasText: 'Bluewater Diagnostics' })).toContainText('2025-01-22')

	await page.getByRole('link', { name: 'View All Records' }).click()
	await expect(page).toHaveURL('/records')
	await page
		.getByRole('link', { name: /Bluewater/ })
		.first()
		.click()
	await expect(page).toHaveURL(/\/records\/[0-9a-f-]{36}$/)

	const popupPromise = context.waitForEvent('page')
	await page.getByRole('button', { name: 'Download/View Document' }).click()
	const popup = await popupPromise
	await expect(popup).toHaveURL(/\/api\/documents\/[0-9a-f-]{36}\/file\?expires=\d+&sig=/)
	// The same signed link, fetched with the page's session: the original PDF, served as a PDF.
	const file = await page.request.get(popup.url())
	expect(file.status()).toBe(200)
	expect(file.headers()['content-type']).toBe('application/pdf')
	expect(file.headers()['x-content-type-options']).toBe('nosniff')
	expect((await file.body()).subarray(0, 5).toString()).toBe('%PDF-')
	// Without the signature the file is refused.
	const unsigned = await page.request.get(popup.url().split('?')[0]!)
	expect(unsigned.status()).toBe(403)
})

test('refused files are reported before and after upload with the spec texts', async ({ page, login }) => {
	await login()
	await page.goto('/upload')
	await page.getByTestId('file-input').setInputFiles([{ name: 'notes.docx', mimeType: 'application/msword', buffer: Buffer.from('hello') }])
	await expect(page.getByRole('alert')).toContainText('Some files were not added:')
	await expect(page.getByRole('alert')).toContainText('notes.docx is not a supported file type')

	// Named .pdf but HTML inside: passes the browser's check, refused by the server on its bytes.
	await page.getByTestId('file-input').setInputFiles([fixture('bad/report.pdf')])
	await page.getByRole('button', { name: 'Upload 1 file' }).click()
	await expect(page.getByRole('alert')).toContainText('Upload failed for all files:')
	await expect(page.getByRole('alert')).toContainText('report.pdf:')
	await expect(page.getByRole('heading', { name: 'Upload Complete!' })).toHaveCount(0)
})

test('the upload endpoint refuses files over 20 MB and answers 401 without a session', async ({ page, playwright, login }) => {
	const anonymous = await playwright.request.newContext({ baseURL: BASE_URL })
	const unauthorized = await anonymous.post('/api/documents/upload', {
		headers: { Origin: BASE_URL },
		multipart: { file: fixture('lab/bluewater_final_report.pdf') },
	})
	expect(unauthorized.status()).toBe(401)
	await anonymous.dispose()

	await login()
	const big = Buffer.alloc(22_020_096, 0x20)
	Buffer.from('%PDF-1.7\n').copy(big)
	const response = await page.request.post('/api/documents/upload', {
		headers: { Origin: BASE_URL },
		multipart: { file: { name: 'oversize-21mb.pdf', mimeType: 'application/pdf', buffer: big } },
	})
	expect(response.status()).toBe(413)
	expect((await response.json()).message).toContain('is too large. Maximum size is 20MB.')
})
