/**
 * Extraction accuracy:
 *   npx tsx scripts/extraction-accuracy.ts [--verbose] [--engine=cli|cli-best-int|js] [--only=fixtures,corpus,public]
 *     [--per-family=2] [--families=a,b] [--media=text_pdf,scan,photo] [--seed=19] [--ocr-cache=<folder>] [--no-geometry]
 * --seed makes another corpus of the same families (other content, fonts' variants and
 * degradations): a sample nobody tuned on.
 * --ocr-cache keeps each prepared page image's OCR text in a folder (keyed by its hash), for
 * quick reruns while working on the readers; timings are then meaningless. With word boxes
 * cached, --no-column-gaps lays the words out one space apart (tesseract's plain text) to
 * measure what reading columns from the word boxes' geometry adds on the same OCR.
 * 1. the shared fixture manifest (../shared/fixtures/documents): every file
 *    and the upload cases through extractDocument; kind, date, provider,
 *    every expected lab value (code, value, unit, range min/max, status) and
 *    medications; targets text PDFs >= 97 %, scans >= 90 %.
 * 2. the generated corpus (tests/support/lab-corpus): every layout family as
 *    text PDFs, scans and phone-photo simulations, printed per family; the
 *    held-out families (not looked at while tuning) give the
 *    leave-one-layout-out figures.
 * 3. the public samples (../shared/fixtures/public-samples): real published
 *    reports, never special-cased.
 * --structured runs the C-CDA / FHIR import's measure on unseen sources
 * instead (scripts/structured-accuracy.ts, also npm run accuracy:structured).
 * Targets on held-out families and public samples: text PDFs >= 97 %, scans
 * >= 90 %, photos >= 80 %; kind, date and provider right on >= 95 % of
 * documents; no date in the future; no invented code. Exit code 1 when one
 * is missed.
 */
import { execFile } from 'node:child_process'
import { createHash } from 'node:crypto'
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { checkExtraction, fixturesDir, loadManifest, matchedShare, type FileCheck } from '../tests/support/fixture-manifest.ts'
import { checkCorpusDocument, checkPublicSample, factsShare, loadPublicSamples, percent as sharePercent, publicSamplesDir, valueShare, type DocumentCheck } from '../tests/support/extraction-checks.ts'
import { FAMILIES, generateCorpus } from '../tests/support/lab-corpus/index.ts'
import { ANALYTE_CODES, bestIntTessdataDir, closeDefaultOcrEngine, createDefaultOcrEngine, createTesseractCliEngine, createTesseractJsEngine, extractDocument, sanitizeFileName, type ClosableOcrEngine, type ExtractionResult, type OcrEngine, type OcrResult } from '../server/extraction/index.ts'
import { layoutOcrWords } from '../server/extraction/ocr-layout.ts'
import { PAGE_PREPROCESSING } from '../server/extraction/ocr-page.ts'

const TARGETS = { text_pdf: 0.97, scan: 0.9, photo: 0.8, facts: 0.95 }
const execFileAsync = promisify(execFile)

const args = process.argv.slice(2)
if (args.includes('--structured')) {
	const { runStructuredAccuracy } = await import('./structured-accuracy.ts')
	process.exit(runStructuredAccuracy() ? 0 : 1)
}
const isVerbose = args.includes('--verbose')
const engineName = args.find((arg) => arg.startsWith('--engine='))?.split('=')[1]
const only = args.find((arg) => arg.startsWith('--only='))?.split('=')[1]?.split(',') ?? ['fixtures', 'corpus', 'public']
const perFamily = Number(args.find((arg) => arg.startsWith('--per-family='))?.split('=')[1] ?? 2)
const familyFilter = args.find((arg) => arg.startsWith('--families='))?.split('=')[1]?.split(',')
const seed = args.find((arg) => arg.startsWith('--seed='))?.split('=')[1]
const ocrCacheDir = args.find((arg) => arg.startsWith('--ocr-cache='))?.split('=')[1]
const columnGaps = !args.includes('--no-column-gaps')
// --no-geometry: pages read without page flattening and deskew (to measure what they add)
if (args.includes('--no-geometry')) PAGE_PREPROCESSING.geometry = false
const mediaFilter = args.find((arg) => arg.startsWith('--media='))?.split('=')[1]?.split(',') as Array<'text_pdf' | 'scan' | 'photo'> | undefined

