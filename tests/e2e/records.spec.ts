import { DOCUMENT_MESSAGES, DOCUMENT_NOTICES } from '#server/documents/shared/messages.ts'
import { confirmAsOwn, uploadFixture, waitForHydration, waitUntilProcessed } from './documents.ts'
import { createPatient, expect, signInAs, test } from './fixtures.ts'

const BASE_URL = `http://localhost:${process.env.E2E_PORT ?? 3100}`
// Two lab reports with different collection dates (manifest: 2025-01-22 and 2025-03-14).
const BLUEWATER = 'lab/bluewater_final_report.pdf'
const MERIDIAN = 'lab/LabResults_Meridian_2025-03-14.pdf'
const COMPARE_NEEDS_TWO_DATES = 'Compare needs lab results from at least two dates. Upload another lab report to compare.'
const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000'

type Patient = Awaited<ReturnType<typeof createPatient>>

test('a patient without documents sees the empty texts on both tabs', async ({ page, login }) => {
	await login()
	await page.goto('/records')
	await expect(page.getByRole('heading', { level: 1, name: 'Medical Records' })).toBeVisible()
	await expect(page.getByRole('tab', { name: 'Timeline' })).toHaveAttribute('aria-selected', 'true')
	await expect(page.getByText(DOCUMENT_MESSAGES.noRecords)).toBeVisible()
	await expect(page.getByTestId('records-empty').getByRole('link', { name: 'Upload Documents' })).toHaveAttribute('href', '/upload')

	await page.getByRole('tab', { name: 'Compare Records' }).click()
	await expect(page).toHaveURL(/\/records\?tab=compare$/)
	await expect(page.getByText(COMPARE_NEEDS_TWO_DATES)).toBeVisible()
})

