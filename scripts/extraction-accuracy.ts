/**
 * Extraction accuracy against the shared fixture manifest:
 *   npx tsx scripts/extraction-accuracy.ts [--verbose] [--engine=cli|js]
 * Runs every manifest file (and the upload cases) through extractDocument,
 * compares kind, date, provider, every expected lab value (code, value,
 * unit, range min/max, status) and medications, prints a table per file and
 * the share of lab values matched exactly for text PDFs and for scans.
 * Exit code 1 when a target is missed (text PDFs >= 97 %, scans >= 90 %) or
 * a bad file is not rejected with its reason.
 */
import { execFile } from 'node:child_process'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { promisify } from 'node:util'
import { checkExtraction, fixturesDir, loadManifest, matchedShare, type FileCheck } from '../tests/support/fixture-manifest.ts'
import { closeDefaultOcrEngine, createTesseractCliEngine, createTesseractJsEngine, extractDocument, sanitizeFileName, type ClosableOcrEngine, type OcrEngine } from '../server/extraction/index.ts'

const TARGETS = { text_pdf: 0.97, scan: 0.9 }
const execFileAsync = promisify(execFile)

const args = process.argv.slice(2)
const isVerbose = args.includes('--verbose')
const engineName = args.find((arg) => arg.startsWith('--engine='))?.split('=')[1]

function pad(text: string, width: number): string {
	return text.length >= width ? text.slice(0, width) : text + ' '.repeat(width - text.length)
}

function percent(share: number): string {
	return `${(share * 100).toFixed(1)}%`
}

function mark(ok: boolean): string {
	return ok ? 'ok' : 'NO'
}

async function main() {
	const dir = fixturesDir(process.cwd())
	const manifest = loadManifest(dir)
	let engine: OcrEngine | undefined
	if (engineName === 'js') engine = createTesseractJsEngine()
	else if (engineName === 'cli') engine = createTesseractCliEngine()

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
	console.log(`engine: ${engine?.name ?? 'default'}; wall time ${Math.round(wallMs)} ms`)
	const closable = engine as Partial<ClosableOcrEngine> | undefined
	await closable?.close?.()
	await closeDefaultOcrEngine()
	const isMet = text.share >= TARGETS.text_pdf && scans.share >= TARGETS.scan && failedFiles.length === 0 && uploadProblems.length === 0
	return isMet ? 0 : 1
}

process.exitCode = await main()