function pad(text: string, width: number): string {
	return text.length >= width ? text.slice(0, width) : text + ' '.repeat(width - text.length)
}

function percent(share: number): string {
	return `${(share * 100).toFixed(1)}%`
}

function mark(ok: boolean): string {
	return ok ? 'ok' : 'NO'
}

async function fixturesSection(engine: OcrEngine | undefined): Promise<boolean> {
	const dir = fixturesDir(process.cwd())
	const manifest = loadManifest(dir)

	const started = performance.now()
	const results = await Promise.all(
		manifest.files.map(async (file) => {
			const bytes = await readFile(path.join(dir, file.path))
			const result = await extractDocument({ bytes, fileName: path.basename(file.path), ocr: engine })
			return { file, result, check: checkExtraction(file, result) }
		}),
	)
	const wallMs = performance.now() - started

	console.log(`${pad('file', 44)} ${pad('outcome', 8)} ${pad('kind', 5)} ${pad('date', 5)} ${pad('prov.', 5)} ${pad('values', 8)} ${pad('meds', 6)} ${pad('total ms', 9)} ocr ms`)
	for (const { file, result, check } of results) {
		const values = check.parameters.length ? `${check.parameters.filter((p) => p.matched).length}/${check.parameters.length}` : '-'
		const meds = check.medications.length ? `${check.medications.filter((m) => m.matched).length}/${check.medications.length}` : '-'
		console.log(
			`${pad(file.path, 44)} ${pad(mark(check.outcomeMatched), 8)} ${pad(mark(check.kindMatched), 5)} ${pad(mark(check.dateMatched), 5)} ${pad(mark(check.providerMatched), 5)} ${pad(values, 8)} ${pad(meds, 6)} ${pad(String(Math.round(result.timings.totalMs)), 9)} ${Math.round(result.timings.ocrMs)}`,
		)
		for (const problem of check.problems) console.log(`    ! ${problem}`)
		if (isVerbose) {
			for (const parameter of check.parameters.filter((p) => !p.matched)) console.log(`    - ${parameter.code}: ${parameter.mismatches.join(', ')}`)
			for (const medication of check.medications.filter((m) => !m.matched)) console.log(`    - medication ${medication.name}: ${medication.mismatches.join(', ')}`)
		}
	}

	// upload cases: a hostile name is sanitised, the content still extracted
	const uploadProblems: string[] = []
	for (const upload of manifest.upload_cases.filter((item) => item.name_only && item.content_from)) {
		const stored = sanitizeFileName(upload.upload_name)
		for (const forbidden of upload.expected.stored_name_must_not_contain ?? []) {
			if (stored.includes(forbidden)) uploadProblems.push(`${upload.id}: sanitised name still contains '${forbidden}'`)
		}
		const bytes = await readFile(path.join(dir, upload.content_from!))
		const result = await extractDocument({ bytes, fileName: upload.upload_name, ocr: engine })
		if (!result.accepted) uploadProblems.push(`${upload.id}: rejected (${result.reason})`)
		if (upload.document_date && result.date !== upload.document_date) uploadProblems.push(`${upload.id}: date ${result.date}`)
		if (upload.provider && result.provider?.toLowerCase() !== upload.provider.toLowerCase()) uploadProblems.push(`${upload.id}: provider ${result.provider}`)
		console.log(`${pad(`upload ${upload.id}`, 44)} ${pad(mark(uploadProblems.length === 0), 8)} stored name '${stored}'`)
	}
	// upload cases generated at test time (the size limit)
	for (const upload of manifest.upload_cases.filter((item) => item.generated_at_test_time && item.generator)) {
		const temporary = await mkdtemp(path.join(os.tmpdir(), 'extraction-accuracy-'))
		try {
			const out = path.join(temporary, upload.upload_name)
			await execFileAsync(process.execPath, [path.join(dir, upload.generator!), out, String(upload.bytes)])
			const result = await extractDocument({ bytes: await readFile(out), fileName: upload.upload_name, ocr: engine })
			const isRight = upload.expected.outcome === 'reject' ? !result.accepted && result.reason === upload.expected.reason : result.accepted
			if (!isRight) uploadProblems.push(`${upload.id}: ${result.accepted ? 'accepted' : result.reason}`)
			console.log(`${pad(`upload ${upload.id}`, 44)} ${pad(mark(isRight), 8)} ${result.accepted ? 'accepted' : `rejected: ${result.reason}`}`)
		} finally {
			await rm(temporary, { recursive: true, force: true })
		}
	}
	for (const problem of uploadProblems) console.log(`    ! ${problem}`)

	const byGroup = (group: FileCheck['group']) => results.map((r) => r.check).filter((check) => check.group === group)
	const text = matchedShare(byGroup('text_pdf'))
	const scans = matchedShare(byGroup('scan'))
	const checks = results.map((r) => r.check)
	const failedFiles = checks.filter((check) => !check.outcomeMatched || !check.kindMatched || !check.dateMatched || !check.providerMatched || check.problems.length > 0)
	const medications = checks.flatMap((check) => check.medications)
	console.log('')
	console.log(`lab values matched exactly, text PDFs: ${text.matched}/${text.total} = ${percent(text.share)} (target ${percent(TARGETS.text_pdf)})`)
	console.log(`lab values matched exactly, scans:     ${scans.matched}/${scans.total} = ${percent(scans.share)} (target ${percent(TARGETS.scan)})`)
	console.log(`medications matched: ${medications.filter((m) => m.matched).length}/${medications.length}`)
	console.log(`files with kind/date/provider/outcome problems: ${failedFiles.length}`)
	console.log(`wall time ${Math.round(wallMs)} ms`)
	return text.share >= TARGETS.text_pdf && scans.share >= TARGETS.scan && failedFiles.length === 0 && uploadProblems.length === 0
}

