import { readFile } from 'node:fs/promises'
import path from 'node:path'
import type { Page } from '@playwright/test'
import { DOCUMENT_NOTICES, SUBJECT_TEXTS } from '#server/documents/shared/messages.ts'
import { buildCcd, type CcdResult } from '../support/ccda-builder.ts'
import { uploadBytes, waitUntilProcessed } from './documents.ts'
import { expect, test } from './fixtures.ts'

const PUBLIC_SAMPLES = path.resolve('../shared/fixtures/public-samples/text')

async function upload(page: Page, name: string, mimeType: string, buffer: Buffer) {
	const documentId = await uploadBytes(page.request, { name, mimeType, buffer })
	await waitUntilProcessed(page.request, [documentId])
	return documentId
}

function ccd(id: string, options: { patient?: { given: string; family: string; birthTime: string }; time: string; results: CcdResult[] }) {
	return Buffer.from(
		buildCcd({ documentId: id, effectiveTime: options.time, custodian: 'Lakeside Community Clinic', patient: options.patient, results: options.results }),
	)
}

const glucose = (value: string, time: string, id: string): CcdResult => ({
	id,
	loinc: '2345-7',
	name: 'Glucose',
	value,
	unit: 'mg/dL',
	low: '70',
	high: '99',
	time,
})

async function expectGlucoseCard(page: Page, value: string | null) {
	await page.goto('/trends?range=all')
	const card = page.getByTestId('metric-card-glucose')
	if (value === null) await expect(card.getByTestId('metric-value')).toHaveCount(0)
	else await expect(card.getByTestId('metric-value')).toHaveText(value)
}

test("a C-CDA naming another patient stays out of trends until 'This is me'; 'Someone else' keeps it out and labels it", async ({ page, login }) => {
	test.setTimeout(120_000)
	await login({ name: 'Avery Test' })
	// The patient's own record (the builder's patient is Avery Test), then a newer one of Isabella Jones's.
	await upload(
		page,
		'mine.xml',
		'application/xml',
		ccd('2.16.840.1.113883.19.5.61', { time: '20250301', results: [glucose('90', '20250301083000-0500', 'own-glucose')] }),
	)
	const foreignId = await upload(
		page,
		'hers.xml',
		'application/xml',
		ccd('2.16.840.1.113883.19.5.62', {
			patient: { given: 'Isabella', family: 'Jones', birthTime: '19750501' },
			time: '20250401',
			results: [glucose('250', '20250401083000-0500', 'her-glucose')],
		}),
	)

	await expectGlucoseCard(page, '90')

	await page.goto(`/records/${foreignId}`)
	const question = page.getByTestId('subject-question')
	await expect(question.getByRole('heading', { name: SUBJECT_TEXTS.questionTitle })).toBeVisible()
	await expect(question).toContainText('Isabella Jones')
	await expect(question.getByRole('button', { name: SUBJECT_TEXTS.thisIsMe })).toBeVisible()
	await expect(question.getByRole('button', { name: SUBJECT_TEXTS.delete, exact: true })).toBeVisible()

	await question.getByRole('button', { name: SUBJECT_TEXTS.someoneElse }).click()
	await expect(page.getByRole('status').filter({ hasText: DOCUMENT_NOTICES.subjectSomeoneElse.title })).toBeVisible()
	await expect(page.getByTestId('someone-else-label')).toHaveText(SUBJECT_TEXTS.someoneElseLabel)
	await expect(page.getByTestId('subject-question')).toHaveCount(0)
	await expectGlucoseCard(page, '90')
	await page.goto('/records')
	await expect(page.locator(`a[href="/records/${foreignId}"]`).getByTestId('someone-else-label')).toBeVisible()

	await page.goto(`/records/${foreignId}`)
	await page.getByTestId('subject-someone-else').getByRole('button', { name: SUBJECT_TEXTS.thisIsMe }).click()
	await expect(page.getByRole('status').filter({ hasText: DOCUMENT_NOTICES.subjectConfirmed.title })).toBeVisible()
	await expect(page.getByTestId('someone-else-label')).toHaveCount(0)
	await expectGlucoseCard(page, '250')
})

test("a PDF printed for someone else ('John Doe') asks, and its values count only after 'This is me'", async ({ page, login }) => {
	test.setTimeout(120_000)
	await login({ name: 'Avery Test' })
	const documentId = await upload(page, 'lab-report.pdf', 'application/pdf', await readFile(path.join(PUBLIC_SAMPLES, 'inline-john-doe-cbc-chem-lipid.pdf')))

	await expectGlucoseCard(page, null)
	await page.goto(`/records/${documentId}`)
	// Its values are still shown on its own page.
	await expect(page.getByTestId('lab-values').locator('tr[data-code="glucose"]')).toContainText('110')
	const question = page.getByTestId('subject-question')
	await expect(question).toContainText('John Doe')
	await question.getByRole('button', { name: SUBJECT_TEXTS.thisIsMe }).click()
	// The page with its preview image reloads slowly on a busy machine.
	await expect(page.getByTestId('subject-question')).toHaveCount(0, { timeout: 30_000 })
	await expectGlucoseCard(page, '110')
})

test("the patient's own PDF asks nothing", async ({ page, login }) => {
	test.setTimeout(120_000)
	await login({ name: 'Doe, John' })
	const documentId = await upload(page, 'lab-report.pdf', 'application/pdf', await readFile(path.join(PUBLIC_SAMPLES, 'inline-john-doe-cbc-chem-lipid.pdf')))
	await page.goto(`/records/${documentId}`)
	await expect(page.getByTestId('lab-values')).toBeVisible()
	await expect(page.getByTestId('subject-question')).toHaveCount(0)
	await expectGlucoseCard(page, '110')
})

test('compare shows the change between reports that spell the unit differently, with both reports’ ranges', async ({ page, login }) => {
	test.setTimeout(120_000)
	await login({ name: 'Avery Test' })
	const platelets = (value: string, unit: string, time: string, id: string, low: string, high: string): CcdResult => ({
		id,
		loinc: '777-3',
		name: 'Platelets',
		value,
		unit,
		low,
		high,
		time,
	})
	await upload(
		page,
		'january.xml',
		'application/xml',
		ccd('2.16.840.1.113883.19.5.71', { time: '20250110', results: [platelets('250', '10^3/uL', '20250110083000-0500', 'plt-1', '150', '400')] }),
	)
	await upload(
		page,
		'march.xml',
		'application/xml',
		ccd('2.16.840.1.113883.19.5.72', { time: '20250310', results: [platelets('128', 'x10^3/uL', '20250310083000-0500', 'plt-2', '140', '450')] }),
	)

	await page.goto('/records?tab=compare&left=2025-01-10&right=2025-03-10')
	const row = page.getByTestId('parameter-comparison').locator('tr[data-code="platelets"]')
	await expect(row.getByRole('cell').nth(0)).toContainText('250 10^3/uL')
	await expect(row.getByRole('cell').nth(0)).toContainText('Range 150-400')
	await expect(row.getByRole('cell').nth(1)).toContainText('128 x10^3/uL')
	await expect(row.getByRole('cell').nth(1)).toContainText('Range 140-450')
	await expect(row.getByRole('cell').nth(1)).toContainText('Low')
	await expect(row).toContainText('-122 (-48.8%)')
})
