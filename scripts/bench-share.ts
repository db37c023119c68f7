/**
 * One share link opened by 200 browsers at once, against the production
 * build: a patient signs up, uploads a lab report and generates a link
 * through the real pages, then 200 concurrent GET /shared/<token> are timed
 * (wall time, p50, p95, max) and every answer must be 200; before that,
 * 30 openings one at a time give the cost of one.
 * Usage: npm run build && npm run bench:share
 */
import { existsSync } from 'node:fs'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { percentile, registerBenchPatient, startApp, stopApp, waitFor200 } from './bench-support.ts'

if (!existsSync('build/server/index.js')) {
	console.error('run `npm run build` first')
	process.exit(1)
}
const OPENINGS = 200
const dataDir = await mkdtemp(path.join(tmpdir(), 'carebook-bench-share-'))
const port = Number(process.env.PORT ?? 3230)
const base = `http://localhost:${port}`
const app = startApp({ script: 'start', port, pgPort: Number(process.env.EMBEDDED_PG_PORT ?? 54379), dataDir })
try {
	await waitFor200(`${base}/healthz`)
	const { cookie } = await registerBenchPatient(base, 'Bench Sharer')
	const upload = new FormData()
	upload.set(
		'file',
		new Blob([await readFile('../shared/fixtures/documents/lab/LabResults_Meridian_2025-03-14.pdf')], { type: 'application/pdf' }),
		'Meridian.pdf',
	)
	const uploaded = await fetch(`${base}/api/documents/upload`, { method: 'POST', headers: { cookie, Origin: base }, body: upload })
	const { documentId } = (await uploaded.json()) as { documentId: string }
	const page = await fetch(`${base}/share-records`, {
		method: 'POST',
		headers: { cookie, Origin: base, 'Content-Type': 'application/x-www-form-urlencoded' },
		body: new URLSearchParams({ intent: 'generate-link', documentIds: documentId, expiry: '7d' }),
	})
	const link = (await page.text()).match(/http:\/\/localhost:\d+\/shared\/[a-z2-7]{52}/)?.[0]
	if (!link) throw new Error(`no link in the answer (${page.status})`)

	const open = async () => {
		const started = performance.now()
		const response = await fetch(link)
		await response.arrayBuffer()
		if (response.status !== 200) throw new Error(`unexpected status ${response.status}`)
		return performance.now() - started
	}
	for (let index = 0; index < 10; index++) await open()
	const serial: number[] = []
	for (let index = 0; index < 30; index++) serial.push(await open())
	console.log(`one opening at a time: p50 ${percentile(serial, 50).toFixed(1)} ms, p95 ${percentile(serial, 95).toFixed(1)} ms (n=${serial.length})`)
	const started = performance.now()
	const times = await Promise.all(Array.from({ length: OPENINGS }, open))
	const wall = performance.now() - started
	console.log(
		`${OPENINGS} concurrent openings of one link: wall ${wall.toFixed(0)} ms, p50 ${percentile(times, 50).toFixed(0)} ms, p95 ${percentile(times, 95).toFixed(0)} ms, max ${Math.max(...times).toFixed(0)} ms, all 200`,
	)
} finally {
	await stopApp(app)
	await rm(dataDir, { recursive: true, force: true })
}
