import { existsSync } from 'node:fs'
import { expect, test } from './fixtures.ts'

// Chromium's fake camera (a generated test pattern) stands in for the device camera.
test.use({
	permissions: ['camera'],
	launchOptions: {
		executablePath: ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((candidate) => existsSync(candidate)),
		args: ['--no-sandbox', '--disable-gpu', '--use-fake-ui-for-media-stream', '--use-fake-device-for-media-stream'],
	},
})

test('Camera Capture takes a photo and uploads it as a JPEG document', async ({ page, login }) => {
	await login()
	await page.goto('/upload')
	await page.getByRole('tab', { name: 'Camera Capture' }).click()
	await page.getByRole('button', { name: 'Open camera' }).click()
	await page.getByRole('button', { name: 'Take photo' }).click()
	await expect(page.getByRole('img', { name: 'Captured document' })).toBeVisible()
	await page.getByRole('button', { name: 'Upload photo' }).click()

	await expect(page.getByRole('heading', { name: 'Upload Complete!' })).toBeVisible()
	const result = page.getByTestId('upload-result')
	await expect(result).toHaveCount(1)
	await expect(result).toContainText(/camera-capture-\d{4}-\d{2}-\d{2}/)
	await expect(page.getByTestId('upload-status')).toHaveText('Processed', { timeout: 60_000 })
})
