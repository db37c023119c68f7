import { readFile } from 'node:fs/promises'
import path from 'node:path'
import type { Page } from '@playwright/test'
import { SUBJECT_TEXTS } from '#server/documents/shared/messages.ts'
import { AUTH_MESSAGES } from '#server/auth/shared/messages.ts'
import { VALUE_REVIEW_TEXTS } from '#server/health/shared/value-review.ts'
import { TRENDS_TEXTS } from '#server/health/shared/texts.ts'
import { buildCcd, type CcdResult } from '../support/ccda-builder.ts'
import { FIXTURES, uploadBytes, uploadFixture, waitForHydration, waitUntilProcessed } from './documents.ts'
import { expect, test, uniqueEmail } from './fixtures.ts'

/**
 * Issue 39 (points 1-4, 11): what a new patient meets. Whose numbers a
 * document holds, one count per document on every surface, values to check
 * that are true and quick to clear, grades that follow the number shown, and
 * a dashboard that follows the bell.
 */

const SYNTHEA_FHIR = path.resolve('../shared/fixtures/structured/fhir/synthea-marcos-delagarza.json')

async function uploadFhir(page: Page, file: string) {
	const documentId = await uploadBytes(page.request, { name: path.basename(file), mimeType: 'application/json', buffer: await readFile(file) })
	await waitUntilProcessed(page.request, [documentId])
	return documentId
}

test.describe('whose numbers (point 1)', () => {
	test('registration offers an optional date of birth, says why, and keeps it on the profile', async ({ page }) => {
		await page.goto('/register')
		const birthDate = page.getByLabel('Date of Birth (optional)')
		await expect(birthDate).toBeVisible()
		await expect(page.getByText(AUTH_MESSAGES.dateOfBirthHint)).toBeVisible()
		await page.getByLabel('Full Name').fill('Dana Whitfield')
		await page.getByLabel('Email').fill(uniqueEmail('dob'))
		await page.getByLabel('Password', { exact: true }).fill('Correct-horse-9')
		await page.getByLabel('Confirm Password').fill('Correct-horse-9')
		await birthDate.fill('1980-05-02')
		await page.getByRole('button', { name: 'Create account' }).click()
		await expect(page).toHaveURL('/')
		await page.goto('/profile')
		await expect(page.getByText('May 2, 1980')).toBeVisible()
	})

	test('a profile without a date of birth: a report naming someone else asks who it is for, and its values stay out of trends, the CSV export and the printable summary', async ({
		page,
		login,
	}) => {
		test.setTimeout(150_000)
		await login({ name: 'Avery Test' })
		const documentId = await uploadFixture(page.request, 'lab/StBrendan_CBC_CMP_20250203.pdf')
		await waitUntilProcessed(page.request, [documentId])

		await page.goto(`/records/${documentId}`)
		const question = page.getByTestId('subject-question')
		await expect(question.getByRole('heading', { name: SUBJECT_TEXTS.questionTitle })).toBeVisible()
		await expect(question).toContainText('This report is for IGNATIUS A. SZYMANSKI, born 1956')
		// its values are on its own page, waiting
		await expect(page.getByTestId('lab-values').locator('tr[data-code="potassium"]')).toContainText('6.5')
		await expect(page.getByTestId('document-values')).toContainText("waiting for 'Is this you?'")

		// not in trends
		await page.goto('/trends?range=all')
		await expect(page.getByTestId('metric-card-glucose').getByTestId('metric-value')).toHaveCount(0)
		// not in the CSV export: the header alone
		const csv = await (await page.request.get('/trends/export.csv?range=all')).text()
		expect(
			csv
				.replace(/^\uFEFF/, '')
				.trim()
				.split('\r\n'),
		).toEqual(['date,parameter,value,unit,reference range,status,source'])
		// not in the printable summary
		await page.goto('/trends/summary?range=all')
		await expect(page.getByText('No values in this period.')).toBeVisible()
		await expect(page.getByTestId('trends-summary')).not.toContainText('Potassium')
	})

	test("a DICOM study of another person asks 'Is this you?' naming its patient", async ({ page, login }) => {
		test.setTimeout(120_000)
		await login({ name: 'Avery Test' })
		const documentId = await uploadBytes(page.request, {
			name: 'chest_pa.dcm',
			mimeType: 'application/dicom',
			buffer: await readFile(path.join(FIXTURES, 'dicom/chest_pa.dcm')),
		})
		await waitUntilProcessed(page.request, [documentId])
		await page.goto(`/records/${documentId}`)
		await expect(page.getByTestId('subject-question')).toContainText('This report is for ODALYS J. KOWALCZYK, born 1968')
	})
})

test('one count for one document (point 2): the upload card, the record page, the notification and the dashboard agree', async ({ page, login }) => {
	test.setTimeout(150_000)
	await login({ name: 'Odalys Kowalczyk' })
	await page.goto('/upload')
	await page.getByTestId('file-input').setInputFiles([path.join(FIXTURES, 'lab/LabResults_Meridian_2025-03-14.pdf')])
	await page.getByRole('button', { name: 'Upload 1 file' }).click()
	const card = page.getByTestId('upload-result')
	await expect(card.getByTestId('upload-status')).toHaveText('Processed', { timeout: 90_000 })
	const counted = (await card.getByTestId('document-values').innerText()).trim()
	expect(counted).toMatch(/^\d+ lab values read(, \d+ to check)?(, \d+ outside the reference range)?\.$/)

	await page.getByRole('link', { name: 'View All Records' }).click()
	await page.locator('a[href^="/records/"]').first().click()
	await expect(page.getByTestId('document-values')).toHaveText(counted)

	await page.goto('/notifications')
	await expect(page.getByTestId('notification').filter({ hasText: 'is ready.' }).first()).toContainText(counted)

	await page.goto('/')
	await expect(page.getByTestId('recent-activity')).toContainText(counted)
})

