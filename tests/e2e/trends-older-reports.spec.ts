import { MONTH_ABBREVIATIONS } from '#server/time/shared/date-format.ts'
import { expect, test } from './fixtures.ts'
import { daysAgo, seedHealthValues } from './seed-rows.ts'

/** 'Mar 2025': the label an axis longer than three months gives a date's month. */
function monthLabel(date: string) {
	const [year, month] = date.split('-').map(Number)
	return `${MONTH_ABBREVIATIONS[month - 1]} ${year}`
}

// Issue 39, point 5: a new patient uploads older reports; nothing falls in the default 6 months.
test('trends after uploading older reports: the cards say so, a chart shows the newest data over a range that holds it, all time spans the data, a lone systolic counts', async ({
	page,
	login,
}) => {
	const patient = await login({ name: 'Older Reports' })
	await seedHealthValues(patient, [
		{ code: 'glucose', name: 'Glucose', value: 96, unit: 'mg/dL', daysAgo: 560, min: 70, max: 99 },
		{ code: 'glucose', name: 'Glucose', value: 104, unit: 'mg/dL', daysAgo: 480, min: 70, max: 99 },
		{ code: 'glucose', name: 'Glucose', value: 110, unit: 'mg/dL', daysAgo: 430, min: 70, max: 99 },
		// a report that printed the systolic value alone
		{ code: 'systolic_bp', name: 'Systolic blood pressure', value: 142, unit: 'mmHg', daysAgo: 400 },
		{ code: 'total_cholesterol', name: 'Total cholesterol', value: 212, unit: 'mg/dL', daysAgo: 300 },
	])

	await page.goto('/trends')
	await expect(page.getByLabel('Time range')).toHaveValue('6m')
	const glucoseCard = page.getByTestId('metric-card-glucose')
	await expect(glucoseCard).toContainText('No glucose readings in the last 6 months.')
	await expect(glucoseCard).toContainText('Latest: 110 mg/dL on')
	await expect(glucoseCard.getByRole('link', { name: 'Show all time' })).toBeVisible()
	const pressureCard = page.getByTestId('metric-card-blood-pressure')
	await expect(pressureCard).toContainText('No blood pressure readings in the last 6 months.')
	await expect(pressureCard).toContainText('Latest: 142/– mmHg on')

	// The chart area is not left empty: cholesterol has the newest reading, shown over the last year that holds it.
	const overview = page.getByTestId('health-overview')
	await expect(overview.getByRole('heading', { name: 'Cholesterol trend', level: 2 })).toBeVisible()
	await expect(overview.getByTestId('default-chart-note')).toHaveText(
		'Shown: the metric with the most recent reading, over last year, as there are no readings in the last 6 months. Choose a card to see another.',
	)
	await expect(overview.getByTestId('metric-chart-summary')).toContainText('Cholesterol: 1 reading in the last year')
	await expect(page.getByText('Select a specific metric to view detailed trends')).toHaveCount(0)

	await pressureCard.getByRole('link', { name: 'Show all time' }).click()
	await expect(page).toHaveURL(/range=all/)
	await expect(pressureCard.getByTestId('metric-value')).toHaveText('142/–')
	await expect(pressureCard.getByTestId('metric-partial')).toHaveText('Systolic only')
	await expect(pressureCard).not.toContainText('No blood pressure readings')

	// All time: the axis runs from the first reading to the last, not on to today.
	await page.getByRole('link', { name: 'Glucose trend chart' }).click()
	await expect(page).toHaveURL(/metric=glucose/)
	const ticks = page.getByTestId('metric-chart').getByTestId('chart-x-tick')
	await expect(ticks.first()).toHaveText(monthLabel(daysAgo(560)))
	await expect(ticks.last()).toHaveText(monthLabel(daysAgo(430)))

	await page.getByRole('link', { name: 'Blood Pressure trend chart' }).click()
	const chart = page.getByTestId('metric-chart')
	await expect(chart.locator('[title*=": Systolic 142 mmHg"]')).toHaveCount(1)
})

