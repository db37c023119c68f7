import { execFileSync } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { ExtractionProcessError, extractInChildProcess, startFailureDetail, stopExtractionProcesses } from '#server/extraction/isolated-extract.ts'
import { fixturesDir } from '#tests/support/fixture-manifest.ts'

const fixtures = fixturesDir(path.resolve(import.meta.dirname, '../..'))
const generous = { timeoutMs: 120_000, memoryMb: 1_000 }

afterAll(() => stopExtractionProcesses())

/** The process ids of a process group. */
function processesInGroup(pgid: number): number[] {
	return execFileSync('ps', ['-e', '-o', 'pid=,pgid='], { encoding: 'utf8' })
		.trim()
		.split('\n')
		.map((line) => line.trim().split(/\s+/).map(Number))
		.filter(([, group]) => group === pgid)
		.map(([pid]) => pid!)
}

/** This process's extraction children (their command line names extract-child.ts). */
function extractionChildren(): number[] {
	const children = readdirSync(`/proc/${process.pid}/task`).flatMap((task) =>
		readFileSync(`/proc/${process.pid}/task/${task}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number),
	)
	return children.filter((pid) => {
		try {
			return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('extract-child.ts')
		} catch {
			return false
		}
	})
}

async function waitFor<T>(probe: () => T | undefined | null | false, timeoutMs: number): Promise<T> {
	const started = Date.now()
	while (Date.now() - started < timeoutMs) {
		const value = probe()
		if (value) return value
		await new Promise((resolve) => setTimeout(resolve, 50))
	}
	throw new Error('timed out')
}

describe('startFailureDetail', () => {
	it("reduces a child's start-up error to its code and system call, never its text", () => {
		const stderr =
			'node:internal/bootstrap/switches/does_own_process_state:126\n    cachedCwd = rawMethods.cwd();\nError: ENOENT: no such file or directory, uv_cwd\n    at process.wrappedCwd'
		expect(startFailureDetail(stderr)).toBe('ENOENT uv_cwd')
		expect(startFailureDetail('Segmentation fault: /data/files/Maria Muster.pdf')).toBeNull()
	})
})

describe('extraction child faults', { timeout: 90_000 }, () => {
	it("starts its child in the project folder when the worker's own working folder is gone", async () => {
		const gone = mkdtempSync(path.join(os.tmpdir(), 'carebook-gone-cwd-'))
		const previous = process.cwd()
		process.chdir(gone)
		rmSync(gone, { recursive: true, force: true })
		try {
			const extraction = await extractInChildProcess({ filePath: path.join(fixtures, 'dicom/chest_pa.dcm'), fileName: 'chest_pa.dcm', kind: 'dicom' }, generous)
			expect(extraction.result.accepted).toBe(true)
		} finally {
			process.chdir(previous)
		}
	})

	it("kills the child's OCR processes when the child itself is killed", async () => {
		const running = extractInChildProcess({ filePath: path.join(fixtures, 'scan/scanned_lab_report_2p.pdf'), fileName: 'scan.pdf', kind: 'pdf' }, generous)
		const outcome = running.then(
			() => null,
			(error: unknown) => error,
		)
		// the child, once one of its OCR processes is running
		const child = await waitFor(() => extractionChildren().find((pid) => processesInGroup(pid).length > 1), 60_000)
		process.kill(child, 'SIGKILL')
		const error = await outcome
		expect(error).toBeInstanceOf(ExtractionProcessError)
		expect((error as ExtractionProcessError).code).toBe('EXTRACTION_CRASHED')
		expect((error as Error).message).toBe('The extraction process ended without a result (SIGKILL)')
		await waitFor(() => processesInGroup(child).length === 0, 5_000)
	})
})
