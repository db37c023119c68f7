import type { Page } from '@playwright/test'
import { PRINTED_RESULT_NOTICES, PRINTED_RESULT_TEXTS } from '#server/health/shared/printed-results.ts'
import { KNOWN_ROWS, reportWithRows, type ReportRow } from '../support/uncoded-row-report.ts'
import { uploadBytes, waitForHydration, waitUntilProcessed } from './documents.ts'
import { BASE_URL, expect, signInAs, test } from './fixtures.ts'

/**
 * Issue 38 point 3: a report prints glucose under a name the vocabulary does not know ('Blood
 * dextrose', in mmol/L) beside one no analyte is (Zonulin). Both are shown on the document page
 * under their printed names, 'Not in trends'; the patient says the first is glucose, and it
 * appears in the trend in mg/dL. The next report printing the name is added by that choice,
 * which the patient can undo. The same with plain forms when JavaScript does not run.
 */

async function uploadReport(page: Page, patientName: string, collected: string, rows: ReportRow[]) {
	const buffer = await reportWithRows(patientName, collected, [...KNOWN_ROWS, ...rows])
	const documentId = await uploadBytes(page.request, { name: 'harbourside.pdf', mimeType: 'application/pdf', buffer })
	await waitUntilProcessed(page.request, [documentId])
	return documentId
}

const printedRow = (page: Page, name: string) => page.getByTestId('printed-result').filter({ has: page.getByRole('heading', { name, exact: true }) })

async function glucoseOnTrends(page: Page) {
	await page.goto('/trends?range=all')
	return page.getByTestId('metric-card-glucose').getByTestId('metric-value')
}

async function codeAndFollowTrend(page: Page, patientName: string, options: { search: boolean }) {
	const documentId = await uploadReport(page, patientName, '10 February 2025', [
		['Blood dextrose', '5.8', 'mmol/L', '3.9 - 5.5'],
		['Zonulin', '45', 'ng/mL', '13 - 60'],
	])
	await expect(await glucoseOnTrends(page)).toHaveCount(0)

	await page.goto(`/records/${documentId}`)
	await expect(page.getByRole('heading', { name: PRINTED_RESULT_TEXTS.heading })).toBeVisible()
	const dextrose = printedRow(page, 'Blood dextrose')
	await expect(dextrose).toContainText('5.8')
	await expect(dextrose).toContainText('mmol/L')
	await expect(dextrose).toContainText('3.9 - 5.5')
	await expect(dextrose.getByTestId('parameter-grade')).toHaveText('High')
	await expect(dextrose.getByText(PRINTED_RESULT_TEXTS.notInTrends)).toBeVisible()
	const zonulin = printedRow(page, 'Zonulin')
	await expect(zonulin.getByTestId('parameter-grade')).toHaveText('Normal')
	await expect(zonulin.getByText(PRINTED_RESULT_TEXTS.notInTrends)).toBeVisible()
	// the known rows stay the document's lab values
	await expect(page.locator('tr[data-code="sodium"]')).toBeVisible()

	const select = dextrose.getByRole('combobox', { name: PRINTED_RESULT_TEXTS.chooseTitle, exact: true })
	// only tests its unit converts to: mmol/L is no unit of a cell count
	await expect(select.locator('option', { hasText: /^WBC / })).toHaveCount(0)
	if (options.search) {
		await waitForHydration(page)
		await expect(select.locator('option', { hasText: /^Sodium \(mmol\/L\)$/ })).toHaveCount(1)
		await dextrose.getByLabel(PRINTED_RESULT_TEXTS.searchLabel).fill('glucose')
		await expect(select.locator('option', { hasText: /^Sodium \(mmol\/L\)$/ })).toHaveCount(0)
		await expect(select.locator('option', { hasText: /^Glucose \(mg\/dL\)$/ })).toHaveCount(1)
	}
	await select.selectOption({ label: 'Glucose (mg/dL)' })
	await dextrose.getByRole('button', { name: `${PRINTED_RESULT_TEXTS.submit}: Blood dextrose` }).click()
	await expect(page.getByText(PRINTED_RESULT_NOTICES['code-printed-result'].title, { exact: true })).toBeVisible()
	await expect(dextrose.getByText(PRINTED_RESULT_TEXTS.inTrendsAs('Glucose'))).toBeVisible()
	await expect(dextrose).toContainText(`${PRINTED_RESULT_TEXTS.byYou} · ${PRINTED_RESULT_TEXTS.asConverted('104 mg/dL')}`)
	await expect(zonulin.getByText(PRINTED_RESULT_TEXTS.notInTrends)).toBeVisible()

	// it joins the trend, in the analyte's unit
	await expect(await glucoseOnTrends(page)).toHaveText('104')
	return documentId
}

