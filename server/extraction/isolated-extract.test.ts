import { execFileSync } from 'node:child_process'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, describe, expect, it } from 'vitest'
import { fixturesDir } from '#tests/support/fixture-manifest.ts'
import { generateCorpus } from '#tests/support/lab-corpus/index.ts'
import { pngDeclaring } from '#tests/support/hostile-files.ts'
import { extractInChildProcess, MAX_DOCUMENTS_PER_PROCESS, processTreeRssMb, stopExtractionProcesses } from './isolated-extract.ts'
import { REJECTION_MESSAGES } from './intake/messages.ts'
import { DEFAULT_EXTRACTION_MEMORY_MB } from '#server/env.server.ts'

const fixtures = fixturesDir(path.resolve(import.meta.dirname, '../..'))
const generous = { timeoutMs: 120_000, memoryMb: 1_000 }

/** The processes still in a process group. */
function processesInGroup(pgid: number): number[] {
	const table = execFileSync('ps', ['-e', '-o', 'pid=,pgid='], { encoding: 'utf8' })
	return table
		.trim()
		.split('\n')
		.map((line) => line.trim().split(/\s+/).map(Number))
		.filter(([, group]) => group === pgid)
		.map(([pid]) => pid!)
}

afterAll(() => stopExtractionProcesses())

// Child processes start slowly on a loaded machine: the limits under test are their own, not vitest's.
describe('extraction in a child process', { timeout: 60_000 }, () => {
	it('returns the result and the preview of a document', async () => {
		const extraction = await extractInChildProcess({ filePath: path.join(fixtures, 'dicom/chest_pa.dcm'), fileName: 'chest_pa.dcm', kind: 'dicom' }, generous)
		expect(extraction.result).toMatchObject({ accepted: true, kind: 'imaging', dicom: { modality: 'CR' } })
		expect((await sharp(extraction.preview!).metadata()).format).toBe('png')
		expect(extraction.peakMb).toBeGreaterThan(20)
	})

	it('flattens a phone photo with OpenCV inside the default memory budget', async () => {
		const [photo] = await generateCorpus({ perFamily: 1, media: ['photo'], families: ['reference-under-row'] })
		const folder = await mkdtemp(path.join(os.tmpdir(), 'carebook-photo-'))
		const filePath = path.join(folder, photo!.fileName)
		await writeFile(filePath, photo!.bytes)
		const extraction = await extractInChildProcess(
			{ filePath, fileName: photo!.fileName, kind: 'jpeg' },
			{ timeoutMs: 120_000, memoryMb: DEFAULT_EXTRACTION_MEMORY_MB },
		).finally(() => rm(folder, { recursive: true, force: true }))
		expect(extraction.result).toMatchObject({ accepted: true, kind: 'lab_report' })
		expect(extraction.result.parameters.length).toBeGreaterThanOrEqual(8)
		expect(extraction.peakMb).toBeLessThan(DEFAULT_EXTRACTION_MEMORY_MB)
		console.log(`phone photo in the child process: peak ${Math.round(extraction.peakMb)} MB`)
	})

	it('reads a two-page scan on grey paper (PaddleOCR, tesseract beside it) inside the default memory budget', async () => {
		const extraction = await extractInChildProcess(
			{ filePath: path.join(fixtures, 'scan/scanned_lab_report_2p.pdf'), fileName: 'scan.pdf', kind: 'pdf' },
			{ timeoutMs: 120_000, memoryMb: DEFAULT_EXTRACTION_MEMORY_MB },
		)
		expect(extraction.result).toMatchObject({ accepted: true, kind: 'lab_report' })
		expect(extraction.result.parameters.length).toBeGreaterThan(25)
		expect(extraction.peakMb).toBeLessThan(DEFAULT_EXTRACTION_MEMORY_MB)
		console.log(`two-page scan in the child process: peak ${Math.round(extraction.peakMb)} MB`)
	})

	it('stops a document over the time limit, with the processes it started, as processing_timeout', async () => {
		const filePath = path.join(fixtures, 'scan/scanned_lab_report_2p.pdf')
		const started = performance.now()
		const extraction = await extractInChildProcess({ filePath, fileName: 'scan.pdf', kind: 'pdf' }, { timeoutMs: 1_500, memoryMb: 1_000 })
		expect(performance.now() - started).toBeLessThan(15_000)
		expect(extraction.result).toMatchObject({ accepted: false, reason: 'processing_timeout', message: REJECTION_MESSAGES.processing_timeout })
		expect(extraction.preview).toBeNull()
		// the child and the tesseract processes it started are gone (killed; a loaded machine reaps them a little later)
		await expect.poll(() => processesInGroup(extraction.pid), { timeout: 5_000, interval: 100 }).toEqual([])
	})

	it('stops a document whose process tree goes over the memory budget as too_large_to_process', async () => {
		// Two pages rendered and read by two tesseract processes need well over 220 MB; the child alone about 130 MB.
		const filePath = path.join(fixtures, 'scan/scanned_lab_report_2p.pdf')
		const extraction = await extractInChildProcess({ filePath, fileName: 'scan.pdf', kind: 'pdf' }, { timeoutMs: 120_000, memoryMb: 220 })
		expect(extraction.result).toMatchObject({ accepted: false, reason: 'too_large_to_process', message: REJECTION_MESSAGES.too_large_to_process })
		expect(extraction.peakMb).toBeGreaterThan(220)
	})

	it('measures the resident memory of a process tree', () => {
		expect(processTreeRssMb(process.pid)).toBeGreaterThan(20)
	})
})

