import { spawn } from 'node:child_process'
import type { Socket } from 'node:net'

/**
 * One run of the tesseract CLI: the image on stdin, the reading on stdout, OMP_THREAD_LIMIT=1
 * (OpenMP threads make it about 5x slower on small machines). The process is started before its
 * image is ready: tesseract loads its model first (about 90 ms for the English model) and only
 * then reads stdin, so a process started while the page is being prepared hides that load.
 */
export type TesseractProcess = {
	/** gives the process its image: its stdout, or an error with the first error line */
	read(image: Buffer): Promise<string>
	/** the process ended (killed, or failed to start) */
	hasExited(): boolean
	/** marks a process started ahead: while it waits for its image it does not keep Node running (a script may end meanwhile) */
	waitUnreferenced(): void
	kill(): void
}

export function startTesseract(binary: string, args: string[], timeoutMs: number): TesseractProcess {
	const child = spawn(binary, args, { env: { ...process.env, OMP_THREAD_LIMIT: '1' }, stdio: ['pipe', 'pipe', 'pipe'] })
	const out: Buffer[] = []
	const err: Buffer[] = []
	let exited = false
	let timer: NodeJS.Timeout | undefined
	child.stdout.on('data', (chunk: Buffer) => out.push(chunk))
	child.stderr.on('data', (chunk: Buffer) => err.push(chunk))
	child.on('exit', () => {
		exited = true
	})
	child.stdin.on('error', () => {
		// the process may exit before reading everything; 'close' reports it
	})
	const finished = new Promise<string>((resolve, reject) => {
		child.on('error', (error) => {
			exited = true
			clearTimeout(timer)
			reject(error)
		})
		child.on('close', (code, signal) => {
			exited = true
			clearTimeout(timer)
			if (code !== 0) {
				const detail =
					Buffer.concat(err)
						.toString('utf8')
						.split('\n')
						.filter((line) => /error/i.test(line))[0] ?? ''
				reject(new Error(`tesseract exited with ${signal ?? code}${detail ? `: ${detail.slice(0, 200)}` : ''}`))
				return
			}
			resolve(Buffer.concat(out).toString('utf8'))
		})
	})
	// a process killed before it was given an image has nobody waiting for its end
	finished.catch(() => undefined)
	// piped stdio are sockets: each holds Node's event loop until unreferenced
	const handles: Array<{ ref(): unknown; unref(): unknown }> = [
		child,
		...[child.stdin, child.stdout, child.stderr].map((stream) => stream as unknown as Socket),
	]
	return {
		read(image) {
			handles.forEach((handle) => handle.ref())
			timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs)
			child.stdin.end(image)
			return finished
		},
		hasExited: () => exited,
		waitUnreferenced() {
			handles.forEach((handle) => handle.unref())
		},
		kill() {
			if (!exited) child.kill('SIGKILL')
		},
	}
}

/** Runs tesseract once on an image. */
export function runTesseract(binary: string, args: string[], image: Buffer, timeoutMs: number): Promise<string> {
	return startTesseract(binary, args, timeoutMs).read(image)
}

/** A process started ahead and not used within this time is ended (its model's memory freed). */
const SPARE_IDLE_MS = 10_000

/**
 * Processes started ahead of their images, at most `max` (each holds its model, about 35 MB):
 * `warm` starts them while a page is being prepared, `take` hands one out for the same arguments,
 * or starts a new process when none waits.
 */
export function createSpareProcesses(start: (args: string[]) => TesseractProcess, max: number) {
	const spares: Array<{ key: string; process: TesseractProcess; timer: NodeJS.Timeout }> = []
	const remove = (index: number) => {
		const [spare] = spares.splice(index, 1)
		clearTimeout(spare.timer)
		return spare.process
	}
	return {
		warm(args: string[], count = max) {
			for (let index = spares.length - 1; index >= 0; index--) if (spares[index].process.hasExited()) remove(index)
			const key = args.join('\u0000')
			let waiting = spares.filter((spare) => spare.key === key).length
			while (waiting < count && spares.length < max) {
				const process = start(args)
				process.waitUnreferenced()
				const timer = setTimeout(() => {
					const index = spares.findIndex((spare) => spare.process === process)
					if (index >= 0) remove(index).kill()
				}, SPARE_IDLE_MS)
				timer.unref()
				spares.push({ key, process, timer })
				waiting++
			}
		},
		take(args: string[]): TesseractProcess {
			const key = args.join('\u0000')
			const index = spares.findIndex((spare) => spare.key === key && !spare.process.hasExited())
			return index >= 0 ? remove(index) : start(args)
		},
		close() {
			while (spares.length) remove(0).kill()
		},
	}
}
