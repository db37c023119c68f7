import { sql } from 'drizzle-orm'
import { getDb } from '#db/client.ts'
import { queueEmail } from '#server/email/index.ts'
import { createAdmin, emailsTo, expect, signInAsAdmin, test, uniqueEmail } from './fixtures.ts'

test.describe('the local mailbox', () => {
	// Playwright runs its own scripts in every frame; the sandboxed HTML body (no allow-scripts) refuses
	// them and Chromium logs that (microsoft/playwright#33343). The page itself runs no script there.
	test.use({ allowConsoleErrors: [/^Blocked script execution in 'about:srcdoc' because the document's frame is sandboxed/] })

	test('a queued e-mail is delivered to the local mailbox and read there with its link', async ({ page, insertNewUser }) => {
		const owner = await insertNewUser()
		const recipient = uniqueEmail('doctor')
		const subject = `Avery Test shared records with you ${recipient.slice(7, 17)}`
		await queueEmail(getDb(), {
			to: recipient,
			kind: 'share_link',
			userId: owner.id,
			subject,
			lines: ['Hello,', 'Avery Test shared 2 records with you.'],
			link: { label: 'Open the shared records', url: 'https://carebook.example/shared/e2e-token' },
		})

		// The worker delivers it to the mailbox (no SMTP_URL in the e2e server).
		await expect.poll(async () => (await emailsTo(recipient))[0]?.status, { timeout: 20_000 }).toBe('sent')

		await page.goto('/dev/mailbox')
		await expect(page.getByRole('heading', { name: 'Mailbox' })).toBeVisible()
		const item = page.getByRole('listitem').filter({ hasText: subject })
		await expect(item).toContainText(`to ${recipient}`)
		await expect(item).toContainText('Share link')
		await expect(item).toContainText('sent')
		await item.getByRole('link', { name: subject }).click()

		await expect(page.getByRole('heading', { name: subject })).toBeVisible()
		await expect(page.getByText('via mailbox')).toBeVisible()
		const text = page.getByTestId('mailbox-text')
		await expect(text).toContainText('Avery Test shared 2 records with you.')
		await expect(text.getByRole('link', { name: 'https://carebook.example/shared/e2e-token' })).toHaveAttribute(
			'href',
			'https://carebook.example/shared/e2e-token',
		)
		const html = page.frameLocator('iframe[title="HTML body"]')
		await expect(html.getByText('Avery Test shared 2 records with you.')).toBeVisible()
		await expect(html.getByRole('link', { name: 'Open the shared records' })).toHaveAttribute('href', 'https://carebook.example/shared/e2e-token')
	})
})

test.describe('a missing message', () => {
	test.use({ allowConsoleErrors: [/status of 404/] })
	test('answers 404', async ({ page }) => {
		const answer = await page.goto('/dev/mailbox/00000000-0000-4000-8000-000000000000')
		expect(answer?.status()).toBe(404)
	})
})

test('System Health shows the outbox counts and failures by recipient domain only', async ({ page }) => {
	const superadmin = await createAdmin('superadmin')
	const recipient = `ops-${Date.now()}@failing-domain.example`
	await getDb().execute(
		sql`insert into app.email_outbox (kind, user_id, recipient, subject, status, attempts, last_error_code, last_attempt_at) values ('password_reset', ${superadmin.id}, ${recipient}, 'Reset your password', 'failed', 10, 'EENVELOPE:450', now())`,
	)
	await signInAsAdmin(page, superadmin)
	await page.goto('/admin/system')
	const panel = page.getByTestId('email-outbox')
	await expect(panel.getByRole('heading', { name: 'E-mail outbox' })).toBeVisible()
	await expect(panel).toContainText(/Last 24 hours: \d+ queued · \d+ sent · [1-9]\d* failed/)
	const row = panel.getByRole('row').filter({ hasText: 'failing-domain.example' }).first()
	await expect(row).toContainText('Password reset')
	await expect(row).toContainText('EENVELOPE:450')
	await expect(row).toContainText('10')
	await expect(panel).not.toContainText(recipient)
	await expect(panel).not.toContainText('Reset your password')
})
