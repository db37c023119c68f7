import type { Page } from '@playwright/test'
import { waitForHydration } from './documents.ts'
import { expect, test } from './fixtures.ts'
import { daysAgo, insertDocumentRow, seedHealthValues } from './seed-rows.ts'

/*
 * Issue 39, point 10: at 390 px every control of the record page (with lab values to check),
 * Compare and each trend chart is inside the screen, nothing scrolls sideways, and the charts'
 * axis labels do not run into each other.
 */

const WIDTH = 390

/** What does not fit a 390 px screen on the current page: sideways scroll, controls in <main> outside the viewport, axis labels on top of each other. */
async function narrowScreenProblems(page: Page) {
	return page.evaluate(() => {
		const width = document.documentElement.clientWidth
		const problems: string[] = []
		if (document.documentElement.scrollWidth > width) problems.push(`page is ${document.documentElement.scrollWidth} px wide`)
		const describe = (element: Element) =>
			`${element.tagName.toLowerCase()} "${(element.getAttribute('aria-label') ?? element.textContent ?? '').trim().slice(0, 40)}"`
		// the controls, and the cells of tables (a value's range and status)
		const controls = document.querySelectorAll(
			'main a[href], main button, main input:not([type=hidden]), main select, main textarea, main summary, main td, main th',
		)
		// inside a visually hidden box (sr-only: 1 px, overflow hidden) it is for screen readers only
		const isVisuallyHidden = (element: Element) => {
			for (let node: Element | null = element; node && node !== document.body; node = node.parentElement) {
				const box = node.getBoundingClientRect()
				if (box.width <= 1 && box.height <= 1 && getComputedStyle(node).overflow === 'hidden') return true
			}
			return false
		}
		for (const control of controls) {
			const rect = control.getBoundingClientRect()
			if (rect.width === 0 || rect.height === 0 || !control.checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue
			if (isVisuallyHidden(control)) continue
			if (rect.left < -1 || rect.right > width + 1) problems.push(`${describe(control)} at x ${Math.round(rect.left)}-${Math.round(rect.right)}`)
		}
		for (const chart of document.querySelectorAll('main [role="img"]')) {
			const ticks = [...chart.querySelectorAll('[data-testid="chart-x-tick"]')]
				.map((tick) => tick.getBoundingClientRect())
				.filter((rect) => rect.width > 0)
				.sort((a, b) => a.left - b.left)
			for (let index = 1; index < ticks.length; index++) {
				if (ticks[index].left < ticks[index - 1].right) problems.push(`axis labels overlap in "${chart.getAttribute('aria-label')?.slice(0, 40)}"`)
			}
			for (const rect of ticks)
				if (rect.left < 0 || rect.right > width) problems.push(`axis label outside the screen in "${chart.getAttribute('aria-label')?.slice(0, 40)}"`)
		}
		return problems
	})
}

test('at 390 px the record page with values, Compare and every trend chart keep their controls on screen', async ({ page, login }) => {
	test.setTimeout(120_000)
	const patient = await login({ name: 'Narrow Screen' })
	const earlier = await insertDocumentRow(patient, {
		title: 'Comprehensive metabolic panel, fasting, with lipid profile',
		status: 'processed',
		documentDate: daysAgo(95),
	})
	const latest = await insertDocumentRow(patient, { title: 'Follow-up chemistry and thyroid panel', status: 'processed', documentDate: daysAgo(5) })
	const onDocument = (documentId: string, days: number) => [
		{ documentId, code: 'glucose', name: 'Glucose, fasting (plasma)', value: 104, unit: 'mg/dL', daysAgo: days, min: 70, max: 99, status: 'high' as const },
		{ documentId, code: 'total_cholesterol', name: 'Cholesterol, total', value: 212, unit: 'mg/dL', daysAgo: days, max: 200, status: 'high' as const },
		{
			documentId,
			code: 'ast',
			name: 'Aspartate aminotransferase (AST/SGOT)',
			value: 34,
			unit: 'IU/L',
			daysAgo: days,
			min: 10,
			max: 40,
			status: 'normal' as const,
		},
		{ documentId, code: 'tsh', name: 'Thyroid stimulating hormone', value: 2.1, unit: 'µIU/mL', daysAgo: days, min: 0.4, max: 4.5, status: 'normal' as const },
		{ documentId, code: 'systolic_bp', name: 'Systolic blood pressure', value: 128, unit: 'mmHg', daysAgo: days },
		{ documentId, code: 'diastolic_bp', name: 'Diastolic blood pressure', value: 82, unit: 'mmHg', daysAgo: days },
		{ documentId, code: 'weight', name: 'Body weight', value: 82, unit: 'kg', daysAgo: days },
		{ documentId, code: 'height', name: 'Body height', value: 178, unit: 'cm', daysAgo: days },
	]
	await seedHealthValues(patient, [
		...onDocument(earlier, 95),
		...onDocument(latest, 5),
		{ code: 'glucose', name: 'Glucose', value: 99, unit: 'mg/dL', daysAgo: 50 },
		{ code: 'total_cholesterol', name: 'Cholesterol, total', value: 205, unit: 'mg/dL', daysAgo: 50 },
		{ code: 'systolic_bp', name: 'Systolic blood pressure', value: 124, unit: 'mmHg', daysAgo: 50 },
		{ code: 'diastolic_bp', name: 'Diastolic blood pressure', value: 80, unit: 'mmHg', daysAgo: 50 },
		{ code: 'weight', name: 'Body weight', value: 81, unit: 'kg', daysAgo: 50 },
		{
			documentId: latest,
			code: 'potassium',
			name: 'Potassium, serum',
			value: 4.4,
			unit: 'mmol/L',
			daysAgo: 5,
			min: 3.5,
			max: 5.1,
			status: 'normal',
			toCheck: { code: 'range_implausible', reason: 'The reference range "3.5 - 51" is unusual for Potassium; a digit may have been misread.' },
		},
	])
	await page.setViewportSize({ width: WIDTH, height: 844 })

	const problems: string[] = []
	const check = async (route: string, ready: () => Promise<void>) => {
		await page.goto(route)
		await waitForHydration(page)
		await ready()
		problems.push(...(await narrowScreenProblems(page)).map((problem) => `${route}: ${problem}`))
	}
	await check(`/records/${latest}`, async () => {
		await expect(page.getByRole('button', { name: /Confirm/ }).first()).toBeVisible()
		await expect(page.getByRole('button', { name: /Remove/ }).first()).toBeVisible()
	})
	await check('/records?tab=compare', async () => {
		await expect(page.getByTestId('parameter-comparison')).toBeVisible()
	})
	for (const metric of ['blood-pressure', 'cholesterol', 'glucose', 'bmi']) {
		for (const range of ['6m', 'all']) {
			await check(`/trends?metric=${metric}&range=${range}`, async () => {
				await expect(page.getByTestId('metric-chart')).toBeVisible()
			})
		}
	}
	await check('/trends?tab=predictions', async () => {
		await expect(page.getByTestId('prediction-glucose').getByRole('img')).toBeVisible()
	})
	expect(problems).toEqual([])
})
