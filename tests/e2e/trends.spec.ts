import { readFileSync } from 'node:fs'
import path from 'node:path'
import type { APIRequestContext } from '@playwright/test'
import { confirmAsOwn } from './documents.ts'
import { BASE_URL, expect, test } from './fixtures.ts'

const FIXTURES = path.resolve('../shared/fixtures/documents')

/** Text-layer PDFs (no OCR): 2024-10-08 wellness screening, 2025-01-22 and 2025-03-14 labs, 2025-04-02 visit note. */
const LAB_FIXTURES = [
	'lab/wellness-screening-results.pdf',
	'lab/bluewater_final_report.pdf',
	'lab/LabResults_Meridian_2025-03-14.pdf',
	'other/visit_note_2025-04-02.pdf',
]

async function uploadAndWait(request: APIRequestContext, fixtures: string[]) {
	const ids: string[] = []
	for (const fixture of fixtures) {
		const response = await request.post('/api/documents/upload', {
			headers: { Origin: BASE_URL },
			multipart: {
				file: { name: path.basename(fixture), mimeType: 'application/pdf', buffer: readFileSync(path.join(FIXTURES, fixture)) },
			},
		})
		expect(response.status()).toBe(201)
		ids.push((await response.json()).documentId)
	}
	const input = encodeURIComponent(JSON.stringify({ json: { ids } }))
	await expect
		.poll(
			async () => {
				const response = await request.get(`/api/trpc/documents.byIds?input=${input}`)
				const documents: { status: string }[] = (await response.json()).result.data.json
				return documents.map((document) => document.status)
			},
			{ timeout: 60_000, intervals: [500, 1000] },
		)
		.toEqual(fixtures.map(() => 'processed'))
	await confirmAsOwn(request, ids)
	return ids
}

