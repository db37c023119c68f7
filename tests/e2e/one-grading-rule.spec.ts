import type { Page } from '@playwright/test'
import { SUBJECT_TEXTS } from '#server/documents/shared/messages.ts'
import { TRENDS_TEXTS } from '#server/health/shared/texts.ts'
import { buildCcd, type CcdMedication, type CcdResult } from '../support/ccda-builder.ts'
import { uploadBytes, waitUntilProcessed } from './documents.ts'
import { MEDICATION_MESSAGES } from '#server/medications/shared/medication.ts'
import { expect, test } from './fixtures.ts'

/**
 * Issue 28 points 2 and 4 and the medications of another person's record:
 * one grade for a value without a range on the document page and in trends,
 * numbers as printed on the trend screen, and a record of 'Someone else'
 * keeping its medications off the patient's list.
 */

async function uploadCcd(
	page: Page,
	name: string,
	options: { id: string; patient?: { given: string; family: string; birthTime: string }; vitals?: CcdResult[]; medications?: CcdMedication[] },
) {
	const buffer = Buffer.from(
		buildCcd({
			documentId: options.id,
			effectiveTime: '20250301',
			custodian: 'Lakeside Community Clinic',
			patient: options.patient,
			vitals: options.vitals,
			medications: options.medications,
		}),
	)
	const documentId = await uploadBytes(page.request, { name, mimeType: 'application/xml', buffer })
	await waitUntilProcessed(page.request, [documentId])
	return documentId
}

test('a FHIR-precision blood pressure without a range: rounded, in mmHg and graded by ACC/AHA alike on the document page and in trends', async ({
	page,
	login,
}) => {
	test.setTimeout(120_000)
	await login({ name: 'Avery Test' })
	const documentId = await uploadCcd(page, 'vitals.xml', {
		id: '2.16.840.1.113883.19.5.281',
		vitals: [
			{ id: 'bp-sys', loinc: '8480-6', name: 'Systolic blood pressure', value: '188.55088885812418', unit: 'mm[Hg]', time: '20250301083000-0500' },
			{ id: 'bp-dia', loinc: '8462-4', name: 'Diastolic blood pressure', value: '104.90588338613034', unit: 'mm[Hg]', time: '20250301083000-0500' },
			{ id: 'weight', loinc: '29463-7', name: 'Body weight', value: '80', unit: 'kg', time: '20250301083000-0500' },
		],
	})

	await page.goto(`/records/${documentId}`)
	const systolic = page.getByTestId('lab-values').locator('tr[data-code="systolic_bp"]')
	await expect(systolic.getByRole('cell').nth(0)).toHaveText('189')
	await expect(systolic.getByRole('cell').nth(1)).toHaveText('mmHg')
	await expect(systolic.getByTestId('parameter-grade')).toHaveText('Hypertensive crisis (ACC/AHA)')
	const weight = page.getByTestId('lab-values').locator('tr[data-code="weight"]')
	await expect(weight.getByTestId('parameter-grade')).toHaveText('Not graded')
	await expect(weight.getByTestId('parameter-grade')).toHaveAttribute('data-tone', 'neutral')

	await page.goto('/trends?range=all&metric=blood-pressure')
	const card = page.getByTestId('metric-card-blood-pressure')
	await expect(card.getByTestId('metric-value')).toHaveText('189/105')
	await expect(card).toContainText('mmHg')
	await page.getByText(TRENDS_TEXTS.showTable).click()
	const reading = page.locator('details table tbody tr').first()
	await expect(reading.getByRole('cell').nth(1)).toHaveText('189/105 mmHg')
	await expect(reading.getByRole('cell').nth(2)).toHaveText('Hypertensive crisis (ACC/AHA)')
	await expect(page.locator('details table')).not.toContainText('188.55')
	await expect(page.locator('details table')).not.toContainText('mm[Hg]')
})

test("the medications page lists the patient's own medications, not those of a record of someone else", async ({ page, login }) => {
	test.setTimeout(120_000)
	await login({ name: 'Avery Test' })
	await uploadCcd(page, 'mine.xml', {
		id: '2.16.840.1.113883.19.5.282',
		medications: [{ id: 'own-med', rxnorm: '314076', name: 'Lisinopril 10 MG Oral Tablet', dose: '1', start: '20250101' }],
	})
	const foreignId = await uploadCcd(page, 'hers.xml', {
		id: '2.16.840.1.113883.19.5.283',
		patient: { given: 'Isabella', family: 'Jones', birthTime: '19750501' },
		medications: [{ id: 'her-med', rxnorm: '860975', name: 'Metformin 500 MG Oral Tablet', dose: '1', start: '20250101' }],
	})

	const medications = page.getByTestId('medication')
	// not answered yet: only the patient's own, its dose with the form the file names
	await page.goto('/medications')
	await expect(medications).toHaveCount(1)
	await expect(medications.first()).toContainText('Lisinopril 10 MG Oral Tablet')
	await expect(medications.first()).toContainText('1 tablet')
	await expect(page.getByText('Metformin')).toHaveCount(0)

	await page.goto(`/records/${foreignId}`)
	await expect(page.getByTestId('medications')).toContainText('Metformin 500 MG Oral Tablet')
	await page.getByTestId('subject-question').getByRole('button', { name: SUBJECT_TEXTS.someoneElse }).click()
	await expect(page.getByTestId('someone-else-label')).toHaveText(SUBJECT_TEXTS.someoneElseLabel)

	await page.goto('/medications')
	await expect(medications).toHaveCount(1)
	await expect(page.getByText('Metformin')).toHaveCount(0)

	// opened from the record's page, the medication says why it is not on the list
	await page.goto(`/records/${foreignId}`)
	await page.getByTestId('medications').getByRole('link', { name: 'Metformin 500 MG Oral Tablet' }).click()
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('Metformin 500 MG Oral Tablet')
	await expect(page.getByTestId('medication-not-counted')).toHaveText(MEDICATION_MESSAGES.notCounted)
	// the patient's own medication carries no such note
	await page.goto('/medications')
	await medications.first().getByRole('link').first().click()
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('Lisinopril 10 MG Oral Tablet')
	await expect(page.getByTestId('medication-not-counted')).toHaveCount(0)
})
