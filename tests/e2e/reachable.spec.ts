import { readFileSync } from 'node:fs'
import path from 'node:path'
import type { Page } from '@playwright/test'
import { ACCOUNT_MESSAGES } from '#server/account/shared/messages.ts'
import { AppointmentFormSchema, createAppointment, rememberPatientTimeZone, type Patient } from '#server/appointments/index.ts'
import { createMedication, MedicationFormSchema } from '#server/medications/index.ts'
import { createShareLink } from '#server/sharing/index.ts'
import { ShareLinkSchema } from '#server/sharing/shared/share-form-schema.ts'
import { buildCcd } from '../support/ccda-builder.ts'
import { FIXTURES, waitForHydration, waitUntilProcessed } from './documents.ts'
import { BASE_URL, confirmEmailAddress, emailsTo, expect, test, type TestUser } from './fixtures.ts'

/*
 * Issue 28, 'Reachable by everyone' (points 7, 11-14): the pages work without
 * JavaScript, at 390 px wide, from the keyboard, and tell the truth about
 * uploads, appointments and the time zone.
 */

function fixture(relativePath: string, name = path.basename(relativePath), mimeType = 'application/pdf') {
	return { name, mimeType, buffer: readFileSync(path.join(FIXTURES, relativePath)) }
}

function ccd(name: string, documentId: string) {
	const xml = buildCcd({
		documentId,
		effectiveTime: '20250301120000-0500',
		custodian: 'Lakeside Community Clinic',
		results: [
			{
				id: `${documentId}-glucose`,
				loinc: '2345-7',
				name: 'Glucose [Mass/volume] in Serum or Plasma',
				value: '112',
				unit: 'mg/dL',
				low: '70',
				high: '99',
				time: '20250228083000-0500',
			},
		],
	})
	return { name, mimeType: 'application/xml', buffer: Buffer.from(xml) }
}

const patientOf = (user: { id: string; organizationId: string }): Patient => ({ userId: user.id, organizationId: user.organizationId })

test.describe('without JavaScript', () => {
	test.use({ javaScriptEnabled: false })

	test('a patient can sign out', async ({ page, login }) => {
		await login()
		await page.goto('/')
		await page.getByRole('button', { name: 'Log out' }).click()
		await expect(page).toHaveURL(/\/login/)
		await page.goto('/records')
		await expect(page).toHaveURL(/\/login/)
	})

	test('several files upload in one post; the drop zone and its buttons are not shown', async ({ page, login }) => {
		test.setTimeout(90_000)
		await login()
		await page.goto('/upload')
		await expect(page.getByText('Drag and drop files here')).toHaveCount(0)
		await expect(page.locator('button', { hasText: 'Choose files' })).toHaveCount(0)
		await expect(page.getByRole('tab')).toHaveCount(0)
		const picker = page.getByLabel('Choose files')
		await expect(picker).toHaveAttribute('multiple', '')
		await picker.setInputFiles([ccd('first-summary.xml', '2.16.840.1.113883.19.5.28.1'), ccd('second-summary.xml', '2.16.840.1.113883.19.5.28.2')])
		await page.getByRole('button', { name: 'Upload' }).click()
		await expect(page.getByRole('heading', { name: 'Upload Complete!' })).toBeVisible()
		await expect(page.getByTestId('upload-result')).toHaveCount(2)

		// One refused among them: the other is kept and the refusal is listed with its reason.
		await page.getByRole('link', { name: 'Upload More Documents' }).click()
		await page.getByLabel('Choose files').setInputFiles([ccd('third-summary.xml', '2.16.840.1.113883.19.5.28.3'), fixture('bad/report.pdf')])
		await page.getByRole('button', { name: 'Upload' }).click()
		await expect(page.getByRole('heading', { name: 'Upload Complete!' })).toBeVisible()
		await expect(page.getByTestId('upload-result')).toHaveCount(1)
		await expect(page.getByRole('alert')).toContainText('Some files failed to upload:')
		await expect(page.getByRole('alert')).toContainText('report.pdf:')
	})
})