// Issue 39, point 6.
test('predictions need recent data and say how old it is, never project a value into the range it is in, count readings right, and are named for what they are', async ({
	page,
	login,
}) => {
	const patient = await login({ name: 'Prediction Patient' })
	// three blood pressures on three days of one month (last month, inside the 3 months a prediction needs)
	const lastMonth = new Date()
	lastMonth.setUTCDate(1)
	lastMonth.setUTCMonth(lastMonth.getUTCMonth() - 1)
	const dayOfLastMonth = (day: number) => Math.round((Date.now() - Date.UTC(lastMonth.getUTCFullYear(), lastMonth.getUTCMonth(), day)) / 86_400_000)
	await seedHealthValues(patient, [
		// glucose: a series that ended 14 months ago
		{ code: 'glucose', name: 'Glucose', value: 104, unit: 'mg/dL', daysAgo: 500 },
		{ code: 'glucose', name: 'Glucose', value: 108, unit: 'mg/dL', daysAgo: 470 },
		{ code: 'glucose', name: 'Glucose', value: 113, unit: 'mg/dL', daysAgo: 430 },
		// cholesterol: borderline high now and steady, so it stays there
		{ code: 'total_cholesterol', name: 'Total cholesterol', value: 225, unit: 'mg/dL', daysAgo: 75 },
		{ code: 'total_cholesterol', name: 'Total cholesterol', value: 226, unit: 'mg/dL', daysAgo: 45 },
		{ code: 'total_cholesterol', name: 'Total cholesterol', value: 225, unit: 'mg/dL', daysAgo: 5 },
		...[3, 10, 17].flatMap((day) => [
			{ code: 'systolic_bp', name: 'Systolic blood pressure', value: 118, unit: 'mmHg', daysAgo: dayOfLastMonth(day) },
			{ code: 'diastolic_bp', name: 'Diastolic blood pressure', value: 76, unit: 'mmHg', daysAgo: dayOfLastMonth(day) },
		]),
	])

	await page.goto('/trends?tab=predictions')
	await expect(page.getByRole('heading', { name: 'Health Predictions' })).toBeVisible()
	await expect(page.getByText('AI-powered', { exact: false })).toHaveCount(0)
	await expect(
		page.getByText('Linear-regression forecasts of your health metrics from your recent readings, each with its 95% prediction interval.'),
	).toBeVisible()

	const glucose = page.getByTestId('prediction-glucose')
	await expect(glucose).toContainText(/Your newest glucose reading is from .+, 1 year and 2 months ago\. A prediction needs a reading from the last 3 months/)
	await expect(glucose).not.toContainText('Predicted for')
	await expect(glucose.getByRole('img')).toHaveCount(0)

	const cholesterol = page.getByTestId('prediction-cholesterol')
	await expect(cholesterol.getByTestId('prediction-newest')).toHaveText(/^Newest reading: .+ \(5 days ago\)\.$/)
	await expect(cholesterol).toContainText(/Predicted for [A-Z][a-z]{2} \d{4}: 2\d\d mg\/dL/)
	const advice = cholesterol.getByTestId('prediction-recommendation')
	await expect(advice).toContainText('Your total cholesterol is in the borderline-high range (200-239 mg/dL) and is projected to stay there.')
	await expect(advice).not.toContainText('projected to reach')

	const pressure = page.getByTestId('prediction-blood-pressure')
	await expect(pressure).toContainText(
		`Add 1 more reading from another month to see a prediction: it needs readings on at least 3 days in at least 2 different months within 7 months. You have readings on 3 days, all in ${monthLabel(daysAgo(dayOfLastMonth(3)))}.`,
	)
	await expect(page.getByTestId('prediction-bmi')).toContainText('Add 3 more readings to see a prediction')
})

test('a recent forecast draws its interval, and an uncertain one says so in words', async ({ page, login }) => {
	const patient = await login({ name: 'Uncertain Forecast' })
	await seedHealthValues(patient, [
		{ code: 'total_cholesterol', name: 'Total cholesterol', value: 170, unit: 'mg/dL', daysAgo: 75 },
		{ code: 'total_cholesterol', name: 'Total cholesterol', value: 240, unit: 'mg/dL', daysAgo: 45 },
		{ code: 'total_cholesterol', name: 'Total cholesterol', value: 180, unit: 'mg/dL', daysAgo: 5 },
	])
	await page.goto('/trends?tab=predictions')
	const cholesterol = page.getByTestId('prediction-cholesterol')
	await expect(
		cholesterol.getByRole('img', { name: /^Cholesterol: actual values by month, predicted values and the prediction interval\. .+: \d/ }),
	).toBeVisible()
	await expect(cholesterol.locator('polygon[fill^="rgba(217, 119, 6"]')).toHaveCount(1)
	await expect(cholesterol.locator('[title*=": Predicted "]')).toHaveCount(3)
	await expect(cholesterol.getByTestId('prediction-too-wide')).toContainText('Too uncertain to be useful yet')
	await expect(cholesterol).toContainText('The shaded interval reaches beyond the chart and is cut off at its edge.')
})