const knownCodes = new Set(ANALYTE_CODES)

/** Codes the vocabulary does not hold: invented ones. */
function inventedCodes(results: ExtractionResult[]): string[] {
	return results.flatMap((result) => result.parameters.map((parameter) => parameter.code)).filter((code) => !knownCodes.has(code))
}

function printChecks(checks: DocumentCheck[]) {
	for (const check of checks) {
		const share = valueShare([check])
		console.log(`${pad(check.id, 44)} ${pad(check.medium, 8)} ${pad(mark(check.kindMatched), 5)} ${pad(mark(check.dateMatched), 5)} ${pad(mark(check.providerMatched), 5)} ${share.matched}/${share.total}`)
		if (!isVerbose) continue
		for (const problem of check.problems) console.log(`    ! ${problem}`)
		for (const value of check.values.filter((item) => !item.matched)) console.log(`    - ${value.label}: ${value.mismatches.join(', ')}`)
	}
}

type Summary = { label: string; checks: DocumentCheck[] }

function printSummary({ label, checks }: Summary) {
	const by = (medium: DocumentCheck['medium']) => sharePercent(valueShare(checks.filter((check) => check.medium === medium)))
	console.log(`${pad(label, 34)} text ${pad(by('text_pdf'), 20)} scans ${pad(by('scan'), 20)} photos ${pad(by('photo'), 20)} kind+date+provider ${sharePercent(factsShare(checks))}`)
}

async function corpusSection(engine: OcrEngine | undefined): Promise<{ checks: DocumentCheck[]; results: ExtractionResult[] }> {
	const started = performance.now()
	const documents = await generateCorpus({ perFamily, families: familyFilter, media: mediaFilter, seed: seed === undefined ? undefined : Number(seed) })
	const generatedMs = performance.now() - started
	const results = await Promise.all(documents.map((document) => extractDocument({ bytes: document.bytes, fileName: document.fileName, ocr: engine })))
	const checks = documents.map((document, index) => checkCorpusDocument(document, results[index]))
	console.log('')
	console.log(`generated corpus: ${documents.length} documents in ${FAMILIES.length} layout families (generated in ${Math.round(generatedMs)} ms, read in ${Math.round(performance.now() - started - generatedMs)} ms)`)
	printChecks(checks)
	console.log('')
	console.log('per layout family (held-out families marked *):')
	for (const family of FAMILIES.filter((item) => !familyFilter || familyFilter.includes(item.name))) {
		printSummary({ label: `${family.heldOut ? '*' : ' '} ${family.name}`, checks: checks.filter((check) => check.group === family.name) })
	}
	return { checks, results }
}

