import { fork, type ChildProcess } from 'node:child_process'
import { readdirSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { PROJECT_ROOT } from '#server/project-root.ts'
import { SafeMessageError } from '#server/logger.ts'
import type { ExtractReply, ExtractRequest } from './extract-child.ts'
import { rejectedResult } from './extract-document.ts'
import { REJECTION_MESSAGES } from './intake/messages.ts'
import type { ExtractionResult, FileKind } from './types.ts'

/**
 * Runs the extraction of each document in a child process, so that a file
 * which gets past the limits in limits.ts still cannot take the worker down:
 * the child is killed when it runs past the time limit ('processing_timeout')
 * or when it, with the OCR processes it starts, uses more memory than the
 * budget ('too_large_to_process'). V8's heap is capped with
 * --max-old-space-size; pixels, canvases and libvips buffers live outside it,
 * so the resident memory of the child's process tree is sampled as well.
 *
 * The children are warm: one is kept loaded and waiting (Node, tsx and the
 * extraction modules take 1-2 s to load, and PaddleOCR's models stay loaded
 * once read), and each serves several documents, one at a time. A child is
 * recycled (killed, and the next one started off the document's path) after
 * MAX_DOCUMENTS_PER_PROCESS documents, when it rests above
 * RECYCLE_MEMORY_SHARE of its budget after a document, and after any
 * failure: a limit kill, a file refused for a processing limit, an error, a
 * crash, an abort. One child runs at a time per lane of a worker process
 * (the worker's WORKER_CONCURRENCY jobs wait for it): OCR in one child
 * already keeps two cores busy. Scans, PDFs and images have one lane, C-CDA
 * and FHIR records (read in about a second, no OCR) the other, so a large
 * import never delays another organization's document by more than one
 * document's time (issue 41); the worker's memory is its own plus at most
 * one budget per lane.
 */

export type ExtractionLimits = {
	/** wall-clock limit of the child, from its start */
	timeoutMs: number
	/** resident memory of the child and its own children (tesseract) */
	memoryMb: number
}

export type IsolatedExtraction = {
	result: ExtractionResult
	preview: Buffer | null
	/** the most resident memory the child's process tree was seen to use, MB (0 where not measured) */
	peakMb: number
	/** the child's process id, which is also its process group's */
	pid: number
}

/** `filePath`: a temporary copy of the stored file on this machine, which the child reads (no bytes cross the IPC channel). */
export type IsolatedExtractInput = { filePath: string; fileName: string; kind: FileKind; signal?: AbortSignal }

/**
 * A child that ended without a result for a reason other than a limit (a crash): worth retrying, or that
 * answered with an error the extraction threw on this file (`childErrorName`). Its code and message are our
 * own words (no file content, names or paths), kept on the job for the administrator.
 */
export class ExtractionProcessError extends SafeMessageError {
	constructor(
		readonly code: 'EXTRACTION_START_FAILED' | 'EXTRACTION_CRASHED' | 'EXTRACTION_FAILED' | 'EXTRACTION_ABORTED',
		message: string,
		readonly childErrorName: string | null = null,
	) {
		super(message)
	}
}

/**
 * What a child's stderr says about a failure to start, reduced to an error code and the
 * system call ('ENOENT uv_cwd': its working folder is gone); never the text itself.
 */
export function startFailureDetail(stderrTail: string): string | null {
	const match = /\b(E[A-Z]{2,})\b[^\n]*?\b(uv_[a-z_]+|spawn|open|read|scandir)\b/.exec(stderrTail)
	return match ? `${match[1]} ${match[2]}` : null
}

/** How often the watchdog reads the child's process-tree memory (a polling interval of the memory limit). */
const MEMORY_POLL_INTERVAL_MS = 50
// From the project folder, not this module's URL: the web server's bundle holds this module too.
const SOURCE_DIR = path.join(PROJECT_ROOT, 'server/extraction')
const CHILD_ENTRY = path.join(SOURCE_DIR, 'extract-child.ts')

/** Node options for the child: tsx's loader, pdfjs loaded untransformed, and the heap cap. */
function childExecArgv(memoryMb: number): string[] {
	const tsxLoader = pathToFileURL(createRequire(path.join(PROJECT_ROOT, 'package.json')).resolve('tsx')).href
	const pdfjsHooks = pathToFileURL(path.join(SOURCE_DIR, 'pages/pdfjs-load-hooks.ts')).href
	const registerHooks = `data:text/javascript,import{register}from'node:module';register(${JSON.stringify(pdfjsHooks)})`
	const heapMb = Math.max(64, Math.floor(memoryMb / 2))
	return ['--import', tsxLoader, '--import', registerHooks, `--max-old-space-size=${heapMb}`]
}

function readRssKb(pid: number): number {
	try {
		const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))
		return match ? Number(match[1]) : 0
	} catch {
		return 0
	}
}

