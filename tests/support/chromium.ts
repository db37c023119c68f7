import { existsSync } from 'node:fs'
import { devices, type Project } from '@playwright/test'

/** Debian's Chromium when installed (browser downloads do not work here), with the flags this machine's closed network needs. */
const chromiumPath = ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((candidate) => existsSync(candidate))

/** A Playwright project driving desktop Chromium. */
export function chromiumProject(name: string): Project {
	return {
		name,
		use: {
			...devices['Desktop Chrome'],
			launchOptions: {
				executablePath: chromiumPath,
				args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
			},
		},
	}
}
