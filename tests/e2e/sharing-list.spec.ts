import { SHARE_MESSAGES } from '#server/sharing/shared/messages.ts'
import { waitForHydration } from './documents.ts'
import { emailsTo, expect, test, uniqueEmail } from './fixtures.ts'
import { insertDocumentRow } from './seed-rows.ts'

/** The words of the element's text that are broken over two lines (an address may wrap at its '@', dots and hyphens, a word nowhere). */
async function wordsAreWhole(locator: import('@playwright/test').Locator) {
	return locator.evaluate((element) => {
		const walker = document.createTreeWalker(element, NodeFilter.SHOW_TEXT)
		const broken: string[] = []
		for (let node = walker.nextNode(); node; node = walker.nextNode()) {
			const text = node.textContent ?? ''
			for (const match of text.matchAll(/[^\s@.-]+/g)) {
				const range = document.createRange()
				range.setStart(node, match.index!)
				range.setEnd(node, match.index! + match[0].length)
				const lines = new Set([...range.getClientRects()].map((rect) => Math.round(rect.top)))
				if (lines.size > 1) broken.push(match[0])
			}
		}
		return broken
	})
}

// Issue 39, point 12 (the 'not sent' mark of an e-mail share on a server without mail: email.no-relay.spec.ts).
test('sharing: failed documents are not offered, a passcode link says so, the Shared With column keeps words whole, an e-mail share shows where it stands', async ({
	page,
	login,
}) => {
	const patient = await login({ name: 'Sharon List' })
	await insertDocumentRow(patient, { title: 'Lipid panel', status: 'processed' })
	await insertDocumentRow(patient, { title: 'Blurry photo', status: 'failed' })
	await page.setViewportSize({ width: 390, height: 844 })

	await page.goto('/share-records')
	await waitForHydration(page)
	const records = page.getByTestId('shareable-records')
	await expect(records).toContainText('Lipid panel')
	await expect(records).not.toContainText('Blurry photo')
	await expect(records.locator('tbody').getByRole('checkbox')).toHaveCount(1)

	await records.locator('tbody').getByRole('checkbox').check()
	await page.getByLabel(SHARE_MESSAGES.passcodeLabel).fill('blue-heron-42')
	await page.getByRole('button', { name: SHARE_MESSAGES.generateLink }).click()
	const description = page.getByTestId('generated-link-description')
	await expect(description).toContainText(SHARE_MESSAGES.linkGeneratedWithPasscode)
	await expect(description).not.toContainText(SHARE_MESSAGES.linkGeneratedDescription)

	const linkRow = page.getByTestId('share-row').first()
	await expect(linkRow.getByTestId('share-with')).toContainText(SHARE_MESSAGES.anyoneWithLink)
	expect(await wordsAreWhole(linkRow.getByTestId('share-with'))).toEqual([])

	const recipient = uniqueEmail('doctor')
	await page.goto('/share-records')
	await waitForHydration(page)
	await records.locator('tbody').getByRole('checkbox').check()
	await page.getByLabel(SHARE_MESSAGES.recipientLabel).fill(recipient)
	await page.getByRole('button', { name: SHARE_MESSAGES.shareViaEmail }).click()
	await expect(page.getByText(SHARE_MESSAGES.sharedViaEmail, { exact: true })).toBeVisible()
	await expect.poll(async () => (await emailsTo(recipient))[0]?.status, { timeout: 20_000 }).toBe('sent')
	await page.reload()
	const emailRow = page.getByTestId('share-row').filter({ hasText: recipient })
	await expect(emailRow.getByTestId('share-email-delivery')).toHaveText(SHARE_MESSAGES.emailDelivery.sent)
	await expect(emailRow.getByTestId('share-email-not-sent')).toHaveCount(0)
	expect(await wordsAreWhole(emailRow.getByTestId('share-with'))).toEqual([])

	// a failed document posted anyway is refused
	const failedId = await insertDocumentRow(patient, { title: 'Another failure', status: 'failed' })
	const refused = await page.request.post('/share-records', {
		headers: { Origin: new URL(page.url()).origin },
		form: { intent: 'generate-link', documentIds: failedId, expiry: '7d' },
	})
	expect(await refused.text()).toContain(SHARE_MESSAGES.failedNotShareable)
})