test.describe('with two lab reports from different dates', () => {
	let owner: Patient
	let bluewaterId: string
	let meridianId: string

	test.beforeAll(async ({ browser }) => {
		test.setTimeout(150_000)
		// Bluewater's patient; Meridian names another (KOWALCZYK, ODALYS J under its PATIENT heading), so she answers 'This is me'.
		owner = await createPatient({ name: 'Yesenia Quintrell' })
		const context = await browser.newContext({ baseURL: BASE_URL })
		const page = await context.newPage()
		await signInAs(page, owner)
		bluewaterId = await uploadFixture(page.request, BLUEWATER)
		meridianId = await uploadFixture(page.request, MERIDIAN)
		await waitUntilProcessed(page.request, [bluewaterId, meridianId])
		await confirmAsOwn(page.request, [meridianId])
		await context.close()
	})

	test.beforeEach(async ({ page }) => {
		await signInAs(page, owner)
	})

	test('the timeline lists both documents newest first, grouped by month', async ({ page }) => {
		await page.goto('/records')
		const cards = page.getByTestId('record-card')
		await expect(cards).toHaveCount(2)
		await expect(cards.nth(0)).toHaveAttribute('href', `/records/${meridianId}`)
		await expect(cards.nth(1)).toHaveAttribute('href', `/records/${bluewaterId}`)
		await expect(cards.nth(0)).toContainText(/meridian reference laboratories/i)
		await expect(cards.nth(0)).toContainText('Lab Report')
		await expect(cards.nth(0)).toContainText('March 14, 2025')
		await expect(cards.nth(1)).toContainText(/bluewater diagnostics/i)
		await expect(page.getByRole('heading', { level: 2, name: 'March 2025' })).toBeVisible()
		await expect(page.getByRole('heading', { level: 2, name: 'January 2025' })).toBeVisible()
	})

	test('search narrows the timeline and says when nothing matches', async ({ page }) => {
		await page.goto('/records')
		await waitForHydration(page)
		const search = page.getByRole('searchbox', { name: 'Search records' })
		await search.fill('bluewater')
		await expect(page).toHaveURL(/[?&]q=bluewater/)
		await expect(page.getByTestId('record-card')).toHaveCount(1)
		await expect(page.getByTestId('record-card')).toHaveAttribute('href', `/records/${bluewaterId}`)

		await search.fill('no-such-record-anywhere')
		await expect(page.getByText(DOCUMENT_MESSAGES.noMatches)).toBeVisible()
		await expect(page.getByTestId('record-card')).toHaveCount(0)

		// The GET form works without JavaScript too: the query lives in the URL.
		await page.goto('/records?q=meridian')
		await expect(page.getByTestId('record-card')).toHaveCount(1)
		await expect(page.getByRole('searchbox', { name: 'Search records' })).toHaveValue('meridian')
	})

	test('a record shows its details and lab values, and opens the original PDF in a new tab', async ({ page, context }) => {
		await page.goto('/records')
		await page.locator(`a[href="/records/${bluewaterId}"]`).click()
		await expect(page).toHaveURL(`/records/${bluewaterId}`)
		await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
		await expect(page.getByTestId('document-type')).toHaveText('Lab Report')
		await expect(page.locator('time[datetime="2025-01-22"]')).toHaveText('January 22, 2025')
		await expect(page.getByRole('definition').filter({ hasText: /bluewater diagnostics/i })).toBeVisible()
		// Uploaded date and time, en-US with a 12-hour clock.
		await expect(page.locator('dd time').nth(1)).toHaveText(/^[A-Z][a-z]+ \d{1,2}, \d{4} at \d{1,2}:\d{2} (AM|PM)$/)

		const glucose = page.getByTestId('lab-values').locator('tr[data-code="glucose"]')
		await expect(glucose).toContainText('78')
		await expect(glucose).toContainText('mg/dL')
		await expect(glucose).toContainText('Normal')
		const hemoglobin = page.getByTestId('lab-values').locator('tr[data-code="hemoglobin"]')
		await expect(hemoglobin).toContainText('9.7')
		await expect(hemoglobin).toContainText('Low')

		await expect(page.getByRole('link', { name: 'Back to Medical Records' })).toHaveAttribute('href', '/records')

		await waitForHydration(page)
		const fileResponse = context.waitForEvent('response', (response) => response.url().includes(`/api/documents/${bluewaterId}/file`))
		const newPage = context.waitForEvent('page')
		await page.getByRole('button', { name: 'Download/View Document' }).click()
		await newPage
		const response = await fileResponse
		expect(response.status()).toBe(200)
		expect(response.headers()['content-type']).toBe('application/pdf')
		await expect(page.getByRole('button', { name: 'Download/View Document' })).toBeEnabled()
	})

	test('compare shows both dates side by side, then their documents', async ({ page }) => {
		await page.goto('/records')
		await page.getByRole('tab', { name: 'Compare Records' }).click()
		await expect(page.getByLabel('Left test date')).toHaveValue('2025-01-22')
		await expect(page.getByLabel('Right test date')).toHaveValue('2025-03-14')

		const table = page.getByTestId('parameter-comparison')
		await expect(table.getByRole('columnheader', { name: 'January 22, 2025' })).toBeVisible()
		await expect(table.getByRole('columnheader', { name: 'March 14, 2025' })).toBeVisible()
		const glucose = table.locator('tr[data-code="glucose"]')
		await expect(glucose.getByRole('cell').nth(0)).toContainText('78 mg/dL')
		await expect(glucose.getByRole('cell').nth(0)).toContainText('Normal')
		await expect(glucose.getByRole('cell').nth(1)).toContainText('107 mg/dL')
		await expect(glucose.getByRole('cell').nth(1)).toContainText('High')
		await expect(glucose).toContainText('+29 (+37.2%)')
		await expect(glucose.locator('[data-tone="red"]')).toHaveText('High')

		await page.getByRole('tab', { name: 'Documents' }).click()
		await expect(page).toHaveURL(/view=documents/)
		await expect(page.locator(`a[href="/records/${bluewaterId}"]`)).toBeVisible()
		await expect(page.locator(`a[href="/records/${meridianId}"]`)).toBeVisible()
		const previews = page.locator('img[src^="/api/documents/"]')
		await expect(previews).toHaveCount(2)
		for (const preview of await previews.all()) {
			await expect.poll(() => preview.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true)
		}
	})

	test('compare keeps chosen dates in the URL', async ({ page }) => {
		await page.goto('/records?tab=compare&left=2025-03-14&right=2025-01-22')
		await expect(page.getByLabel('Left test date')).toHaveValue('2025-03-14')
		await expect(page.getByTestId('parameter-comparison').locator('tr[data-code="glucose"]')).toContainText('-29 (-27.1%)')
	})

	test('another patient cannot open the document', async ({ page }) => {
		const stranger = await createPatient({ name: 'Sam Stranger' })
		await page.context().clearCookies()
		await signInAs(page, stranger)
		const response = await page.goto(`/records/${bluewaterId}`)
		expect(response?.status()).toBe(404)
		await expect(page.getByRole('heading', { name: DOCUMENT_MESSAGES.notFoundTitle })).toBeVisible()
		await expect(page.getByText(/bluewater/i)).toHaveCount(0)
	})
})

