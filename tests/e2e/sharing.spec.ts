import { readFile } from 'node:fs/promises'
import { SHARE_MESSAGES } from '#server/sharing/shared/messages.ts'
import { uploadFixture, waitForHydration, waitUntilProcessed } from './documents.ts'
import { BASE_URL, emailsTo, expect, test, uniqueEmail } from './fixtures.ts'

const MERIDIAN = 'lab/LabResults_Meridian_2025-03-14.pdf'
const VISIT_NOTE = 'other/visit_note_2025-04-02.pdf'
const IMMUNIZATION = 'other/immunization_record.pdf'
const SHARE_LINK = /^http:\/\/localhost:\d+\/shared\/[a-z2-7]{52}$/

test('shares two records by link: the recipient opens them without an account, downloads one, and a revoked link refuses', async ({ page, login, browser }) => {
	test.setTimeout(120_000)
	await login({ name: 'Sasha Sharer' })
	const ids = [await uploadFixture(page.request, MERIDIAN), await uploadFixture(page.request, VISIT_NOTE), await uploadFixture(page.request, IMMUNIZATION)]
	await waitUntilProcessed(page.request, ids)
	await page.context().grantPermissions(['clipboard-read', 'clipboard-write'])

	await page.goto('/share-records')
	await waitForHydration(page)
	await expect(page.getByRole('heading', { level: 1, name: SHARE_MESSAGES.pageTitle })).toBeVisible()
	await expect(page.getByText(SHARE_MESSAGES.noShares)).toBeVisible()
	const table = page.getByTestId('shareable-records')
	const boxes = table.locator('tbody').getByRole('checkbox')
	await expect(boxes).toHaveCount(3)
	// Step 2 appears once something is selected.
	await expect(page.getByRole('button', { name: SHARE_MESSAGES.generateLink })).toHaveCount(0)

	// Search narrows the table and keeps the selection.
	const rows = table.locator('tbody tr')
	const titles = await rows.locator('td:nth-child(2)').allInnerTexts()
	await page.getByRole('searchbox', { name: SHARE_MESSAGES.searchLabel }).fill('zzz-nothing')
	await expect(page.getByText(SHARE_MESSAGES.noMatches)).toBeVisible()
	await page.getByRole('searchbox', { name: SHARE_MESSAGES.searchLabel }).fill('')

	const lab = rows.filter({ hasText: 'Lab Report' })
	const note = rows.filter({ hasText: 'Clinical Notes' })
	await lab.getByRole('checkbox').check()
	await note.getByRole('checkbox').check()
	await expect(page.getByTestId('selection-count')).toHaveText('2 records selected')
	const sharedTitles = [await lab.locator('td:nth-child(2)').innerText(), await note.locator('td:nth-child(2)').innerText()]
	const unsharedTitle = titles.find((title) => !sharedTitles.includes(title))!
	await expect(page.getByLabel(SHARE_MESSAGES.expiryLabel)).toHaveValue('7d')

	await page.getByRole('button', { name: SHARE_MESSAGES.generateLink }).click()
	const generated = page.getByTestId('generated-link')
	await expect(generated.getByRole('heading', { name: SHARE_MESSAGES.linkGenerated })).toBeVisible()
	const url = await generated.getByRole('textbox', { name: 'Share link' }).inputValue()
	expect(url).toMatch(SHARE_LINK)
	await expect(generated.getByRole('img', { name: SHARE_MESSAGES.qrCodeAlt })).toBeVisible()
	await generated.getByRole('button', { name: SHARE_MESSAGES.copyLink }).click()
	await expect(page.getByText(SHARE_MESSAGES.linkCopied)).toBeVisible()
	expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url)

	const shareRow = page.getByTestId('share-row')
	await expect(shareRow).toHaveCount(1)
	await expect(shareRow).toContainText(SHARE_MESSAGES.anyoneWithLink)
	await expect(shareRow.getByTestId('share-views')).toContainText('0 views')

	// The recipient: a fresh browser, no account.
	const recipient = await browser.newContext({ baseURL: BASE_URL, acceptDownloads: true })
	const visitor = await recipient.newPage()
	const answer = await visitor.goto(url)
	expect(answer?.status()).toBe(200)
	expect(answer?.headers()['referrer-policy']).toBe('no-referrer')
	expect(answer?.headers()['x-robots-tag']).toBe('noindex, nofollow')
	await expect(visitor.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow')
	// Whose records, who shared them and when, and what the patient chose to include.
	await expect(visitor.getByRole('heading', { level: 1, name: SHARE_MESSAGES.recordsOf('Sasha Sharer') })).toBeVisible()
	await expect(visitor.getByTestId('shared-by')).toHaveText(/^Shared by Sasha Sharer on .+ \(UTC\)\.$/)
	await expect(visitor.getByText(SHARE_MESSAGES.includedRecords(2))).toBeVisible()
	const documents = visitor.getByTestId('shared-document')
	await expect(documents).toHaveCount(2)
	expect((await documents.getByRole('heading', { level: 2 }).allInnerTexts()).sort()).toEqual([...sharedTitles].sort())
	await expect(visitor.getByText(unsharedTitle)).toHaveCount(0)
	const labCard = documents.filter({ hasText: 'Lab Report' })
	await expect(labCard.getByTestId('lab-values').locator('tbody tr').first()).toBeVisible()
	// The values in the report's order, as on the owner's document page (not re-sorted by name).
	const sharedOrder = await labCard.getByTestId('lab-values').locator('tbody tr th').allInnerTexts()
	await page.goto(`/records/${ids[0]}`)
	const ownerOrder = await page.getByTestId('lab-values').first().locator('tbody tr th').allInnerTexts()
	expect(sharedOrder.length).toBeGreaterThan(2)
	expect(sharedOrder).toEqual(ownerOrder)
	expect(sharedOrder).not.toEqual([...sharedOrder].sort((a, b) => a.localeCompare(b)))
	await page.goto('/share-records')
	// Nothing of the patient's area is reachable from the page.
	await expect(visitor.locator('a[href^="/records"], a[href="/"], a[href^="/share-records"]')).toHaveCount(0)

	const [download] = await Promise.all([visitor.waitForEvent('download'), labCard.getByRole('link', { name: /Download/ }).click()])
	expect(download.suggestedFilename()).toMatch(/\.pdf$/)
	expect((await readFile((await download.path())!)).subarray(0, 5).toString()).toBe('%PDF-')

	// The owner sees the opening and the download.
	await page.reload()
	await expect(shareRow.getByTestId('share-views')).toContainText('1 view')
	await shareRow.getByText(SHARE_MESSAGES.accessLogSummary).click()
	const log = shareRow.getByTestId('share-access-log')
	await expect(log).toContainText('Opened the records')
	await expect(log).toContainText('Viewed or downloaded')

	await waitForHydration(page)
	// Revoke asks first; keeping the link changes nothing.
	await shareRow.getByRole('button', { name: SHARE_MESSAGES.revoke }).click()
	const dialog = page.getByRole('dialog', { name: SHARE_MESSAGES.revokeTitle })
	await expect(dialog).toContainText(SHARE_MESSAGES.revokeQuestion)
	await dialog.getByRole('button', { name: 'Cancel' }).click()
	await expect(dialog).toHaveCount(0)
	await expect(shareRow.getByTestId('share-revoked')).toHaveCount(0)
	await shareRow.getByRole('button', { name: SHARE_MESSAGES.revoke }).click()
	await page.getByRole('dialog', { name: SHARE_MESSAGES.revokeTitle }).getByRole('button', { name: SHARE_MESSAGES.revokeConfirm }).click()
	await expect(page.getByText(SHARE_MESSAGES.accessRevoked, { exact: true })).toBeVisible()
	// Still listed as revoked, with its history.
	await expect(shareRow).toHaveCount(1)
	await expect(shareRow.getByTestId('share-revoked')).toHaveText(SHARE_MESSAGES.revoked)
	await expect(shareRow.getByRole('button', { name: SHARE_MESSAGES.revoke })).toHaveCount(0)
	await shareRow.getByText(SHARE_MESSAGES.accessLogSummary).click()
	await expect(shareRow.getByTestId('share-access-log')).toContainText('Opened the records')

	const refused = await visitor.reload()
	expect(refused?.status()).toBe(404)
	await expect(visitor.getByRole('heading', { name: SHARE_MESSAGES.unavailableTitle })).toBeVisible()
	await expect(visitor.getByText(SHARE_MESSAGES.unavailable)).toBeVisible()
	await expect(visitor.getByTestId('shared-document')).toHaveCount(0)
	await recipient.close()
})

