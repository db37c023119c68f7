/**
 * Ingest: a 1-page text PDF from the start of its upload to 'processed'
 * (median of 20, through the real web server and worker), and how much a
 * 20 MB upload grows the web process's resident memory.
 * `--storage=s3` measures the same with the files in an S3 bucket (s3rver on
 * loopback) after the local-folder run, and prints the ratio of the medians.
 * Usage: npm run build && npm run bench:ingest [-- --storage=s3]
 */
import { execFileSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { startS3Server } from '#tests/support/s3-server.ts'
import { percentile, registerBenchPatient, residentBytes, startApp, stopApp, waitFor200, webProcessId } from './bench-support.ts'

if (!existsSync('build/server/index.js')) {
	console.error('run `npm run build` first')
	process.exit(1)
}
const FIXTURES = path.resolve('../shared/fixtures/documents')
const withS3 = process.argv.includes('--storage=s3')
const port = Number(process.env.BENCH_PORT ?? 3230)
const pgPort = Number(process.env.BENCH_PG_PORT ?? 54379)
const base = `http://localhost:${port}`
let app: ReturnType<typeof startApp>

/** The web server process's resident memory, MB. */
function webProcessRssMb() {
	return residentBytes(webProcessId(app)) / 1024 / 1024
}

async function upload(cookie: string, name: string, bytes: Buffer) {
	const form = new FormData()
	form.append('file', new Blob([new Uint8Array(bytes)], { type: 'application/pdf' }), name)
	const response = await fetch(`${base}/api/documents/upload`, { method: 'POST', headers: { cookie, Origin: base }, body: form })
	const body = (await response.json()) as { documentId?: string; message?: string }
	if (!body.documentId) throw new Error(`upload refused: ${body.message}`)
	return body.documentId
}

async function waitProcessed(cookie: string, id: string) {
	const input = encodeURIComponent(JSON.stringify({ json: { ids: [id] } }))
	for (;;) {
		const response = await fetch(`${base}/api/trpc/documents.byIds?input=${input}`, { headers: { cookie } })
		const [document] = ((await response.json()) as { result: { data: { json: Array<{ status: string }> } } }).result.data.json
		if (document?.status === 'processed') return
		if (document?.status === 'failed') throw new Error('processing failed')
		await new Promise((resolve) => setTimeout(resolve, 10))
	}
}

async function measure(label: string, env: Record<string, string>) {
	const dataDir = await mkdtemp(path.join(tmpdir(), 'carebook-ingest-'))
	app = startApp({ script: 'start', port, pgPort, dataDir, env })
	try {
		await waitFor200(`${base}/healthz`)
		const { cookie } = await registerBenchPatient(base, 'Ingest Bench')
		const pdf = readFileSync(path.join(FIXTURES, 'lab/bluewater_final_report.pdf'))

		await waitProcessed(cookie, await upload(cookie, 'warmup.pdf', pdf))
		const times: number[] = []
		for (let i = 0; i < 20; i++) {
			const started = performance.now()
			await waitProcessed(cookie, await upload(cookie, `report-${i}.pdf`, pdf))
			times.push(performance.now() - started)
		}
		console.log(
			`${label}: 1-page text PDF, upload to processed: median ${percentile(times, 50).toFixed(0)} ms, p95 ${percentile(times, 95).toFixed(0)} ms, min ${Math.min(...times).toFixed(0)} ms (n=20)`,
		)

		const bigPath = path.join(dataDir, 'twenty-mb.pdf')
		execFileSync('node', [path.join(FIXTURES, 'bad/generate-oversize-pdf.mjs'), bigPath, '20971520'])
		const big = readFileSync(bigPath)
		const before = webProcessRssMb()
		await upload(cookie, 'twenty-mb.pdf', big)
		const after = webProcessRssMb()
		console.log(
			`${label}: 20 MB upload (${big.length} bytes): web process RSS ${before.toFixed(1)} MB -> ${after.toFixed(1)} MB (+${(after - before).toFixed(1)} MB)`,
		)
		return percentile(times, 50)
	} finally {
		await stopApp(app)
		await rm(dataDir, { recursive: true, force: true })
	}
}

const localMedian = await measure('local folder', {})
if (withS3) {
	const s3 = await startS3Server()
	try {
		const s3Median = await measure('S3 (s3rver on loopback)', s3.env)
		console.log(`S3 / local folder median: ${(s3Median / localMedian).toFixed(2)}x (target within 1.2x)`)
	} finally {
		await s3.stop()
	}
}