test('a refused file is shown in red with its reason, never as a full bar; an empty file is 0 B', async ({ page, login }) => {
	await login()
	await page.goto('/upload')
	// Once hydrated, the tabs and the drop zone replace the plain form.
	await expect(page.getByRole('tab', { name: 'File Upload' })).toBeVisible()
	await expect(page.getByText('Drag and drop files here, or')).toBeVisible()
	await expect(page.locator('#plain-file-input')).toHaveCount(0)

	await page.getByTestId('file-input').setInputFiles([fixture('bad/report.pdf'), fixture('bad/empty.pdf')])
	const selected = page.getByRole('list', { name: 'Selected files' }).getByRole('listitem')
	await expect(selected.filter({ hasText: 'empty.pdf' })).toContainText('0 B')
	await expect(selected.filter({ hasText: 'empty.pdf' })).not.toContainText('KB')
	await page.getByRole('button', { name: 'Upload 2 files' }).click()

	await expect(page.getByRole('alert')).toContainText('Upload failed for all files:')
	for (const name of ['report.pdf', 'empty.pdf']) {
		const row = selected.filter({ hasText: name })
		const refusal = row.getByTestId('upload-refused')
		await expect(refusal).toBeVisible()
		await expect(refusal).not.toBeEmpty()
		await expect(refusal).toHaveClass(/text-red-700/)
		await expect(row.getByRole('progressbar')).toHaveCount(0)
		await expect(row).not.toContainText('100%')
	}
})

test('toasts stay clear of the upload result cards on a 1366 px screen', async ({ page, login }) => {
	test.setTimeout(90_000)
	await page.setViewportSize({ width: 1366, height: 768 })
	await login()
	await page.goto('/upload')
	await waitForHydration(page)
	await page.getByTestId('file-input').setInputFiles([ccd('toast-summary.xml', '2.16.840.1.113883.19.5.28.9')])
	await page.getByRole('button', { name: 'Upload 1 file' }).click()
	const card = page.getByTestId('upload-result')
	await expect(card.getByTestId('upload-status')).toHaveText('Processed', { timeout: 60_000 })
	const toast = page.getByTestId('toaster').getByRole('status').filter({ hasText: 'Document processed' })
	await expect(toast).toBeVisible()
	const toastBox = (await toast.boundingBox())!
	const cardBox = (await card.boundingBox())!
	expect(toastBox.x + toastBox.width).toBeLessThanOrEqual(cardBox.x)
})

test('a skip link comes first, the sidebar has Medications and Subscription, and navigating focuses the page heading', async ({ page, login }) => {
	await page.setViewportSize({ width: 1366, height: 768 })
	await login()
	await page.goto('/')
	await waitForHydration(page)
	await page.keyboard.press('Tab')
	const skip = page.getByRole('link', { name: 'Skip to main content' })
	await expect(skip).toBeFocused()
	await expect(skip).toBeVisible()
	await page.keyboard.press('Enter')
	await expect(page.locator('main')).toBeFocused()

	const nav = page.getByRole('navigation', { name: 'Main navigation' })
	await nav.getByRole('link', { name: 'Medications' }).click()
	await expect(page).toHaveURL('/medications')
	await expect(page.getByRole('heading', { level: 1 })).toBeFocused()

	await nav.getByRole('link', { name: 'Subscription' }).focus()
	await page.keyboard.press('Enter')
	await expect(page).toHaveURL('/subscription')
	await expect(page.getByRole('heading', { level: 1 })).toBeFocused()
})