test.describe('values to check (point 3)', () => {
	const implausible = (id: string, loinc: string, name: string, value: string, unit: string, low: string, high: string): CcdResult => ({
		id,
		loinc,
		name,
		value,
		unit,
		low,
		high,
		time: '20250301083000-0500',
	})

	test("imported values doubted are never 'misread', print no raw float, and 'Confirm all that look right' confirms the ticked ones", async ({
		page,
		login,
	}) => {
		test.setTimeout(120_000)
		await login({ name: 'Avery Test' })
		const xml = buildCcd({
			documentId: '2.16.840.1.113883.19.5.391',
			effectiveTime: '20250301',
			custodian: 'Lakeside Community Clinic',
			results: [
				implausible('g-1', '2345-7', 'Glucose', '4201.297388013491', 'mg/dL', '70', '99'),
				implausible('k-1', '2823-3', 'Potassium', '4.2', 'mmol/L', '3.5', '51'),
				implausible('na-1', '2951-2', 'Sodium', '140', 'mmol/L', '135', '145'),
			],
		})
		const documentId = await uploadBytes(page.request, { name: 'doubted.xml', mimeType: 'application/xml', buffer: Buffer.from(xml) })
		await waitUntilProcessed(page.request, [documentId])
		await page.goto(`/records/${documentId}`)
		await waitForHydration(page)

		const list = page.getByTestId('confirm-to-check')
		await expect(list.getByRole('checkbox')).toHaveCount(2)
		await expect(list).toContainText('The imported value 4201 is outside what is possible for Glucose')
		await expect(list).toContainText('The imported reference range')
		await expect(page.getByTestId('lab-values')).not.toContainText('misread')
		await expect(page.getByTestId('lab-values')).not.toContainText('4201.297')

		// the glucose does not look right: untick it, confirm the rest
		await list.getByRole('checkbox', { name: /Glucose/ }).uncheck()
		await list.getByRole('button', { name: VALUE_REVIEW_TEXTS.confirmAll }).click()
		await expect(page.getByText('Values confirmed')).toBeVisible()
		await expect(page.getByTestId('confirm-to-check').getByRole('checkbox')).toHaveCount(1)
		await expect(page.getByTestId('confirm-to-check')).toContainText('Glucose')
		await expect(page.getByTestId('lab-values').locator('tr[data-code="potassium"]')).toContainText(VALUE_REVIEW_TEXTS.confirmed)
	})
})

test('the grade follows the number shown (point 4): a FHIR import shows BMI 25.0 as overweight, no raw floats, dates as dates, names without codes', async ({
	page,
	login,
}) => {
	test.setTimeout(150_000)
	await login({ name: 'Marcos Delagarza' })
	const documentId = await uploadFhir(page, SYNTHEA_FHIR)

	const [summary] = (
		await (await page.request.get(`/api/trpc/documents.byIds?input=${encodeURIComponent(JSON.stringify({ json: { ids: [documentId] } }))}`)).json()
	).result.data.json as Array<{ textPreview: string }>
	expect(summary.textPreview).toContain('Body Height 183.1 cm')
	expect(summary.textPreview).not.toContain('183.0988')

	await page.goto(`/records/${documentId}`)
	const main = page.getByRole('main')
	await expect(main).not.toContainText('183.0988973459694')
	await expect(main).not.toContainText('NDA020800')
	await expect(main).toContainText('0.3 ML Epinephrine 1 MG/ML Auto-Injector')
	await expect(main).not.toContainText('T09:25:28')

	await page.goto('/trends?range=all&metric=bmi')
	await page.getByText(TRENDS_TEXTS.showTable).click()
	const row = page.getByRole('row').filter({ hasText: 'Jan 4, 2015' })
	await expect(row).toContainText('25.0')
	await expect(row).toContainText('Overweight')
})

test("the dashboard says what waits for 'Is this you?' and its counters follow the bell (point 11)", async ({ page, login }) => {
	test.setTimeout(150_000)
	await login({ name: 'Avery Test' })
	await page.goto('/')
	await waitForHydration(page)
	await expect(page.getByTestId('documents-count')).toHaveText('0')

	// uploaded elsewhere (another tab, the API): this page is not reloaded
	const documentId = await uploadBytes(page.request, { name: 'export.json', mimeType: 'application/json', buffer: await readFile(SYNTHEA_FHIR) })
	await expect(page.getByTestId('notification-badge')).toBeVisible({ timeout: 90_000 })
	await expect(page.getByTestId('documents-count')).toHaveText('1')
	await expect(page.getByTestId('recent-activity')).toContainText(/\d+ lab values waiting for 'Is this you\?'/)
	await expect(page.getByTestId('recent-activity')).not.toContainText('No lab values found')
	// answered, the record's values count, and the activity says so
	await page.goto(`/records/${documentId}`)
	await page.getByTestId('subject-question').getByRole('button', { name: SUBJECT_TEXTS.thisIsMe }).click()
	await expect(page.getByTestId('subject-question')).toHaveCount(0)
	await page.goto('/')
	await expect(page.getByTestId('recent-activity')).toContainText(/\d+ lab values read/)
})
