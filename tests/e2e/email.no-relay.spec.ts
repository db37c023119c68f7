/**
 * A production-mode server without an e-mail relay (the 'production-without-relay' project in
 * playwright.config.ts: NODE_ENV=production, no SMTP_URL, on the test server's database) says
 * where people act that e-mail cannot be sent, instead of claiming it was.
 */
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { ACCOUNT_MESSAGES } from '#server/account/shared/messages.ts'
import { SHARE_MESSAGES } from '#server/sharing/shared/messages.ts'
import { FIXTURES, waitForHydration, waitUntilProcessed } from './documents.ts'
import { createPatient, emailsTo, expect, signInAs, test, uniqueEmail } from './fixtures.ts'

test("'Forgot password' says e-mail is not available here, the same for a known and an unknown address", async ({ page }) => {
	const patient = await createPatient()
	for (const email of [patient.email, uniqueEmail('nobody')]) {
		await page.goto('/forgot-password')
		await page.getByLabel('Email').fill(email)
		await page.getByRole('button', { name: 'Send reset link' }).click()
		await expect(page.getByRole('alert')).toHaveText(ACCOUNT_MESSAGES.resetEmailUnavailable)
		await expect(page).toHaveURL(/\/forgot-password/)
		await expect(page.getByText('Check your email')).toHaveCount(0)
	}
	expect(await emailsTo(patient.email)).toEqual([])
})

test('Share via Email says the link was not sent and offers it to copy', async ({ page, baseURL }) => {
	const patient = await createPatient({ name: 'Nell Norelay' })
	await signInAs(page, patient)
	const bytes = await readFile(path.join(FIXTURES, 'other/visit_note_2025-04-02.pdf'))
	const uploaded = await page.request.post('/api/documents/upload', {
		headers: { Origin: baseURL! },
		multipart: { file: { name: 'visit_note_2025-04-02.pdf', mimeType: 'application/pdf', buffer: bytes } },
	})
	expect(uploaded.status(), await uploaded.text()).toBe(201)
	// processed by the test server's worker before the test's clean-up drops the organization
	await waitUntilProcessed(page.request, [((await uploaded.json()) as { documentId: string }).documentId])

	await page.goto('/share-records')
	await waitForHydration(page)
	await page.getByTestId('shareable-records').locator('tbody').getByRole('checkbox').first().check()
	const recipient = uniqueEmail('doctor')
	await page.getByLabel(SHARE_MESSAGES.recipientLabel).fill(recipient)
	await page.getByRole('button', { name: SHARE_MESSAGES.shareViaEmail }).click()

	await expect(page.getByRole('status').filter({ hasText: SHARE_MESSAGES.emailNotSent })).toContainText(SHARE_MESSAGES.emailNotSentDescription)
	await expect(page.getByText(SHARE_MESSAGES.sharedViaEmailDescription)).toHaveCount(0)
	const url = await page.getByTestId('generated-link').getByRole('textbox', { name: 'Share link' }).inputValue()
	expect(url).toMatch(/\/shared\/[A-Za-z0-9_-]+$/)
	await expect(page.getByTestId('generated-link').getByRole('button', { name: SHARE_MESSAGES.copyLink })).toBeEnabled()
	// listed for the recipient, marked 'Not sent' (issue 39), and nothing queued for them
	const row = page.getByTestId('share-row').filter({ hasText: recipient })
	await expect(row).toHaveCount(1)
	await expect(row.getByTestId('share-email-not-sent')).toContainText(SHARE_MESSAGES.emailDelivery['not-sent'])
	expect(await emailsTo(recipient)).toEqual([])
})

test('Export My Data does not promise an e-mail on a server that cannot send one (issue 39)', async ({ page }) => {
	const patient = await createPatient({ name: 'Ezra Export' })
	await signInAs(page, patient)
	await page.goto('/settings')
	await page.getByRole('button', { name: 'Export My Data' }).click()
	await expect(page.getByText(ACCOUNT_MESSAGES.exportInitiated)).toBeVisible()
	await expect(page.getByText(ACCOUNT_MESSAGES.exportInitiatedNoEmail)).toBeVisible()
	await expect(page.getByText(ACCOUNT_MESSAGES.exportInitiatedDescription)).toHaveCount(0)
})