test('a past visit the patient logs sends no Appointment Confirmed; one still to come does', async ({ page, login }) => {
	const user = await login()
	// e-mail goes only to a confirmed address (issue 41)
	await confirmEmailAddress(user.id)
	const today = new Date()
	const dateIn = (days: number) => new Date(today.getTime() + days * 86_400_000).toISOString().slice(0, 10)
	for (const [title, days] of [
		['Logged knee check', -7],
		['Upcoming eye exam', 7],
	] as const) {
		await page.goto('/appointments/new')
		await page.getByLabel('Title').fill(title)
		await page.getByLabel('Doctor/Provider').fill('Dr. Maya Patel')
		await page.getByLabel('Specialty').fill('Orthopedics')
		await page.getByLabel('Status').selectOption({ label: 'Confirmed' })
		await page.getByLabel('Date', { exact: true }).fill(dateIn(days))
		await page.getByLabel('Time', { exact: true }).fill('10:00')
		await page.getByRole('button', { name: 'Schedule Appointment' }).click()
		// The list opens on the tab where the new appointment is.
		await expect(page).toHaveURL(days < 0 ? '/appointments?tab=past' : '/appointments')
	}
	await page.goto('/notifications')
	await expect(page.getByText(/Upcoming eye exam with Dr. Maya Patel .* is confirmed\./)).toBeVisible()
	await expect(page.getByText(/Logged knee check/)).toHaveCount(0)
	const confirmations = (await emailsTo(user.email)).filter((email) => email.subject === 'Appointment confirmed')
	expect(confirmations).toHaveLength(1)
	// a fixed line and a link into the app: never the appointment's own text (issue 41)
	expect(JSON.stringify(confirmations[0])).not.toContain('Upcoming eye exam')
})

test('the profile shows the stored time zone the same way viewed and edited', async ({ page, login }) => {
	const user = await login()
	await rememberPatientTimeZone(user.id, 'UTC')
	await page.goto('/profile')
	const value = page.locator('dt', { hasText: 'Time Zone' }).locator('xpath=following-sibling::dd')
	await expect(value).toHaveText('UTC')
	await page.getByRole('link', { name: 'Edit Profile' }).click()
	await expect(page.getByLabel('Time Zone')).toHaveValue('UTC')
	await expect(page.getByLabel('Time Zone').locator('option:checked')).toHaveText('UTC')

	// Saving without touching it keeps the zone.
	await page.getByRole('button', { name: 'Save Changes' }).click()
	await expect(page.getByText(ACCOUNT_MESSAGES.profileSaved)).toBeVisible()
	await expect(value).toHaveText('UTC')
})

/** A patient with records, a shared link, appointments (past and coming), medications and notifications. */
async function patientWithData(page: Page, user: TestUser & { organizationId: string }) {
	const patient = patientOf(user)
	await rememberPatientTimeZone(user.id, 'America/New_York')
	const upload = async (file: { name: string; mimeType: string; buffer: Buffer }) => {
		const response = await page.request.post('/api/documents/upload', { headers: { Origin: BASE_URL }, multipart: { file } })
		expect(response.status(), await response.text()).toBe(201)
		return ((await response.json()) as { documentId: string }).documentId
	}
	const documentIds = [
		await upload(fixture('lab/bluewater_final_report.pdf')),
		await upload(ccd('portal-summary-with-a-rather-long-file-name.xml', '2.16.840.1.113883.19.5.28.20')),
	]
	await waitUntilProcessed(page.request, documentIds)
	const appointmentIds: string[] = []
	for (const [title, date, status] of [
		['Cardiology follow-up with a long title to wrap on small screens', '2031-05-06', 'confirmed'],
		['Annual physical', '2024-02-01', 'confirmed'],
		['Dermatology', '2031-07-01', 'pending'],
	] as const) {
		const result = await createAppointment(
			patient,
			AppointmentFormSchema.parse({
				title,
				provider: 'Dr. Alexandra Montgomery-Whitfield',
				specialty: 'Cardiology',
				location: 'Northside Medical Pavilion, Suite 1200, 4500 Long Street Name Boulevard',
				durationMinutes: 30,
				status,
				date,
				time: '10:00',
				type: 'checkup',
				contactEmail: 'front.desk.appointments@northside-medical-pavilion.example',
				timeZone: 'America/New_York',
			}),
			{ fallbackTimeZone: 'America/New_York' },
		)
		if (!result.ok) throw new Error(result.message)
		appointmentIds.push(result.appointment.id)
	}
	const medication = await createMedication(
		patient,
		MedicationFormSchema.parse({ name: 'Atorvastatin 20 mg oral tablet', dose: '20 mg', frequency: 'Once daily at bedtime', startDate: '2024-01-15' }),
	)
	for (const passcode of [undefined, 'river-stone']) {
		const share = await createShareLink(
			patient,
			ShareLinkSchema.parse({ documentIds, expiry: '30d', passcode }),
			new Request(`${BASE_URL}/share-records`, { headers: { 'user-agent': 'Playwright' } }),
		)
		if (!share.ok) throw new Error(share.message)
	}
	return { documentIds, appointmentIds, medicationId: medication.id }
}