test('an unknown or malformed document id shows Document Not Found with a way back', async ({ page, login }) => {
	await login()
	for (const id of [UNKNOWN_ID, 'not-a-document-id']) {
		const response = await page.goto(`/records/${id}`)
		expect(response?.status()).toBe(404)
		await expect(page.getByRole('heading', { name: DOCUMENT_MESSAGES.notFoundTitle })).toBeVisible()
		await expect(page.getByText(DOCUMENT_MESSAGES.notFoundText)).toBeVisible()
	}
	await page.getByRole('link', { name: 'Go Back to Records' }).click()
	await expect(page).toHaveURL('/records')
	await expect(page.getByRole('heading', { level: 1, name: 'Medical Records' })).toBeVisible()
})

test('deleting a document asks for confirmation and removes it', async ({ page, login }) => {
	await login({ name: 'Yesenia Quintrell' })
	const documentId = await uploadFixture(page.request, BLUEWATER)
	await page.goto(`/records/${documentId}`)
	await waitForHydration(page)

	await page.getByRole('button', { name: 'Delete', exact: true }).click()
	const dialog = page.getByRole('dialog', { name: 'Delete this document?' })
	await expect(dialog).toBeVisible()
	await expect(dialog).toContainText('extracted text')
	await dialog.getByRole('button', { name: 'Keep document' }).click()
	await expect(dialog).toBeHidden()
	await expect(page).toHaveURL(`/records/${documentId}`)

	await page.getByRole('button', { name: 'Delete', exact: true }).click()
	await page.getByRole('dialog').getByRole('button', { name: 'Delete document' }).click()
	await expect(page).toHaveURL('/records')
	await expect(page.getByRole('status').filter({ hasText: DOCUMENT_NOTICES.deleted.title })).toBeVisible()
	await expect(page.getByText(DOCUMENT_MESSAGES.noRecords)).toBeVisible()

	await page.goto(`/records/${documentId}`)
	await expect(page.getByRole('heading', { name: DOCUMENT_MESSAGES.notFoundTitle })).toBeVisible()
})

test('deleting works without JavaScript through the in-page confirmation', async ({ browser }) => {
	const context = await browser.newContext({ baseURL: BASE_URL, javaScriptEnabled: false })
	const page = await context.newPage()
	const patient = await createPatient({ name: 'Yesenia Quintrell' })
	await signInAs(page, patient)
	const documentId = await uploadFixture(page.request, BLUEWATER)
	await page.goto(`/records/${documentId}`)
	await page.getByRole('button', { name: 'Delete', exact: true }).click()
	await expect(page).toHaveURL(`/records/${documentId}?confirm=delete`)
	const confirmation = page.getByRole('alertdialog', { name: 'Delete this document?' })
	await confirmation.getByRole('button', { name: 'Delete document' }).click()
	await expect(page).toHaveURL('/records')
	// The notice is in the server-rendered page, once: a reload no longer shows it.
	await expect(page.getByText(DOCUMENT_NOTICES.deleted.description)).toBeVisible()
	await expect(page.getByText(DOCUMENT_MESSAGES.noRecords)).toBeVisible()
	await page.reload()
	await expect(page.getByText(DOCUMENT_NOTICES.deleted.description)).toHaveCount(0)
	await context.close()
})