test('a row under an unknown name is shown not in trends, coded as an analyte by the patient, and joins the trend', async ({ page, login }) => {
	test.setTimeout(120_000)
	const user = await login({ name: 'Ana Lima' })
	await codeAndFollowTrend(page, user.name, { search: true })

	// the next report printing the name is added by the earlier choice; the patient can undo it
	const nextId = await uploadReport(page, user.name, '12 May 2025', [['BLOOD DEXTROSE', '6.1', 'mmol/L', '3.9 - 5.5']])
	await page.goto(`/records/${nextId}`)
	const next = printedRow(page, 'BLOOD DEXTROSE')
	await expect(next.getByText(PRINTED_RESULT_TEXTS.inTrendsAs('Glucose'))).toBeVisible()
	await expect(next).toContainText(PRINTED_RESULT_TEXTS.byEarlierChoice)
	await expect(await glucoseOnTrends(page)).toHaveText('110')
	await page.goto(`/records/${nextId}`)
	await next.getByRole('button', { name: `${PRINTED_RESULT_TEXTS.undo} BLOOD DEXTROSE` }).click()
	await expect(page.getByText(PRINTED_RESULT_NOTICES['uncode-printed-result'].title, { exact: true })).toBeVisible()
	await expect(next.getByText(PRINTED_RESULT_TEXTS.notInTrends)).toBeVisible()
	await expect(await glucoseOnTrends(page)).toHaveText('104')
})

test('a test the row cannot be is refused beside it, and another patient cannot code the row', async ({ page, login, insertNewUser, browser }) => {
	test.setTimeout(120_000)
	const user = await login({ name: 'Ana Lima' })
	const documentId = await uploadReport(page, user.name, '10 February 2025', [['Zonulin', '45', 'ng/mL', '13 - 60']])
	await page.goto(`/records/${documentId}`)
	const zonulin = printedRow(page, 'Zonulin')
	// a mass concentration converts to glucose's unit, but 0.0045 mg/dL is no glucose
	await zonulin.getByRole('combobox', { name: PRINTED_RESULT_TEXTS.chooseTitle, exact: true }).selectOption({ label: 'Glucose (mg/dL)' })
	await zonulin.getByRole('button', { name: `${PRINTED_RESULT_TEXTS.submit}: Zonulin` }).click()
	await expect(zonulin.getByText(PRINTED_RESULT_TEXTS.valueImplausible('Glucose'))).toBeVisible()
	await expect(zonulin.getByText(PRINTED_RESULT_TEXTS.notInTrends)).toBeVisible()

	const rowId = await zonulin.locator('input[name="printedResultId"]').first().inputValue()
	const stranger = await browser.newContext()
	try {
		const strangerPage = await stranger.newPage()
		await signInAs(strangerPage, await insertNewUser())
		const response = await strangerPage.request.post(`${BASE_URL}/records/${documentId}`, {
			headers: { Origin: BASE_URL },
			form: { intent: 'code-printed-result', printedResultId: rowId, code: 'albumin' },
			maxRedirects: 0,
		})
		expect(response.status()).toBe(404)
	} finally {
		await stranger.close()
	}
	await page.reload()
	await expect(zonulin.getByText(PRINTED_RESULT_TEXTS.notInTrends)).toBeVisible()
})

test.describe('without JavaScript', () => {
	test.use({ javaScriptEnabled: false })

	test('the row is coded with a plain form', async ({ page, login }) => {
		test.setTimeout(120_000)
		const user = await login({ name: 'Ana Lima' })
		await codeAndFollowTrend(page, user.name, { search: false })
	})
})