test('no patient page scrolls sideways at 390 px, with data on every page', async ({ page, login }) => {
	test.setTimeout(180_000)
	const user = await login({ name: 'Maximiliana Featherstonehaugh-Worthington' })
	const { documentIds, appointmentIds, medicationId } = await patientWithData(page, user)
	const routes = [
		'/',
		'/records',
		`/records/${documentIds[0]}`,
		`/records/${documentIds[1]}`,
		'/upload',
		'/trends',
		'/trends?range=all',
		'/appointments',
		'/appointments?tab=past',
		'/appointments/calendar',
		'/appointments/new',
		`/appointments/${appointmentIds[0]}`,
		`/appointments/${appointmentIds[0]}/edit`,
		`/appointments/${appointmentIds[0]}/reschedule`,
		'/medications',
		'/medications/new',
		`/medications/${medicationId}`,
		`/medications/${medicationId}/edit`,
		'/share-records',
		'/notifications',
		'/profile',
		'/profile?edit=1',
		'/settings',
		'/settings/api-keys',
		'/subscription',
		'/search?q=glucose',
	]
	await page.setViewportSize({ width: 390, height: 844 })
	const overflowing: string[] = []
	for (const route of routes) {
		const response = await page.goto(route)
		expect(response?.status(), route).toBeLessThan(400)
		await page.waitForLoadState('networkidle')
		const { scrollWidth, clientWidth, culprits } = await page.evaluate(() => {
			const width = document.documentElement.clientWidth
			// The innermost elements that reach past the right edge, to say what overflows.
			const isClipped = (element: Element) => {
				for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
					if (getComputedStyle(parent).overflowX !== 'visible') return true
				}
				return false
			}
			const outside = [...document.querySelectorAll('body *')].filter((element) => element.getBoundingClientRect().right > width + 1 && !isClipped(element))
			const innermost = outside.filter((element) => !outside.some((other) => other !== element && element.contains(other)))
			return {
				scrollWidth: document.documentElement.scrollWidth,
				clientWidth: width,
				culprits: innermost.slice(0, 3).map((element) => `${element.tagName.toLowerCase()}.${[...element.classList].slice(0, 4).join('.')}`),
			}
		})
		if (scrollWidth > clientWidth) overflowing.push(`${route}: ${scrollWidth} > ${clientWidth} (${culprits.join(', ')})`)
	}
	expect(overflowing).toEqual([])

	// At 1366 px the shares table fits its card: Revoke is fully in view, nothing to scroll inside the table.
	await page.setViewportSize({ width: 1366, height: 768 })
	await page.goto('/share-records')
	const table = page.getByTestId('current-shares')
	const frame = table.locator('xpath=..')
	const fits = await frame.evaluate((element) => element.scrollWidth <= element.clientWidth)
	expect(fits).toBe(true)
	const frameBox = (await frame.boundingBox())!
	for (const revoke of await table.getByRole('button', { name: /Revoke/ }).all()) {
		const box = (await revoke.boundingBox())!
		expect(box.x + box.width).toBeLessThanOrEqual(frameBox.x + frameBox.width)
	}
})
