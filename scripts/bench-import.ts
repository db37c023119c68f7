/**
 * Import of a 5 MB FHIR bundle and a 5 MB C-CDA in this process (the read
 * the worker's extraction does): wall time and heap+external growth.
 *   npm run bench:import        (targets: < 2 s, < 100 MB)
 * The files are made at run time from the shared fixtures (entries repeated with new ids).
 */
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { extractDocument } from '../server/extraction/index.ts'

const STRUCTURED = path.resolve('../shared/fixtures/structured')
const TARGET_BYTES = 5 * 1024 * 1024

function bigBundle(): Buffer {
	const bundle = JSON.parse(readFileSync(path.join(STRUCTURED, 'fhir/synthea-clint-champlin.json'), 'utf8')) as {
		entry: { fullUrl?: string; resource: { id?: string } }[]
	}
	const original = bundle.entry
	const entries = [...original]
	for (let copy = 1; JSON.stringify({ ...bundle, entry: entries }).length < TARGET_BYTES; copy++) {
		entries.push(
			...original.map((entry) => ({ ...entry, fullUrl: `${entry.fullUrl}-${copy}`, resource: { ...entry.resource, id: `${entry.resource.id}-${copy}` } })),
		)
	}
	return Buffer.from(JSON.stringify({ ...bundle, entry: entries }))
}

function bigCcda(): Buffer {
	const text = readFileSync(path.join(STRUCTURED, 'ccda/ccd-1.xml'), 'utf8')
	const start = text.indexOf('<component>', text.indexOf('<structuredBody'))
	const end = text.lastIndexOf('</structuredBody>')
	const body = text.slice(start, end)
	const copies = Math.ceil((TARGET_BYTES - text.length) / body.length)
	return Buffer.from(text.slice(0, end) + body.repeat(copies) + text.slice(end))
}

async function measure(name: string, bytes: Buffer, fileName: string) {
	global.gc?.()
	const before = process.memoryUsage()
	let peak = before.rss
	const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5)
	const started = performance.now()
	const result = await extractDocument({ bytes, fileName })
	const ms = performance.now() - started
	clearInterval(timer)
	peak = Math.max(peak, process.memoryUsage().rss)
	console.log(
		JSON.stringify({
			file: name,
			megabytes: +(bytes.length / 1024 / 1024).toFixed(1),
			accepted: result.accepted,
			parameters: result.parameters.length,
			ms: Math.round(ms),
			rssGrowthMb: Math.round((peak - before.rss) / 1024 / 1024),
		}),
	)
}

await measure('fhir bundle', bigBundle(), 'big.json')
await measure('c-cda', bigCcda(), 'big.xml')
