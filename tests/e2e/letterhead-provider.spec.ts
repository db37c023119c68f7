import { generateLetterheadSamples } from '../support/letterhead-samples.ts'
import { uploadBytes, waitUntilProcessed } from './documents.ts'
import { expect, test } from './fixtures.ts'

/**
 * A report whose issuer only its letterhead names, drawn as a picture: read in the worker's
 * extraction child (the letterhead band read again by PaddleOCR) and shown on the record page;
 * a letterhead that names nobody shows 'Not detected'.
 */
test('the record page names the issuer only a logo picture shows, and names nobody from a tagline', async ({ page, login }) => {
	test.setTimeout(150_000)
	await login()
	const samples = await generateLetterheadSamples(undefined, ['en-stacked-capitals/text_pdf', 'es-clinic-two-sizes/scan', 'en-tagline-only/text_pdf'])
	const sample = (id: string) => {
		const found = samples.find((candidate) => candidate.id === id)
		if (!found) throw new Error(`no sample ${id}`)
		return found
	}
	const logo = sample('en-stacked-capitals/text_pdf')
	const scan = sample('es-clinic-two-sizes/scan')
	const tagline = sample('en-tagline-only/text_pdf')
	const ids = [
		await uploadBytes(page.request, { name: 'nordhaven-results.pdf', mimeType: 'application/pdf', buffer: logo.bytes }),
		await uploadBytes(page.request, { name: 'santa-elena-scan.jpg', mimeType: 'image/jpeg', buffer: scan.bytes }),
		await uploadBytes(page.request, { name: 'tagline-results.pdf', mimeType: 'application/pdf', buffer: tagline.bytes }),
	]
	await waitUntilProcessed(page.request, ids)
	const providerOn = async (id: string) => {
		await page.goto(`/records/${id}`)
		return page.locator('dt', { hasText: /^Provider$/ }).locator('xpath=following-sibling::dd[1]')
	}
	await expect(await providerOn(ids[0])).toHaveText('Nordhaven Diagnostics')
	await expect(await providerOn(ids[1])).toHaveText('Clínica Santa Elena')
	await expect(await providerOn(ids[2])).toHaveText('Not detected')
})