test.describe('sharing by e-mail', () => {
	// The mailbox shows the HTML body in a sandboxed frame that refuses Playwright's own scripts (see mailbox.spec.ts).
	test.use({ allowConsoleErrors: [/^Blocked script execution in 'about:srcdoc' because the document's frame is sandboxed/] })

	test('sends the link through the outbox, clears the form, and the message is in the development mailbox', async ({ page, login }) => {
		await login({ name: 'Emil Mailer' })
		await uploadFixture(page.request, VISIT_NOTE)
		const recipientEmail = uniqueEmail('doctor')

		await page.goto('/share-records')
		await waitForHydration(page)
		const box = page.getByTestId('shareable-records').locator('tbody').getByRole('checkbox')
		await box.check()
		const send = page.getByRole('button', { name: SHARE_MESSAGES.shareViaEmail })
		await expect(send).toBeDisabled()
		await page.getByLabel(SHARE_MESSAGES.recipientLabel).fill(recipientEmail)
		await expect(send).toBeEnabled()
		await send.click()

		await expect(page.getByText(SHARE_MESSAGES.sharedViaEmail, { exact: true })).toBeVisible()
		await expect(box).not.toBeChecked()
		await expect(page.getByRole('button', { name: SHARE_MESSAGES.generateLink })).toHaveCount(0)
		await expect(page.getByTestId('generated-link')).toHaveCount(0)
		await expect(page.getByTestId('share-row')).toContainText(recipientEmail)

		await expect.poll(async () => (await emailsTo(recipientEmail))[0]?.status, { timeout: 20_000 }).toBe('sent')
		await page.goto('/dev/mailbox')
		const item = page.getByRole('listitem').filter({ hasText: recipientEmail })
		await expect(item).toContainText(SHARE_MESSAGES.emailSubject)
		await item.getByRole('link', { name: SHARE_MESSAGES.emailSubject }).click()
		const text = page.getByTestId('mailbox-text')
		await expect(text).toContainText('Emil Mailer shared 1 medical record with you')
		const link = text.getByRole('link', { name: SHARE_LINK })
		await expect(link).toBeVisible()
		await page.goto((await link.getAttribute('href'))!)
		await expect(page.getByTestId('shared-document')).toHaveCount(1)
	})
})

test.describe('without JavaScript', () => {
	test.use({ javaScriptEnabled: false })

	test("shows the spec's notices for a missing selection or recipient", async ({ page, login }) => {
		await login()
		await uploadFixture(page.request, VISIT_NOTE)
		await page.goto('/share-records')
		await page.getByRole('button', { name: SHARE_MESSAGES.generateLink }).click()
		await expect(page.getByRole('alert').filter({ hasText: SHARE_MESSAGES.noRecordsSelected })).toContainText(SHARE_MESSAGES.selectToGenerate)

		await page.getByRole('button', { name: SHARE_MESSAGES.shareViaEmail }).click()
		await expect(page.getByRole('alert').filter({ hasText: SHARE_MESSAGES.noRecordsSelected })).toContainText(SHARE_MESSAGES.selectToEmail)
		await expect(page.getByRole('alert').filter({ hasText: SHARE_MESSAGES.noRecipient })).toContainText(SHARE_MESSAGES.enterRecipient)
	})

	test('a link with a passcode asks for it, refuses a wrong one and opens with the right one', async ({ page, login, browser }) => {
		await login()
		await uploadFixture(page.request, VISIT_NOTE)
		await page.goto('/share-records')
		await page.getByTestId('shareable-records').locator('tbody').getByRole('checkbox').check()
		await page.getByLabel(SHARE_MESSAGES.passcodeLabel).fill('blue-heron-42')
		await page.getByRole('button', { name: SHARE_MESSAGES.generateLink }).click()
		const url = await page.getByRole('textbox', { name: 'Share link' }).inputValue()
		expect(url).toMatch(SHARE_LINK)
		await expect(page.getByTestId('share-row')).toContainText('Passcode required')

		const recipient = await browser.newContext({ baseURL: BASE_URL, javaScriptEnabled: false })
		const visitor = await recipient.newPage()
		await visitor.goto(url)
		await expect(visitor.getByRole('heading', { name: SHARE_MESSAGES.passcodeTitle })).toBeVisible()
		await expect(visitor.getByTestId('shared-document')).toHaveCount(0)
		await visitor.getByLabel(SHARE_MESSAGES.passcodeField).fill('wrong-guess')
		await visitor.getByRole('button', { name: SHARE_MESSAGES.openRecords }).click()
		await expect(visitor.getByText(SHARE_MESSAGES.wrongPasscode)).toBeVisible()
		await visitor.getByLabel(SHARE_MESSAGES.passcodeField).fill('blue-heron-42')
		await visitor.getByRole('button', { name: SHARE_MESSAGES.openRecords }).click()
		await expect(visitor.getByTestId('shared-document')).toHaveCount(1)
		await recipient.close()
	})
})