test('a patient with uploaded lab reports sees the cards, a metric chart, predictions and risk', async ({ page, login }) => {
	test.setTimeout(120_000)
	await login({ name: 'Trend Patient' })
	await uploadAndWait(page.request, LAB_FIXTURES)

	await page.goto('/trends')
	await expect(page.getByRole('heading', { name: 'Health Trends', level: 1 })).toBeVisible()
	await expect(page.getByRole('tab', { name: 'Overview' })).toHaveAttribute('aria-selected', 'true')
	// The newest fixture is from April 2025: nothing falls inside the default 6 months, and the cards say when the latest was.
	await expect(page.getByLabel('Time range')).toHaveValue('6m')
	const glucoseCard = page.getByTestId('metric-card-glucose')
	await expect(glucoseCard).toContainText('No glucose readings in the last 6 months.')
	await expect(glucoseCard).toContainText('Latest: 107 mg/dL on Mar 14, 2025.')

	await page.getByLabel('Time range').selectOption('all')
	await expect(page).toHaveURL(/range=all/)
	await expect(page.getByTestId('metric-card-blood-pressure').getByTestId('metric-value')).toHaveText('141/90')
	await expect(page.getByTestId('metric-card-cholesterol').getByTestId('metric-value')).toHaveText('230')
	await expect(page.getByTestId('metric-card-cholesterol').getByTestId('metric-trend')).toHaveText('↑ Up 37.7% from last month')
	await expect(page.getByTestId('metric-card-glucose').getByTestId('metric-value')).toHaveText('107')
	await expect(page.getByTestId('metric-card-bmi').getByTestId('metric-value')).toHaveText('29.5')
	await expect(page.getByTestId('metric-card-blood-pressure').getByTestId('metric-trend')).toContainText('Down 4.1% since Oct 2024')
	// No metric chosen: the chart of the metric with the newest reading (the visit note's blood pressure), not a placeholder.
	await expect(page.getByRole('heading', { name: 'Blood Pressure trend', exact: true, level: 2 })).toBeVisible()
	await expect(page.getByText('Select a specific metric to view detailed trends')).toHaveCount(0)

	await page.getByRole('link', { name: 'Glucose trend chart' }).click()
	await expect(page).toHaveURL(/metric=glucose/)
	await expect(page.getByRole('heading', { name: 'Glucose trend', exact: true, level: 2 })).toBeVisible()
	const glucoseSummary = 'Glucose: 3 readings in all time, from Oct 8, 2024 to Mar 14, 2025; 2 outside the reference range (70–99 mg/dL).'
	await expect(page.getByTestId('metric-chart-summary')).toHaveText(glucoseSummary)
	await expect(page.getByTestId('metric-chart').getByRole('img', { name: glucoseSummary })).toBeVisible()
	await page.reload()
	await expect(page.getByTestId('metric-chart').getByRole('img', { name: glucoseSummary })).toBeVisible()

	await page.getByRole('tab', { name: 'Predictions' }).click()
	await expect(page.getByRole('heading', { name: 'Health Predictions' })).toBeVisible()
	// The fixtures' readings are from 2024-2025: too old for a prediction, and the cards say how old (issue 39).
	await expect(page.getByTestId('prediction-glucose')).toContainText(/Your newest glucose reading is from Mar 14, 2025, .+ ago\./)
	await expect(page.getByTestId('prediction-glucose')).toContainText('This is not a diagnosis.')
	await expect(page.getByTestId('prediction-cholesterol').getByRole('img')).toHaveCount(0)

	await page.getByRole('tab', { name: 'Risk Assessment' }).click()
	await expect(page.getByRole('heading', { name: 'Risk Assessment', level: 2 })).toBeVisible()
	await expect(page.getByTestId('risk-hypertension').getByTestId('risk-level')).toHaveText('High risk')
	await expect(page.getByTestId('risk-hypertension').getByTestId('risk-score')).toHaveText('80/100')
	await expect(page.getByTestId('risk-hypertension').getByTestId('risk-sources')).toContainText('2017 ACC/AHA Guideline')
	await expect(page.getByTestId('risk-hypertension').getByTestId('risk-value-sources')).toContainText('Apr 2, 2025')
	await expect(page.getByTestId('risk-cardiovascular').getByTestId('risk-missing-inputs')).toContainText('age (date of birth)')

	await page.getByLabel('Date of birth').fill('1965-02-01')
	await page.getByLabel('Sex').selectOption('female')
	await page.getByLabel('Race group').selectOption('white')
	await page.getByLabel('Do you currently smoke?').selectOption('no')
	await page.getByLabel('Do you take medication for high blood pressure?').selectOption('no')
	await page.getByLabel('Have you been diagnosed with diabetes?').selectOption('no')
	await page.getByRole('button', { name: 'Save risk profile' }).click()
	await expect(page.getByText('Your risk profile has been saved.')).toBeVisible()
	await expect(page.getByTestId('risk-cardiovascular')).toContainText('10-year ASCVD risk:')
	await expect(page.getByTestId('risk-cardiovascular').getByTestId('risk-sources')).toContainText('Pooled Cohort Equations')
	await expect(page.getByTestId('risk-cardiovascular').getByTestId('risk-missing-inputs')).toHaveCount(0)
})

