import type { Page } from '@playwright/test'
import { buildCcd } from '../support/ccda-builder.ts'
import { uploadBytes, waitUntilProcessed } from './documents.ts'
import { BASE_URL, expect, test } from './fixtures.ts'

/** Uploads XML bytes through the real endpoint as the signed-in patient. */
async function uploadXml(page: Page, name: string, xml: string) {
	return uploadBytes(page.request, { name, mimeType: 'application/xml', buffer: Buffer.from(xml) })
}

/** Fails the test on any request that leaves the loopback interface. */
async function refuseOutsideRequests(page: Page): Promise<string[]> {
	const outside: string[] = []
	await page.context().route(
		(url) => !['localhost', '127.0.0.1', '[::1]'].includes(url.hostname),
		async (route) => {
			outside.push(route.request().url())
			await route.abort()
		},
	)
	return outside
}

test('a CCD from a patient portal: its results on Trends and its medications on the medications page', async ({ page, login }) => {
	test.setTimeout(90_000)
	await login({ name: 'Avery Test' })
	const documentId = await uploadXml(
		page,
		'portal-summary.xml',
		buildCcd({
			documentId: '2.16.840.1.113883.19.5.99999.1',
			effectiveTime: '20250301120000-0500',
			custodian: 'Lakeside Community Clinic',
			results: [
				{
					id: 'e2e-glucose-1',
					loinc: '2345-7',
					name: 'Glucose [Mass/volume] in Serum or Plasma',
					value: '112',
					unit: 'mg/dL',
					low: '70',
					high: '99',
					time: '20250228083000-0500',
				},
				{ id: 'e2e-hgb-1', loinc: '718-7', name: 'Hemoglobin', value: '13.8', unit: 'g/dL', low: '12', high: '15.5', time: '20250228083000-0500' },
			],
			vitals: [
				{ id: 'e2e-sbp-1', loinc: '8480-6', name: 'Systolic blood pressure', value: '128', unit: 'mm[Hg]', time: '20250301091500-0500' },
				{ id: 'e2e-dbp-1', loinc: '8462-4', name: 'Diastolic blood pressure', value: '82', unit: 'mm[Hg]', time: '20250301091500-0500' },
			],
			medications: [{ id: 'e2e-med-1', rxnorm: '314076', name: 'Lisinopril 10 MG Oral Tablet', dose: '1', start: '20240115' }],
		}),
	)
	await waitUntilProcessed(page.request, [documentId])

	await page.goto('/trends?range=all')
	await expect(page.getByTestId('metric-card-glucose').getByTestId('metric-value')).toHaveText('112')
	await expect(page.getByTestId('metric-card-blood-pressure').getByTestId('metric-value')).toHaveText('128/82')
	await page.getByRole('link', { name: 'Glucose trend chart' }).click()
	await expect(page.getByTestId('metric-chart-summary')).toContainText('Glucose: 1 reading in all time')

	await page.goto('/medications')
	const medication = page.getByTestId('medication').filter({ hasText: 'Lisinopril 10 MG Oral Tablet' })
	await expect(medication).toBeVisible()
	await expect(medication).toContainText('From Continuity of Care Document')
	await expect(medication).toContainText('Active')

	await page.goto(`/records/${documentId}`)
	await expect(page.getByRole('heading', { name: 'Continuity of Care Document', level: 1 })).toBeVisible()
	await expect(page.getByText('Lakeside Community Clinic').first()).toBeVisible()
	await expect(page.getByText(/5 entries imported, 0 kept as text/)).toBeVisible()
})

