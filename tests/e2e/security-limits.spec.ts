/**
 * Issue 41 on the screens: a new account confirms its address before any
 * notification e-mail (and Settings says so until then); one data export a
 * day; an appointment imported from a file waits for 'Confirm appointment';
 * a file naming someone else holds its appointments until 'This is me'; the
 * upload form without JavaScript takes one upload slot per file.
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { getDb } from '#db/client.ts'
import { rateLimitEvents } from '#db/schema/platform.ts'
import { ACCOUNT_MESSAGES } from '#server/account/shared/messages.ts'
import { IMPORTED_APPOINTMENT_TEXTS } from '#server/appointments/shared/labels.ts'
import { DOCUMENT_MESSAGES } from '#server/documents/shared/messages.ts'
import { getEnv } from '#server/env.server.ts'
import { bundle, patientResource } from '../support/hostile-imports.ts'
import { FIXTURES, uploadBytes, waitForHydration, waitUntilProcessed } from './documents.ts'
import { emailsTo, expect, test, uniqueEmail } from './fixtures.ts'

function appointmentIn(days: number, description: string) {
	return {
		resourceType: 'Appointment',
		id: `appointment-${description.replace(/\W+/g, '-')}-${Date.now()}`,
		status: 'booked',
		description,
		start: new Date(Date.now() + days * 86_400_000).toISOString(),
		minutesDuration: 30,
	}
}

function fhirFile(name: string, resources: Record<string, unknown>[]) {
	return { name, mimeType: 'application/fhir+json', buffer: bundle(resources) }
}

test.describe('a new account', () => {
	// the mailbox's sandboxed HTML body refuses Playwright's scripts (see mailbox.spec.ts)
	test.use({ allowConsoleErrors: [/^Blocked script execution in 'about:srcdoc' because the document's frame is sandboxed/] })

	test('confirms its address through the e-mailed link; Settings says so until then', async ({ page }) => {
		const email = uniqueEmail('confirm')
		await page.goto('/register')
		await page.getByLabel('Full Name').fill('Casey Confirm')
		await page.getByLabel('Email').fill(email)
		await page.getByLabel('Password', { exact: true }).fill('Correct-horse-9')
		await page.getByLabel('Confirm Password').fill('Correct-horse-9')
		await page.getByRole('button', { name: /create account|sign up/i }).click()
		await expect(page.getByText(ACCOUNT_MESSAGES.checkEmailToConfirm)).toBeVisible()

		await page.goto('/settings')
		await expect(page.getByTestId('address-unconfirmed')).toContainText(ACCOUNT_MESSAGES.addressNotConfirmed(email))
		await expect(page.getByText('no e-mail until your address is confirmed')).toBeVisible()

		await expect.poll(async () => (await emailsTo(email)).find((mail) => mail.kind === 'email_confirm')?.status, { timeout: 20_000 }).toBe('sent')
		await page.goto('/dev/mailbox')
		await page
			.getByRole('listitem')
			.filter({ hasText: `to ${email}` })
			.getByRole('link', { name: 'Confirm your e-mail address for Carebook' })
			.click()
		const href = (await page
			.getByTestId('mailbox-text')
			.getByRole('link', { name: /\/account\/confirm-address\?token=/ })
			.getAttribute('href'))!
		await page.goto(href)
		await page.getByRole('button', { name: 'Confirm email address' }).click()
		await expect(page).toHaveURL('/settings')
		await expect(page.getByText(ACCOUNT_MESSAGES.addressConfirmed)).toBeVisible()
		await expect(page.getByTestId('address-unconfirmed')).toHaveCount(0)

		// the link works once
		await page.goto(href)
		await expect(page.getByText(ACCOUNT_MESSAGES.linkInvalid)).toBeVisible()
	})
})

test('Export My Data runs once a day', async ({ page, login }) => {
	await login()
	await page.goto('/settings')
	await expect(page.getByText('One export a day.')).toBeVisible()
	await page.getByRole('button', { name: 'Export My Data' }).click()
	await expect(page.getByText('Data export process initiated')).toBeVisible()
	const exports = page.getByRole('list', { name: 'Data exports' })
	await expect.poll(async () => (await page.reload(), await exports.getByRole('link', { name: 'Download' }).count()), { timeout: 30_000 }).toBe(1)
	await page.getByRole('button', { name: 'Export My Data' }).click()
	await expect(page.getByText(ACCOUNT_MESSAGES.exportOncePerDay)).toBeVisible()
	await expect(exports.getByRole('listitem')).toHaveCount(1)
})

test('an appointment imported from a file gets reminders only once the patient confirms it', async ({ page, login }) => {
	test.setTimeout(90_000)
	await login()
	const documentId = await uploadBytes(
		page.request,
		fhirFile('visits.json', [patientResource({ given: 'Avery', family: 'Test' }), appointmentIn(10, 'Imported cardiology visit')]),
	)
	await waitUntilProcessed(page.request, [documentId])
	await page.goto('/appointments')
	// the list stores the browser's time zone through a fetcher when it opens: let that finish first
	await waitForHydration(page)
	await page.getByText('Imported cardiology visit').first().click()
	await expect(page.getByText(IMPORTED_APPOINTMENT_TEXTS.description)).toBeVisible()
	await page.getByRole('button', { name: IMPORTED_APPOINTMENT_TEXTS.confirm }).click()
	await expect(page.getByText('Its reminders are set.')).toBeVisible()
	await expect(page.getByText(IMPORTED_APPOINTMENT_TEXTS.description)).toHaveCount(0)
})

test("a file naming someone else holds its appointments until 'This is me'", async ({ page, login }) => {
	test.setTimeout(90_000)
	await login()
	const documentId = await uploadBytes(
		page.request,
		fhirFile('stranger.json', [patientResource({ given: 'Jordan', family: 'Stranger' }, 'p9', '1971-02-02'), appointmentIn(12, 'Held dermatology visit')]),
	)
	await waitUntilProcessed(page.request, [documentId])
	await page.goto('/appointments')
	await waitForHydration(page)
	await expect(page.getByText('Held dermatology visit')).toHaveCount(0)
	await page.goto(`/records/${documentId}`)
	const question = page.getByTestId('subject-question')
	await expect(question).toContainText("Its 1 appointment will be added once you answer 'This is me'.")
	await question.getByRole('button', { name: 'This is me' }).click()
	await expect(page.getByText('Marked as yours')).toBeVisible()
	await page.goto('/appointments')
	await expect(page.getByText('Held dermatology visit').first()).toBeVisible()
})

test.describe('the upload form without JavaScript', () => {
	test.use({ javaScriptEnabled: false })

	test('takes one upload slot per file: past the limit the other files are listed as refused', async ({ page, login }) => {
		test.setTimeout(90_000)
		const user = await login()
		// two slots left in the window
		await getDb()
			.insert(rateLimitEvents)
			.values(Array.from({ length: getEnv().UPLOAD_USER_MAX_PER_WINDOW - 2 }, () => ({ bucket: 'upload-user', subject: user.id })))
		const pdf = readFileSync(path.join(FIXTURES, 'lab/bluewater_final_report.pdf'))
		await page.goto('/upload')
		await page
			.getByLabel('Choose files')
			.setInputFiles(['first', 'second', 'third', 'fourth'].map((name) => ({ name: `${name}.pdf`, mimeType: 'application/pdf', buffer: pdf })))
		await page.getByRole('button', { name: 'Upload' }).click()
		await expect(page.getByText(`third.pdf: ${DOCUMENT_MESSAGES.tooManyUploads}`)).toBeVisible()
		await expect(page.getByText(`fourth.pdf: ${DOCUMENT_MESSAGES.tooManyUploads}`)).toBeVisible()
		await expect(page.getByTestId('upload-result')).toHaveCount(2)
	})
})