test('a patient adds a blood-pressure reading, sees the card update, and deletes it', async ({ page, login }) => {
	await login({ name: 'Reading Patient' })
	await page.goto('/trends')
	const card = page.getByTestId('metric-card-blood-pressure')
	await expect(card).toContainText('No blood pressure readings yet.')
	await card.getByRole('link', { name: 'Add a reading' }).click()
	await expect(page).toHaveURL(/#add-reading$/)

	await page.getByLabel('Systolic pressure (mmHg)').fill('20')
	await page.getByLabel('Diastolic pressure (mmHg)').fill('80')
	await page.getByRole('button', { name: 'Add reading' }).click()
	await expect(page.getByText('Systolic pressure must be between 50 and 300 mmHg.')).toBeVisible()
	await page.getByLabel('Systolic pressure (mmHg)').fill('400')
	await expect(page.getByText('Systolic pressure must be between 50 and 300 mmHg.')).toBeVisible()
	await page.getByLabel('Systolic pressure (mmHg)').fill('128')
	await page.getByLabel('Diastolic pressure (mmHg)').fill('130')
	await page.getByRole('button', { name: 'Add reading' }).click()
	await expect(page.getByText('Diastolic pressure must be lower than systolic pressure.')).toBeVisible()
	await page.getByLabel('Diastolic pressure (mmHg)').fill('82')
	await page.getByRole('button', { name: 'Add reading' }).click()

	await expect(page.getByText('Your reading has been added.')).toBeVisible()
	await expect(card.getByTestId('metric-value')).toHaveText('128/82')
	await expect(card).toContainText('No earlier reading to compare')
	await expect(page.getByTestId('manual-reading')).toHaveText(/Blood pressure: 128\/82 mmHg/)

	await page.getByRole('button', { name: /^Delete blood pressure reading of / }).click()
	const dialog = page.getByRole('dialog', { name: 'Delete this reading?' })
	await expect(dialog).toBeVisible()
	await dialog.getByRole('button', { name: 'Delete reading' }).click()
	await expect(page.getByText('The reading has been deleted.')).toBeVisible()
	await expect(card).toContainText('No blood pressure readings yet.')
	await expect(page.getByTestId('manual-reading')).toHaveCount(0)
})

test.describe('without JavaScript', () => {
	test.use({ javaScriptEnabled: false })

	test('the range, tabs and the add-reading form still work', async ({ page, login }) => {
		await login({ name: 'Noscript Patient' })
		await page.goto('/trends?range=6m&tab=overview&reading=weight')
		await page.getByLabel('Time range').selectOption('1y')
		await page.getByRole('button', { name: 'Apply' }).click()
		await expect(page).toHaveURL(/range=1y/)

		await page.getByLabel('Weight', { exact: true }).fill('176')
		await page.getByLabel('Height (optional)').fill('5')
		await page.getByRole('button', { name: 'Add reading' }).click()
		await expect(page.getByText('Height must be between 12 and 107 in.')).toBeVisible()
		await page.getByLabel('Height (optional)').fill('68')
		await page.getByRole('button', { name: 'Add reading' }).click()
		await expect(page.getByText('Your reading has been added.')).toBeVisible()
		await expect(page.getByTestId('metric-card-bmi').getByTestId('metric-value')).toHaveText('26.8')

		await page.getByRole('tab', { name: 'Risk Assessment' }).click()
		await expect(page.getByTestId('risk-diabetes')).toContainText('Not enough data')
	})
})

test('the server draws the chart: the same chart without JavaScript, the readings as points with their values, no console error', async ({
	page,
	login,
	browser,
}) => {
	await login({ name: 'Chart Patient' })
	await page.goto('/trends#add-reading')
	await page.getByLabel('Systolic pressure (mmHg)').fill('128')
	await page.getByLabel('Diastolic pressure (mmHg)').fill('82')
	await page.getByRole('button', { name: 'Add reading' }).click()
	await expect(page.getByText('Your reading has been added.')).toBeVisible()

	const noScript = await browser.newContext({ javaScriptEnabled: false, storageState: await page.context().storageState() })
	const serverPage = await noScript.newPage()
	await serverPage.goto('/trends?metric=blood-pressure')
	const serverChart = serverPage.getByTestId('metric-chart').getByRole('img', { name: /^Blood Pressure: 1 reading in the last 6 months/ })
	await expect(serverChart).toBeVisible()
	const serverBox = await serverChart.boundingBox()
	expect(serverBox?.width).toBeGreaterThan(100)
	// Systolic and diastolic, each a point whose tooltip is its value; no canvas, no chart library.
	await expect(serverChart.locator('[title*=": Systolic 128 mmHg"]')).toBeVisible()
	await expect(serverChart.locator('[title*=": Diastolic 82 mmHg"]')).toBeVisible()
	await expect(serverPage.getByTestId('metric-chart')).toContainText('Systolic')
	await expect(serverPage.getByTestId('metric-chart').locator('canvas')).toHaveCount(0)
	await noScript.close()

	const errors: string[] = []
	page.on('console', (message) => {
		if (message.type() === 'error') errors.push(message.text())
	})
	page.on('pageerror', (error) => errors.push(error.message))
	await page.goto('/trends?metric=blood-pressure')
	const chart = page.getByTestId('metric-chart').getByRole('img', { name: /^Blood Pressure: 1 reading/ })
	await expect(chart).toBeVisible()
	await expect(chart.locator('[title*=": Systolic 128 mmHg"]')).toBeVisible()
	// The same box as without JavaScript: hydration changes nothing on the page.
	expect((await chart.boundingBox())?.height).toBe(serverBox?.height)
	expect(errors).toEqual([])
})