test('a hostile narrative is shown as text: nothing in it runs and nothing is fetched from outside', async ({ page, login }) => {
	test.setTimeout(90_000)
	const outside = await refuseOutsideRequests(page)
	const dialogs: string[] = []
	page.on('dialog', async (dialog) => {
		dialogs.push(dialog.message())
		await dialog.dismiss()
	})
	await login({ name: 'Avery Test' })
	const hostile = [
		'<paragraph>Potassium was checked.</paragraph>',
		'<script>window.__pwned = "script"; alert("script")</script>',
		'<xhtml:script xmlns:xhtml="http://www.w3.org/1999/xhtml">window.__pwned = "xhtml"</xhtml:script>',
		'<paragraph onmouseover="window.__pwned = \'handler\'" styleCode="Bold">Hover me</paragraph>',
		'<img src="http://tracker.example.com/pixel.png" onerror="window.__pwned = \'onerror\'; alert(1)"/>',
		'<xhtml:img xmlns:xhtml="http://www.w3.org/1999/xhtml" src="https://tracker.example.com/x.gif" onerror="alert(2)"/>',
		'<linkHtml href="javascript:window.__pwned = \'link\'">Open the report</linkHtml>',
		'<style>@import url("https://tracker.example.com/style.css"); body { background: url(https://tracker.example.com/bg.png) }</style>',
		'<renderMultiMedia referencedObject="MM1"/>',
		'<table><tbody><tr><td>Potassium</td><td ID="k1" style="background-image:url(https://tracker.example.com/td.png)">4.1 mmol/L</td></tr></tbody></table>',
		'<iframe src="https://tracker.example.com/frame.html"></iframe>',
	].join('')
	const documentId = await uploadXml(
		page,
		'hostile.xml',
		buildCcd({
			documentId: '2.16.840.1.113883.19.5.99999.2',
			effectiveTime: '20250302',
			custodian: 'Lakeside Community Clinic',
			results: [{ id: 'e2e-k-1', loinc: '2823-3', name: 'Potassium', value: '4.1', unit: 'mmol/L', low: '3.5', high: '5.1', time: '20250302' }],
			resultsNarrative: hostile,
		}),
	)
	await waitUntilProcessed(page.request, [documentId])

	await page.goto(`/records/${documentId}`)
	await page.getByText('Document sections').click()
	const sections = page.locator('details').filter({ hasText: 'Document sections' })
	await expect(sections.getByText('Potassium was checked.')).toBeVisible()
	await expect(sections.getByText('Open the report')).toBeVisible()
	await expect(sections.getByRole('cell', { name: '4.1 mmol/L' })).toBeVisible()
	await sections.getByText('Hover me').hover()
	await sections.getByText('Open the report').click()
	// Nothing of the markup survives: no script, image, frame, link or style attribute inside the narrative.
	await expect(sections.locator('script, img, iframe, a, style, link, [style], [onmouseover], [onerror]')).toHaveCount(0)
	await expect(sections).not.toContainText('window.__pwned')
	await page.waitForLoadState('networkidle')
	expect(await page.evaluate(() => (window as unknown as { __pwned?: unknown }).__pwned)).toBeUndefined()
	expect(dialogs).toEqual([])
	expect(outside).toEqual([])
})

test("a FHIR export's other records arrive as details-only records that say so, and its appointments on the appointments page", async ({ page, login }) => {
	test.setTimeout(90_000)
	await login({ name: 'Avery Test' })
	const bundle = {
		resourceType: 'Bundle',
		type: 'collection',
		timestamp: '2025-01-10T10:00:00Z',
		entry: [
			{
				fullUrl: 'urn:uuid:6b0d2f3e-8d1c-4c55-9a51-0d6f7a1e0001',
				resource: {
					resourceType: 'DocumentReference',
					id: '6b0d2f3e-8d1c-4c55-9a51-0d6f7a1e0001',
					status: 'current',
					type: { coding: [{ system: 'http://loinc.org', code: '11502-2' }], text: 'lab_report' },
					description: 'Lipid panel from Bluewater',
					author: [{ display: 'Bluewater Diagnostics' }],
					context: { period: { start: '2024-12-28' } },
					content: [{ attachment: { contentType: 'application/pdf', title: 'lipids.pdf', size: 48213 } }],
				},
			},
			{
				fullUrl: 'urn:uuid:6b0d2f3e-8d1c-4c55-9a51-0d6f7a1e0002',
				resource: {
					resourceType: 'Appointment',
					id: '6b0d2f3e-8d1c-4c55-9a51-0d6f7a1e0002',
					status: 'booked',
					description: 'Cardiology follow-up',
					serviceType: [{ text: 'Cardiology' }],
					start: '2031-01-05T14:00:00Z',
					end: '2031-01-05T14:30:00Z',
					participant: [{ actor: { display: 'Dr. Ames' }, status: 'accepted' }],
				},
			},
		],
	}
	const response = await page.request.post('/api/documents/upload', {
		headers: { Origin: BASE_URL },
		multipart: { file: { name: 'export.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(bundle)) } },
	})
	expect(response.status(), await response.text()).toBe(201)
	await waitUntilProcessed(page.request, [((await response.json()) as { documentId: string }).documentId])

	await page.goto('/records')
	await page
		.getByRole('link', { name: /Lipid panel from Bluewater/ })
		.first()
		.click()
	await expect(page.getByRole('heading', { name: 'Lipid panel from Bluewater', level: 1 })).toBeVisible()
	await expect(page.getByTestId('imported-reference-note')).toContainText('without its file: only its details (title, kind, date, provider) were imported')
	await expect(page.getByText('Original file: lipids.pdf (application/pdf)')).toBeVisible()

	await page.goto('/appointments')
	const card = page.getByTestId('appointment-card').filter({ hasText: 'Cardiology follow-up' })
	await expect(card).toContainText('Dr. Ames')
	await expect(card).toContainText('30 minutes')
	await expect(card.getByTestId('appointment-status')).toHaveText('Confirmed')
})