async function publicSection(engine: OcrEngine | undefined, media?: string[]): Promise<{ checks: DocumentCheck[]; results: ExtractionResult[] }> {
	const dir = publicSamplesDir(process.cwd())
	const samples = loadPublicSamples(dir).filter((sample) => !media || media.includes(sample.ocr_required ? 'scan' : 'text_pdf'))
	const results = await Promise.all(samples.map(async (sample) => extractDocument({ bytes: await readFile(path.join(dir, sample.path)), fileName: path.basename(sample.path), ocr: engine })))
	const checks = samples.map((sample, index) => checkPublicSample(sample, results[index]))
	console.log('')
	console.log(`public samples: ${samples.length} documents`)
	printChecks(checks)
	return { checks, results }
}

/** An engine that answers from (and fills) a folder of OCR texts keyed by the image's hash. */
function cachedEngine(inner: OcrEngine, folder: string): OcrEngine {
	return {
		name: `${inner.name} (cached)`,
		parallelism: inner.parallelism,
		availableLanguages: inner.availableLanguages?.bind(inner),
		modelName: inner.modelName?.bind(inner),
		detectOrientation: inner.detectOrientation?.bind(inner),
		async recognize(image, options) {
			// keyed by the model that reads
			const key = createHash('sha256')
				.update(image)
				.update(JSON.stringify({ languages: options?.languages ?? null, model: inner.modelName?.() ?? 'default' }))
				.digest('hex')
			const file = path.join(folder, `${key}.json`)
			const cached = await readFile(file, 'utf8').catch(() => null)
			const result: OcrResult = cached !== null ? { ...(JSON.parse(cached) as OcrResult), ms: 0 } : await inner.recognize(image, options)
			if (cached === null) {
				await mkdir(folder, { recursive: true })
				await writeFile(file, JSON.stringify(result))
			}
			return result.words ? { ...result, text: layoutOcrWords(result.words, { columnGaps }) } : result
		},
	}
}

async function main() {
	let engine: OcrEngine | undefined
	if (engineName === 'js') engine = createTesseractJsEngine()
	else if (engineName === 'cli') engine = createTesseractCliEngine()
	else if (engineName === 'cli-best-int') engine = createTesseractCliEngine({ tessdataDir: bestIntTessdataDir() })
	if (ocrCacheDir) engine = cachedEngine(engine ?? createDefaultOcrEngine(), ocrCacheDir)
	const started = performance.now()
	let isMet = true
	if (only.includes('fixtures')) isMet = (await fixturesSection(engine)) && isMet
	const corpus = only.includes('corpus') ? await corpusSection(engine) : { checks: [], results: [] }
	const samples = only.includes('public') ? await publicSection(engine, mediaFilter) : { checks: [], results: [] }
	if (corpus.checks.length || samples.checks.length) {
		const heldOut = corpus.checks.filter((check) => check.heldOut)
		const tuning = corpus.checks.filter((check) => !check.heldOut)
		const targeted = [...heldOut, ...samples.checks]
		console.log('')
		printSummary({ label: 'corpus, tuning families', checks: tuning })
		printSummary({ label: 'corpus, held-out families', checks: heldOut })
		printSummary({ label: 'public samples', checks: samples.checks })
		printSummary({ label: 'corpus, all families', checks: corpus.checks })
		printSummary({ label: 'held-out + public (targets)', checks: targeted })
		printSummary({ label: 'overall', checks: [...corpus.checks, ...samples.checks] })
		const all = [...corpus.checks, ...samples.checks]
		const impossible = all.filter((check) => check.isImpossibleDate).length
		const invented = inventedCodes([...corpus.results, ...samples.results])
		console.log(`dates in the future or before 1900: ${impossible}; invented codes: ${invented.length}${invented.length ? ` (${[...new Set(invented)].slice(0, 8).join(', ')})` : ''}`)
		const share = (medium: DocumentCheck['medium']) => valueShare(targeted.filter((check) => check.medium === medium)).share
		isMet = isMet && share('text_pdf') >= TARGETS.text_pdf && share('scan') >= TARGETS.scan && share('photo') >= TARGETS.photo && factsShare(targeted).share >= TARGETS.facts && impossible === 0 && invented.length === 0
	}
	console.log(`engine: ${engine?.name ?? 'default'}; wall time ${Math.round(performance.now() - started)} ms; targets ${isMet ? 'met' : 'NOT met'}`)
	const closable = engine as Partial<ClosableOcrEngine> | undefined
	await closable?.close?.()
	await closeDefaultOcrEngine()
	return isMet ? 0 : 1
}

process.exitCode = await main()
