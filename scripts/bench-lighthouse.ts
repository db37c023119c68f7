/**
 * npm run bench:lighthouse [-- --no-build]
 *
 * Lighthouse (mobile defaults: emulated phone, simulated slow 4G and 4x CPU
 * slowdown) on the production build: /login signed out, then /, /records,
 * /trends and /appointments signed in (the session cookie goes along as an
 * extra header). Prints performance, accessibility and best-practices per
 * page and the audits that cost points. Target: performance >= 95,
 * accessibility and best practices 100 on each page.
 *
 * Builds into BUILD_DIR (default build-lh) unless --no-build; the server runs
 * on BENCH_PORT (default 3118) with its own embedded PostgreSQL on
 * BENCH_PG_PORT (default 54368) and a fresh data folder. Chromium:
 * CHROME_PATH (default /usr/bin/chromium). `--page /trends` measures one
 * page; LIGHTHOUSE_REPORT_DIR keeps each page's full JSON report. The CPU
 * benchmark index Lighthouse measured and the machine's load average
 * (before and after) are printed: on a busy machine the simulated 4x
 * slowdown applies to already slow tasks and Total Blocking Time grows with
 * it. A run Lighthouse itself reports as broken (a runtime error such as
 * NO_NAVSTART, 'Please run Lighthouse again') is run once more.
 */
import { execFileSync } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { availableParallelism, loadavg, tmpdir } from 'node:os'
import path from 'node:path'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { registerBenchPatient, startApp, stopApp, waitFor200 } from './bench-support.ts'

const PERFORMANCE_TARGET = 95
const ATTEMPTS_PER_PAGE = 2
const loadAverage = () =>
	loadavg()
		.map((load) => load.toFixed(2))
		.join(' / ')
const PAGES = [
	{ path: '/login', signedIn: false },
	{ path: '/', signedIn: true },
	{ path: '/records', signedIn: true },
	{ path: '/trends', signedIn: true },
	{ path: '/appointments', signedIn: true },
]
// `--page /trends` (repeatable) measures only those pages.
const chosenPages = process.argv.flatMap((arg, index) => (process.argv[index - 1] === '--page' ? [arg] : []))
const pages = chosenPages.length > 0 ? PAGES.filter((page) => chosenPages.includes(page.path)) : PAGES
const CATEGORIES = ['performance', 'accessibility', 'best-practices'] as const

process.env.BUILD_DIR ??= 'build-lh'
if (!process.argv.includes('--no-build')) {
	execFileSync('npm', ['run', 'build'], { stdio: ['ignore', 'ignore', 'inherit'], env: process.env })
}

const port = Number(process.env.BENCH_PORT ?? 3118)
const base = `http://localhost:${port}`
const dataDir = await mkdtemp(path.join(tmpdir(), 'carebook-lighthouse-'))
const app = startApp({ script: 'start', port, pgPort: Number(process.env.BENCH_PG_PORT ?? 54368), dataDir })
const chrome = await chromeLauncher.launch({
	chromePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
	chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
})
let failed = false
/** One page's Lighthouse report; a run Lighthouse reports as broken is run once more. */
async function measure(pagePath: string, extraHeaders: Record<string, string> | undefined) {
	for (let attempt = 1; ; attempt++) {
		const result = await lighthouse(`${base}${pagePath}`, {
			port: chrome.port,
			output: 'json',
			logLevel: 'error',
			onlyCategories: [...CATEGORIES],
			extraHeaders,
		})
		if (!result) throw new Error(`no Lighthouse result for ${pagePath}`)
		if (!result.lhr.runtimeError || attempt === ATTEMPTS_PER_PAGE) return result.lhr
		console.log(`${pagePath.padEnd(14)} Lighthouse run broken (${result.lhr.runtimeError.code}), measuring again`)
	}
}
try {
	await waitFor200(`${base}/healthz`)
	const { cookie } = await registerBenchPatient(base, 'Light House')

	console.log(`load average (1 / 5 / 15 min) before: ${loadAverage()} on ${availableParallelism()} CPUs`)
	console.log(`Lighthouse ${(await import('lighthouse/package.json', { with: { type: 'json' } })).default.version}, mobile defaults, ${base}\n`)
	console.log(`${'page'.padEnd(14)} ${'perf'.padStart(5)} ${'a11y'.padStart(5)} ${'best'.padStart(5)}   FCP / LCP / TBT / CLS`)
	const notes: string[] = []
	const benchmarkIndexes: number[] = []
	for (const page of pages) {
		// Warm the server's route modules so the first page is not measured cold.
		await fetch(`${base}${page.path}`, { headers: page.signedIn ? { cookie } : {} }).then((response) => response.arrayBuffer())
		const lhr = await measure(page.path, page.signedIn ? { Cookie: cookie } : undefined)
		if (process.env.LIGHTHOUSE_REPORT_DIR) {
			const file = path.join(process.env.LIGHTHOUSE_REPORT_DIR, `${page.path.replace(/\W+/g, '-') || 'home'}.json`)
			await writeFile(file, JSON.stringify(lhr))
		}
		if (lhr.finalDisplayedUrl !== `${base}${page.path}`) throw new Error(`${page.path} ended at ${lhr.finalDisplayedUrl}`)
		benchmarkIndexes.push(Math.round(lhr.environment.benchmarkIndex))
		const scores = CATEGORIES.map((id) => Math.round((lhr.categories[id]?.score ?? 0) * 100))
		const [performance, accessibility, bestPractices] = scores as [number, number, number]
		if (performance < PERFORMANCE_TARGET || accessibility < 100 || bestPractices < 100) failed = true
		const metric = (id: string) => lhr.audits[id]?.displayValue ?? '?'
		console.log(
			`${page.path.padEnd(14)} ${scores.map((score) => String(score).padStart(5)).join(' ')}   ${['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift'].map(metric).join(' / ')}`,
		)
		for (const id of CATEGORIES) {
			for (const ref of lhr.categories[id]?.auditRefs ?? []) {
				const audit = lhr.audits[ref.id]
				if (!audit || audit.score === null || audit.score >= 0.9 || (id === 'performance' && ref.weight > 0)) continue
				if (id === 'performance' && audit.details?.type !== 'opportunity' && !audit.displayValue) continue
				notes.push(`${page.path} [${id}] ${audit.id}: ${audit.title}${audit.displayValue ? ` (${audit.displayValue})` : ''}`)
			}
		}
	}
	console.log(`\nLighthouse CPU benchmark index of this machine: ${benchmarkIndexes.join(', ')} (a desktop-class CPU is about 1,000 or more)`)
	console.log(`load average (1 / 5 / 15 min) after: ${loadAverage()}`)
	if (notes.length > 0) console.log(`\nAudits that cost points:\n${notes.join('\n')}`)
	console.log(`\ntarget: performance >= ${PERFORMANCE_TARGET}, accessibility 100, best practices 100 on every page: ${failed ? 'FAIL' : 'PASS'}`)
} finally {
	chrome.kill()
	await stopApp(app)
	await rm(dataDir, { recursive: true, force: true })
}
process.exitCode = failed ? 1 : 0