describe('warm extraction processes', { timeout: 120_000 }, () => {
	const labReport = { filePath: path.join(fixtures, 'lab/bluewater_final_report.pdf'), fileName: 'report.pdf', kind: 'pdf' as const }
	const limits = { timeoutMs: 120_000, memoryMb: 900 }
	const isAlive = (pid: number) => {
		try {
			process.kill(pid, 0)
			return true
		} catch {
			return false
		}
	}

	it('reads one document after another in the same warm process, then recycles it after its document count', async () => {
		const pids: number[] = []
		for (let index = 0; index <= MAX_DOCUMENTS_PER_PROCESS; index++) {
			const extraction = await extractInChildProcess(labReport, limits)
			expect(extraction.result).toMatchObject({ accepted: true, kind: 'lab_report' })
			pids.push(extraction.pid)
		}
		expect(new Set(pids.slice(0, MAX_DOCUMENTS_PER_PROCESS)).size).toBe(1)
		expect(pids[MAX_DOCUMENTS_PER_PROCESS]).not.toBe(pids[0])
		await expect.poll(() => isAlive(pids[0]!), { timeout: 5_000, interval: 100 }).toBe(false)
	})

	it('gives the document after a limit kill a healthy process of its own', async () => {
		const before = await extractInChildProcess(labReport, limits)
		const stopped = await extractInChildProcess(
			{ filePath: path.join(fixtures, 'scan/scanned_lab_report_2p.pdf'), fileName: 'scan.pdf', kind: 'pdf' },
			{ ...limits, timeoutMs: 1_500 },
		)
		expect(stopped.result).toMatchObject({ accepted: false, reason: 'processing_timeout' })
		expect(stopped.pid).toBe(before.pid)
		const after = await extractInChildProcess(labReport, limits)
		expect(after.result).toMatchObject({ accepted: true, kind: 'lab_report' })
		expect(after.pid).not.toBe(stopped.pid)
	})

	it('does not reuse the process that read a file refused for a processing limit', async () => {
		const folder = await mkdtemp(path.join(os.tmpdir(), 'carebook-hostile-'))
		const filePath = path.join(folder, 'huge.png')
		await writeFile(filePath, await pngDeclaring(30_000, 30_000))
		const refused = await extractInChildProcess({ filePath, fileName: 'huge.png', kind: 'png' }, limits).finally(() =>
			rm(folder, { recursive: true, force: true }),
		)
		expect(refused.result).toMatchObject({ accepted: false, reason: 'too_large_to_process' })
		await expect.poll(() => isAlive(refused.pid), { timeout: 5_000, interval: 100 }).toBe(false)
		const next = await extractInChildProcess(labReport, limits)
		expect(next.result).toMatchObject({ accepted: true })
		expect(next.pid).not.toBe(refused.pid)
	})
})