function childPids(pid: number): number[] {
	try {
		return readdirSync(`/proc/${pid}/task`).flatMap((task) => {
			try {
				return readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number)
			} catch {
				return []
			}
		})
	} catch {
		return []
	}
}

/** Resident memory of a process and all its descendants, in MB (Linux /proc); null where /proc is not available. */
export function processTreeRssMb(pid: number): number | null {
	if (process.platform !== 'linux') return null
	let totalKb = 0
	const queue = [pid]
	for (let next = queue.shift(); next !== undefined; next = queue.shift()) {
		totalKb += readRssKb(next)
		queue.push(...childPids(next))
	}
	return totalKb / 1024
}

/** A started child: it loads the extraction modules, says 'ready', then extracts the documents it is sent, one at a time. */
type ExtractionProcess = {
	child: ChildProcess
	memoryMb: number
	ready: Promise<void>
	stderrTail: () => string
	hasExited: () => boolean
	/** documents it has been given */
	documents: number
}

function startExtractionProcess(memoryMb: number): ExtractionProcess {
	const child = fork(CHILD_ENTRY, [], {
		execArgv: childExecArgv(memoryMb),
		serialization: 'advanced',
		// a process group of its own, so a kill reaches the OCR processes it started
		detached: true,
		// never the worker's own working folder, which may be gone (every child would die at start: ENOENT uv_cwd)
		cwd: PROJECT_ROOT,
		stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
		// two malloc arenas, not eight per core: onnxruntime's threads (PaddleOCR) otherwise each keep
		// freed memory of their own (a page's peak 470 -> 410 MB with two)
		env: { ...process.env, NODE_OPTIONS: '', MALLOC_ARENA_MAX: '2' },
	})
	let stderrTail = ''
	let hasExited = false
	child.stderr?.on('data', (chunk: Buffer) => {
		// kept only to tell V8's out-of-memory abort from a crash; never logged
		stderrTail = (stderrTail + chunk.toString('latin1')).slice(-4096)
	})
	child.once('exit', () => {
		hasExited = true
	})
	const ready = new Promise<void>((resolve, reject) => {
		const onMessage = (message: ExtractReply) => {
			if (message.type !== 'ready') return
			child.off('message', onMessage)
			resolve()
		}
		child.on('message', onMessage)
		child.once('exit', (code, signal) => {
			const detail = startFailureDetail(stderrTail) ?? String(signal ?? code)
			reject(new ExtractionProcessError('EXTRACTION_START_FAILED', `The extraction process ended while starting (${detail})`))
		})
		child.once('error', reject)
	})
	ready.catch(() => {})
	return { child, memoryMb, ready, stderrTail: () => stderrTail, hasExited: () => hasExited, documents: 0 }
}

/** Kills the child's process group: the child and the OCR processes it started, which outlive it when it was killed alone. */
function killProcessGroup(child: ChildProcess) {
	if (!child.pid) return
	try {
		process.kill(-child.pid, 'SIGKILL')
	} catch {
		// the group is gone already
		if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
	}
}

