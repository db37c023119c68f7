import type { Page } from '@playwright/test'
import { DATE_CHOICE_TEXTS, DOCUMENT_NOTICES } from '#server/documents/shared/messages.ts'
import { reportWithAmbiguousDate } from '../support/ambiguous-date-report.ts'
import { uploadBytes, waitUntilProcessed } from './documents.ts'
import { BASE_URL, expect, test } from './fixtures.ts'

/** Uploads the report whose only date, 04/06/2025, reads two ways; its page asks which. */
async function uploadAmbiguous(page: Page, patientName: string) {
	const documentId = await uploadBytes(page.request, { name: 'report.pdf', mimeType: 'application/pdf', buffer: await reportWithAmbiguousDate(patientName) })
	await waitUntilProcessed(page.request, [documentId])
	return documentId
}

async function chooseJuneFourth(page: Page, documentId: string) {
	await page.goto(`/records/${documentId}`)
	const question = page.getByTestId('date-question')
	await expect(question.getByRole('heading', { name: DATE_CHOICE_TEXTS.title })).toBeVisible()
	await expect(page.getByText('Not detected').first()).toBeVisible()
	await expect(question.getByRole('button', { name: 'April 6, 2025' })).toBeVisible()
	await question.getByRole('button', { name: 'June 4, 2025' }).click()
	await expect(page.getByTestId('date-question')).toHaveCount(0)
	await expect(page.locator('time[datetime="2025-06-04"]')).toHaveText('June 4, 2025')
}

test("a date that reads two ways is asked on the record's page, and the answer dates the record", async ({ page, login }) => {
	test.setTimeout(90_000)
	const user = await login({ name: 'Robin Day' })
	const documentId = await uploadAmbiguous(page, user.name)
	await chooseJuneFourth(page, documentId)
	await expect(page.getByRole('status').filter({ hasText: DOCUMENT_NOTICES.dateChosen.title })).toBeVisible()
	// a date it did not offer changes nothing
	const refused = await page.request.post(`/records/${documentId}`, { headers: { Origin: BASE_URL }, form: { intent: 'choose-date', date: '2025-04-06' } })
	expect(refused.status()).toBe(400)
	await page.reload()
	await expect(page.locator('time[datetime="2025-06-04"]')).toHaveText('June 4, 2025')
})

test.describe('without JavaScript', () => {
	test.use({ javaScriptEnabled: false })

	test('the date question is answered with a plain form', async ({ page, login }) => {
		test.setTimeout(90_000)
		const user = await login({ name: 'Robin Day' })
		const documentId = await uploadAmbiguous(page, user.name)
		await chooseJuneFourth(page, documentId)
	})
})
