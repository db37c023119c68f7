import type { Page } from '@playwright/test'
import { eq } from 'drizzle-orm'
import { documents, healthParameters } from '#db/schema/tenant.ts'
import { withTenant } from '#server/tenancy/index.ts'
import { BASE_URL, expect, test, type TestUser } from './fixtures.ts'

/**
 * Issue 27 point 4: on the document page the patient confirms a value kept
 * "to check", corrects a value, removes a row that is not a result and adds
 * a missed one; the trend follows each change. The same with JavaScript off.
 */

const REASON = 'The reference range "70 - 9" is unusual for Glucose; a digit may have been misread.'

/** A processed lab report of 2025-03-14 whose glucose 107 the reading kept to check, beside an accepted cholesterol. */
async function labReportWithValueToCheck(user: TestUser & { organizationId: string }) {
	return withTenant(user.organizationId, async (tx) => {
		const [document] = await tx
			.insert(documents)
			.values({
				ownerId: user.id,
				fileName: 'meridian.pdf',
				fileKind: 'pdf',
				mimeType: 'application/pdf',
				sizeBytes: 1000,
				sha256: 'e2e-value-review',
				storageKey: `${user.organizationId}/e2e-value-review`,
				categoryGuess: 'bloodwork',
				title: 'Comprehensive panel',
				documentType: 'lab_report',
				documentDate: '2025-03-14',
				provider: 'Meridian Laboratories',
				extractedText: 'Glucose 107 mg/dL 70 - 9. Total cholesterol 230 mg/dL < 200.',
				status: 'processed',
			})
			.returning({ id: documents.id })
		const common = { ownerId: user.id, documentId: document!.id, source: 'document' as const, testDate: '2025-03-14', unit: 'mg/dL', ucumUnit: 'mg/dL' }
		await tx.insert(healthParameters).values([
			{
				...common,
				code: 'glucose',
				loinc: '2345-7',
				name: 'Glucose',
				value: 107,
				valueText: '107',
				referenceRangeMin: 70,
				referenceRangeMax: 9,
				referenceRangeText: '70 - 9',
				status: 'high',
				position: 0,
				reviewStatus: 'to_check',
				reviewCode: 'range_implausible',
				reviewReason: REASON,
			},
			{
				...common,
				code: 'total_cholesterol',
				loinc: '2093-3',
				name: 'Total Cholesterol',
				value: 230,
				valueText: '230',
				referenceRangeMax: 200,
				referenceRangeText: '< 200',
				status: 'high',
				position: 1,
			},
		])
		return document!.id
	})
}

async function glucoseOnTrends(page: Page) {
	await page.goto('/trends?range=all')
	return page.getByTestId('metric-card-glucose').getByTestId('metric-value')
}

async function reviewAndFollowTrend(page: Page, user: TestUser & { organizationId: string }) {
	const documentId = await labReportWithValueToCheck(user)

	// kept out of the trend while it is to check
	await expect(await glucoseOnTrends(page)).toHaveCount(0)
	await expect(page.getByTestId('metric-card-cholesterol').getByTestId('metric-value')).toHaveText('230')

	await page.goto(`/records/${documentId}`)
	const glucose = page.locator('tr[data-code="glucose"]')
	await expect(page.getByText('1 value to check')).toBeVisible()
	await expect(glucose.getByText('To check')).toBeVisible()
	await expect(glucose.getByText(REASON)).toBeVisible()

	// confirm: it counts
	await glucose.getByRole('button', { name: 'Confirm Glucose' }).click()
	await expect(page.getByText('Value confirmed', { exact: true })).toBeVisible()
	await expect(glucose.getByText('Confirmed')).toBeVisible()
	await expect(page.getByText('1 value to check')).toHaveCount(0)
	await expect(await glucoseOnTrends(page)).toHaveText('107')

	// correct: the trend shows the correction, the page the reading beside it
	await page.goto(`/records/${documentId}`)
	await glucose.getByRole('link', { name: 'Edit Glucose' }).click()
	const form = page.getByRole('form', { name: 'Correct Glucose' })
	await expect(form.getByLabel('Value')).toHaveValue('107')
	await form.getByLabel('Reference range').fill('normal')
	await form.getByRole('button', { name: 'Save correction' }).click()
	await expect(form.getByText('Enter a range such as 70 - 99, < 150 or > 40')).toBeVisible()
	await form.getByLabel('Value').fill('101')
	await form.getByLabel('Reference range').fill('70 - 99')
	await form.getByRole('button', { name: 'Save correction' }).click()
	await expect(page.getByText('Value corrected', { exact: true })).toBeVisible()
	await expect(glucose.getByText('Corrected')).toBeVisible()
	await expect(glucose.getByText('Read as: 107 mg/dL (70 - 9)')).toBeVisible()
	await expect(glucose.locator('td').first()).toHaveText('101')
	await expect(await glucoseOnTrends(page)).toHaveText('101')

	// remove: no longer a result
	await page.goto(`/records/${documentId}`)
	await glucose.getByRole('button', { name: 'Remove Glucose' }).click()
	await expect(page.getByText('Row removed', { exact: true })).toBeVisible()
	await expect(glucose).toHaveCount(0)
	await expect(page.getByText('1 row removed as not a result.')).toBeVisible()
	await expect(await glucoseOnTrends(page)).toHaveCount(0)

	// add the value the reading missed
	await page.goto(`/records/${documentId}`)
	await page.getByText('Add a missed value').click()
	const add = page.locator('form#add-value')
	await add.getByRole('button', { name: 'Add value' }).click()
	await expect(add.getByText('Choose the test')).toBeVisible()
	await add.getByLabel('Test').selectOption({ label: 'Glucose' })
	await add.getByLabel('Value').fill('95')
	await add.getByLabel('Unit').fill('mg/dL')
	await add.getByLabel('Reference range').fill('70 - 99')
	await add.getByRole('button', { name: 'Add value' }).click()
	await expect(page.getByText('Value added', { exact: true })).toBeVisible()
	await expect(glucose.getByText('Added by you')).toBeVisible()
	await expect(await glucoseOnTrends(page)).toHaveText('95')
}

test('the patient confirms, corrects, removes and adds a lab value, and the trend follows', async ({ page, login }) => {
	test.setTimeout(90_000)
	const user = await login({ name: 'Review Patient' })
	await reviewAndFollowTrend(page, user)
})

test('another patient cannot review the values of a document that is not theirs', async ({ page, login, insertNewUser }) => {
	const owner = await insertNewUser()
	const documentId = await labReportWithValueToCheck(owner)
	const [glucose] = await withTenant(owner.organizationId, (tx) =>
		tx.select({ id: healthParameters.id }).from(healthParameters).where(eq(healthParameters.code, 'glucose')),
	)
	await login()
	const response = await page.request.post(`/records/${documentId}`, {
		headers: { Origin: BASE_URL },
		form: { intent: 'confirm-value', parameterId: glucose!.id },
		maxRedirects: 0,
	})
	expect(response.status()).toBe(404)
	const [after] = await withTenant(owner.organizationId, (tx) =>
		tx.select({ reviewStatus: healthParameters.reviewStatus }).from(healthParameters).where(eq(healthParameters.id, glucose!.id)),
	)
	expect(after!.reviewStatus).toBe('to_check')
})

test.describe('without JavaScript', () => {
	test.use({ javaScriptEnabled: false })

	test('the same review works with plain forms', async ({ page, login }) => {
		test.setTimeout(90_000)
		const user = await login({ name: 'Review Patient' })
		await reviewAndFollowTrend(page, user)
	})
})