/** Documents one child extracts before it is replaced by a fresh one (what a document leaves behind cannot add up for long). */
export const MAX_DOCUMENTS_PER_PROCESS = 25
/**
 * A child resting above this share of its budget after a document is replaced: a warm child's
 * memory counts against the next document's budget (PaddleOCR's models, about 150 MB once a
 * scan was read, are meant to stay; growth beyond that is not).
 */
export const RECYCLE_MEMORY_SHARE = 0.5

/**
 * Two lanes, each with its warm child waiting for the next document (null
 * while one runs, or none is started yet) and its queue: scans, PDFs and
 * images in one, C-CDA and FHIR records (no OCR) in the other, so that a
 * large structured import never holds another organization's PDF back
 * behind it (issue 41's fairness test), and an OCR backlog never holds an
 * import. A waiting child does not keep the parent alive, and exits when
 * the parent goes.
 */
type Lane = { idle: ExtractionProcess | null; queue: Promise<unknown> }
const lanes: Record<'documents' | 'records', Lane> = {
	documents: { idle: null, queue: Promise.resolve() },
	records: { idle: null, queue: Promise.resolve() },
}
let isStopped = false

function laneOf(kind: FileKind): Lane {
	return kind === 'ccda' || kind === 'fhir' ? lanes.records : lanes.documents
}

function keepWarm(lane: Lane, memoryMb: number) {
	if (isStopped || (lane.idle && !lane.idle.hasExited())) return
	lane.idle = startExtractionProcess(memoryMb)
	holdsParentOpen(lane.idle.child, false)
}

/** Whether the child (its handle, IPC channel and stderr pipe) keeps the parent's event loop alive. */
function holdsParentOpen(child: ChildProcess, isHeld: boolean) {
	const handles = [child, child.channel, child.stderr as (NodeJS.ReadableStream & { ref?: () => void; unref?: () => void }) | null]
	for (const handle of handles) {
		if (isHeld) handle?.ref?.()
		else handle?.unref?.()
	}
}

function takeProcess(lane: Lane, memoryMb: number): ExtractionProcess {
	const taken = lane.idle
	lane.idle = null
	if (taken && !taken.hasExited() && taken.memoryMb === memoryMb) return taken
	if (taken) killProcessGroup(taken.child)
	return startExtractionProcess(memoryMb)
}

/** After a document the child answered normally: it waits for the next one of its lane, or is recycled. */
function giveBack(lane: Lane, worker: ExtractionProcess, result: ExtractionResult) {
	const restingMb = worker.child.pid ? (processTreeRssMb(worker.child.pid) ?? 0) : 0
	const isReusable =
		!isStopped &&
		!worker.hasExited() &&
		worker.documents < MAX_DOCUMENTS_PER_PROCESS &&
		restingMb <= worker.memoryMb * RECYCLE_MEMORY_SHARE &&
		// a file refused for a processing limit (a hostile file, most likely) takes its child with it
		!(!result.accepted && result.reason === 'too_large_to_process') &&
		!(lane.idle && !lane.idle.hasExited())
	if (!isReusable) return killProcessGroup(worker.child)
	holdsParentOpen(worker.child, false)
	lane.idle = worker
}

/** Stops the waiting children and starts no other (the worker is shutting down); a running one is stopped when its document ends. */
export function stopExtractionProcesses() {
	isStopped = true
	for (const lane of Object.values(lanes)) {
		if (lane.idle) killProcessGroup(lane.idle.child)
		lane.idle = null
	}
}

/** Runs one extraction in a warm child process within the limits; one at a time per lane and process. */
export function extractInChildProcess(input: IsolatedExtractInput, limits: ExtractionLimits): Promise<IsolatedExtraction> {
	const lane = laneOf(input.kind)
	const run = lane.queue.then(() => runInChild(lane, input, limits))
	lane.queue = run.catch(() => {})
	return run.finally(() => keepWarm(lane, limits.memoryMb))
}

