/**
 * Cold start of `npm run dev` to the first 200 from /login: the first run
 * initialises a new embedded database, the second reuses it.
 * Usage: npm run bench:startup
 */
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { startApp, stopApp, waitFor200 } from './bench-support.ts'

const dataDir = await mkdtemp(path.join(tmpdir(), 'carebook-bench-'))
const port = 3210
try {
	for (const label of ['first run (initialises the database)', 'second run (existing database)']) {
		const started = Date.now()
		const app = startApp({ script: 'dev', port, pgPort: 54359, dataDir })
		await waitFor200(`http://localhost:${port}/login`)
		console.log(`${label}: ${Date.now() - started} ms to the first 200 from /login`)
		await stopApp(app)
	}
} finally {
	await rm(dataDir, { recursive: true, force: true })
}
