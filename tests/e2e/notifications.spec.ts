import { readFileSync } from 'node:fs'
import path from 'node:path'
import { appointments, documents } from '#db/schema/tenant.ts'
import { writeNotification } from '#server/notifications/index.ts'
import { withTenant } from '#server/tenancy/index.ts'
import { expect, test } from './fixtures.ts'

const FIXTURES = path.resolve('../shared/fixtures/documents')

test('an uploaded document raises a toast and the badge without reloading', async ({ page, login }) => {
	test.setTimeout(90_000)
	await login()
	await page.goto('/upload')
	const badge = page.getByTestId('notification-badge')
	await expect(badge).toHaveCount(0)
	// The live part of the header has loaded and its stream is connected.
	await expect(page.getByTestId('connection-indicator')).toHaveAttribute('data-status', 'connected')
	await page
		.getByTestId('file-input')
		.setInputFiles([
			{ name: 'bluewater_final_report.pdf', mimeType: 'application/pdf', buffer: readFileSync(path.join(FIXTURES, 'lab/bluewater_final_report.pdf')) },
		])
	await page.getByRole('button', { name: 'Upload 1 file' }).click()
	const toast = page.getByRole('status').filter({ hasText: 'Document processed' })
	await expect(toast).toBeVisible({ timeout: 60_000 })
	// 'Document processed', and 'Abnormal values found' when values are outside their range.
	await expect(badge).toHaveText(/^[12]$/)
	await page.getByRole('button', { name: /^Notifications \([12] unread\)$/ }).click()
	await expect(page.getByTestId('dropdown-notification').filter({ hasText: 'Document processed' })).toHaveCount(1)
})

test('mark read in the bell, see it read on /notifications; the page filters and archives', async ({ page, login }) => {
	const user = await login()
	for (const title of ['Appointment confirmed', 'Document processed']) {
		await withTenant(user.organizationId, (tx) =>
			writeNotification(tx, {
				ownerId: user.id,
				type: title.startsWith('Appointment') ? 'appointment_confirmed' : 'new_document',
				title,
				message: `${title} text`,
				link: '/records',
			}),
		)
	}
	await page.goto('/')
	await expect(page.getByTestId('connection-indicator')).toHaveAttribute('data-status', 'connected')
	await expect(page.getByTestId('notification-badge')).toHaveText('2')
	await page.getByRole('button', { name: 'Notifications (2 unread)' }).click()
	const item = page.getByTestId('dropdown-notification').filter({ hasText: 'Document processed' })
	await item.getByRole('button', { name: 'Mark as read' }).click()
	await expect(item).toHaveAttribute('data-read', 'true')
	await expect(page.getByTestId('notification-badge')).toHaveText('1')

	await page.goto('/notifications?filter=read')
	await expect(page.getByRole('tab', { name: 'Unread (1)' })).toBeVisible()
	await expect(page.getByTestId('notification')).toHaveCount(1)
	await expect(page.getByTestId('notification')).toContainText('Document processed')
	await page.getByRole('tab', { name: 'All' }).click()
	await expect(page.getByTestId('notification')).toHaveCount(2)
	await page.getByRole('button', { name: 'Mark All as Read' }).click()
	await expect(page.getByRole('button', { name: 'Mark All as Read' })).toHaveCount(0)
	await expect(page.getByTestId('notification-badge')).toHaveCount(0)
	await page.getByTestId('notification').filter({ hasText: 'Appointment confirmed' }).getByRole('button', { name: 'Mark Unread' }).click()
	await expect(page.getByTestId('notification-badge')).toHaveText('1')
	await page.getByTestId('notification').first().getByRole('button', { name: 'Archive' }).click()
	await expect(page.getByTestId('notification')).toHaveCount(1)
	await page.getByTestId('notification').first().getByRole('button', { name: 'Archive' }).click()
	await expect(page.getByText('No notifications to display')).toBeVisible()
	// Persisted: a reload shows the same.
	await page.reload()
	await expect(page.getByText('No notifications to display')).toBeVisible()
	await page.getByRole('button', { name: 'Notifications' }).click()
	await expect(page.getByText('No notifications yet')).toBeVisible()
})

test('search from the header, open a result, then View all results', async ({ page, login }) => {
	const user = await login()
	const documentId = await withTenant(user.organizationId, async (tx) => {
		const [row] = await tx
			.insert(documents)
			.values({
				ownerId: user.id,
				fileName: 'ferritin.pdf',
				fileKind: 'pdf',
				mimeType: 'application/pdf',
				sizeBytes: 1000,
				sha256: 'e2e',
				storageKey: `${user.organizationId}/e2e`,
				categoryGuess: 'bloodwork',
				title: 'Iron studies',
				documentDate: '2025-03-14',
				provider: 'Meridian Laboratories',
				extractedText: 'Serum ferritin 12 ng/mL, low. Transferrin saturation 14 %.',
				status: 'processed',
			})
			.returning({ id: documents.id })
		await tx.insert(appointments).values({
			ownerId: user.id,
			title: 'Ferritin recheck',
			provider: 'Dr. Amara Okafor',
			specialty: 'Hematology',
			status: 'confirmed',
			startsAt: new Date('2030-03-05T15:00:00Z'),
			durationMinutes: 30,
			timeZone: 'America/New_York',
		})
		return row!.id
	})
	await page.goto('/')
	// The header's live parts have loaded and hydrated.
	await expect(page.getByTestId('connection-indicator')).toHaveAttribute('data-status', 'connected')
	const search = page.getByRole('combobox', { name: 'Search' })
	await search.fill('nothingmatcheszz')
	await expect(page.getByText('No results found for nothingmatcheszz')).toBeVisible()
	await search.fill('ferrit')
	const listbox = page.getByRole('listbox', { name: 'Search results' })
	await expect(listbox.getByRole('group', { name: 'Documents' }).getByRole('option')).toHaveText(/Iron studies/)
	await expect(listbox.getByRole('group', { name: 'Appointments' }).getByRole('option')).toHaveText(/Ferritin recheck/)
	await expect(listbox.getByRole('group', { name: 'Documents' })).toContainText('March 14, 2025')
	// Keyboard: the first option is the appointment, the second the document.
	await search.press('ArrowDown')
	await search.press('ArrowDown')
	await search.press('Enter')
	await expect(page).toHaveURL(`/records/${documentId}`)

	await search.fill('ferrit')
	await listbox.getByRole('option', { name: 'View all results' }).click()
	await expect(page).toHaveURL('/search?q=ferrit')
	await expect(page.getByRole('heading', { name: /Documents/ })).toBeVisible()
	await expect(page.getByRole('heading', { name: /Appointments/ })).toBeVisible()
	await expect(page.getByTestId('search-result').locator('mark').first()).toHaveText(/ferritin/i)
	await search.fill('')
	await expect(listbox).toHaveCount(0)
})