function limitResult(
	reason: 'too_large_to_process' | 'processing_timeout',
	fileName: string,
	startedMs: number,
	peakMb: number,
	pid: number,
): IsolatedExtraction {
	return { result: rejectedResult(reason, REJECTION_MESSAGES[reason], fileName, startedMs), preview: null, peakMb, pid }
}

function runInChild(lane: Lane, input: IsolatedExtractInput, limits: ExtractionLimits): Promise<IsolatedExtraction> {
	const started = performance.now()
	if (input.signal?.aborted) return Promise.reject(new ExtractionProcessError('EXTRACTION_ABORTED', 'The extraction was stopped (the worker is stopping)'))
	const worker = takeProcess(lane, limits.memoryMb)
	const { child } = worker
	worker.documents++
	holdsParentOpen(child, true)
	return new Promise((resolve, reject) => {
		let isSettled = false
		let limitHit: 'too_large_to_process' | 'processing_timeout' | null = null
		let peakMb = 0

		const stopFor = (reason: 'too_large_to_process' | 'processing_timeout') => {
			if (isSettled || limitHit) return
			limitHit = reason
			killProcessGroup(child)
		}
		const timer = setTimeout(() => stopFor('processing_timeout'), limits.timeoutMs)
		const sampler = setInterval(() => {
			const rss = child.pid ? processTreeRssMb(child.pid) : null
			if (rss === null) return
			peakMb = Math.max(peakMb, rss)
			if (rss > limits.memoryMb) stopFor('too_large_to_process')
		}, MEMORY_POLL_INTERVAL_MS)
		const onAbort = () => {
			if (isSettled) return
			settle()
			killProcessGroup(child)
			reject(new ExtractionProcessError('EXTRACTION_ABORTED', 'The extraction was stopped (the worker is stopping)'))
		}
		input.signal?.addEventListener('abort', onAbort, { once: true })

		function settle() {
			isSettled = true
			clearTimeout(timer)
			clearInterval(sampler)
			input.signal?.removeEventListener('abort', onAbort)
			child.off('message', onMessage)
			child.off('exit', onExit)
		}

		function onMessage(message: ExtractReply) {
			if (isSettled || limitHit) return
			if (message.type === 'result') {
				settle()
				const preview = message.preview ? Buffer.from(message.preview.buffer, message.preview.byteOffset, message.preview.byteLength) : null
				resolve({ result: message.result, preview, peakMb, pid: child.pid! })
				giveBack(lane, worker, message.result)
			} else if (message.type === 'error') {
				settle()
				killProcessGroup(child)
				const errorName = /^[A-Za-z][A-Za-z0-9_]{0,63}$/.test(message.errorName) ? message.errorName : 'Error'
				reject(new ExtractionProcessError('EXTRACTION_FAILED', `The extraction failed (${errorName})`, errorName))
			}
		}

		function onExit(code: number | null, signal: NodeJS.Signals | null) {
			if (isSettled) return
			settle()
			// a child killed from outside leaves its tesseract processes running: they go with its group
			killProcessGroup(child)
			if (limitHit) return resolve(limitResult(limitHit, input.fileName, started, peakMb, child.pid!))
			// V8 stops a process over its heap cap with this message (and SIGABRT)
			if (/heap out of memory|Reached heap limit/i.test(worker.stderrTail())) {
				return resolve(limitResult('too_large_to_process', input.fileName, started, peakMb, child.pid!))
			}
			reject(new ExtractionProcessError('EXTRACTION_CRASHED', `The extraction process ended without a result (${signal ?? code})`))
		}

		child.on('message', onMessage)
		child.on('exit', onExit)
		worker.ready.then(
			() => {
				if (isSettled || limitHit) return
				const request: ExtractRequest = { type: 'extract', filePath: input.filePath, fileName: input.fileName, kind: input.kind }
				// a channel closed meanwhile: the child is gone or going, and onExit answers
				child.send(request, (error) => error && killProcessGroup(child))
			},
			() => {
				// it ended while starting: onExit answers
			},
		)
	})
}
