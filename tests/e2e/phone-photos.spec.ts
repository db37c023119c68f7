import { canEncodeHeic, labPagePhotos } from '../support/phone-photo-formats.ts'
import { expect, test } from './fixtures.ts'

/**
 * A lab report photographed as phones save it, a WebP (Android cameras, messengers) and a HEIC
 * (an iPhone's default), picked in the browser like any file: both are accepted, read in the
 * worker's extraction child, and their values shown on the record page beside a preview.
 * The photos are made at test time from a generated report (heif-enc makes the HEIC).
 */
test('a WebP and a HEIC lab photo upload from the browser, reach processed and show their values', async ({ page, login }) => {
	test.skip(!canEncodeHeic, 'heif-enc (Debian libheif-examples) makes the HEIC photo')
	test.setTimeout(180_000)
	const photos = await labPagePhotos()
	await login()
	await page.goto('/upload')
	await expect(page.getByText('PDF, JPEG, PNG, WebP, HEIC, DICOM, C-CDA (.xml) or FHIR (.json), up to 20 MB each')).toBeVisible()
	// a HEIC often comes with no type from the browser: the name and then the content decide
	await page.getByTestId('file-input').setInputFiles([
		{ name: 'lab-photo.webp', mimeType: 'image/webp', buffer: photos.webp },
		{ name: 'IMG_0038.HEIC', mimeType: '', buffer: photos.heic },
	])
	await expect(page.getByRole('list', { name: 'Selected files' }).getByRole('listitem')).toHaveCount(2)
	await expect(page.getByRole('alert')).toHaveCount(0)
	await page.getByRole('button', { name: 'Upload 2 files' }).click()

	await expect(page.getByRole('heading', { name: 'Upload Complete!' })).toBeVisible()
	await expect(page.getByTestId('upload-result')).toHaveCount(2)
	await expect(page.getByTestId('upload-status').filter({ hasText: 'Processed' })).toHaveCount(2, { timeout: 150_000 })
	await expect(page.getByTestId('upload-result').filter({ hasText: 'Lab Report' })).toHaveCount(2)

	await page.goto('/records')
	const cards = page.getByTestId('record-card')
	await expect(cards).toHaveCount(2)
	const links = await cards.evaluateAll((elements) => elements.map((element) => element.getAttribute('href')!))
	const shown = photos.parameters.slice(0, 6)
	const seenFiles: string[] = []
	for (const link of links) {
		await page.goto(link)
		await expect(page.getByTestId('document-type')).toHaveText('Lab Report')
		seenFiles.push((await page.locator('dd', { hasText: /\.(webp|HEIC)$/ }).textContent())!.trim())
		const values = page.getByTestId('lab-values')
		for (const printed of shown) {
			const row = values.locator(`tr[data-code="${printed.code}"]`).first()
			await expect(row, printed.code).toContainText(printed.valueText)
		}
		// the preview (a PNG the worker drew from the photo) loads and is drawn: lazily, so scrolled to
		const preview = page.getByRole('img', { name: /^First page of/ })
		await preview.scrollIntoViewIfNeeded()
		await expect(preview).toBeVisible()
		await expect.poll(() => preview.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth)).toBeGreaterThan(600)
	}
	expect(seenFiles.sort()).toEqual(['IMG_0038.HEIC', 'lab-photo.webp'])
})
