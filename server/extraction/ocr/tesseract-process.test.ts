import { afterEach, describe, expect, it, vi } from 'vitest'
import { findOnPath } from './ocr-engine.ts'
import { createSpareProcesses, startTesseract, type TesseractProcess } from './tesseract-process.ts'

/** A process that records what was done to it. */
function fakeProcess(args: string[]) {
	const state = { args, waiting: false, killed: false, exited: false, read: 0 }
	const process: TesseractProcess = {
		read: async () => {
			state.read++
			return args.join(' ')
		},
		hasExited: () => state.exited || state.killed,
		waitUnreferenced: () => {
			state.waiting = true
		},
		kill: () => {
			state.killed = true
		},
	}
	return { process, state }
}

function pool(max = 2) {
	const started: Array<ReturnType<typeof fakeProcess>> = []
	const spares = createSpareProcesses((args) => {
		const made = fakeProcess(args)
		started.push(made)
		return made.process
	}, max)
	return { spares, started }
}

afterEach(() => {
	vi.useRealTimers()
})

describe('spare tesseract processes', () => {
	it('starts at most the pool size ahead, waiting without holding Node, and hands them out for the same arguments', async () => {
		const { spares, started } = pool(2)
		spares.warm(['eng'], 5)
		expect(started).toHaveLength(2)
		expect(started.every((made) => made.state.waiting)).toBe(true)
		const first = spares.take(['eng'])
		const second = spares.take(['eng'])
		expect([first, second]).toEqual([started[0].process, started[1].process])
		// none left: a third reading starts its own process
		const third = spares.take(['eng'])
		expect(started).toHaveLength(3)
		expect(third).toBe(started[2].process)
		expect(await first.read(Buffer.alloc(1))).toBe('eng')
	})

	it('does not hand a process started for other languages, nor one that has ended', () => {
		const { spares, started } = pool(2)
		spares.warm(['eng'], 1)
		expect(spares.take(['eng+deu'])).toBe(started[1].process)
		started[0].state.exited = true
		expect(spares.take(['eng'])).toBe(started[2].process)
		// the ended one is dropped at the next warm-up, which fills the pool again
		spares.warm(['eng'], 2)
		expect(started).toHaveLength(5)
	})

	it('ends a process that waited unused too long, and every waiting one on close', () => {
		vi.useFakeTimers()
		const { spares, started } = pool(2)
		spares.warm(['eng'], 1)
		vi.advanceTimersByTime(10_001)
		expect(started[0].state.killed).toBe(true)
		expect(spares.take(['eng'])).toBe(started[1].process)
		spares.warm(['eng'], 2)
		spares.close()
		expect(started.slice(2).every((made) => made.state.killed)).toBe(true)
	})
})

describe.skipIf(!findOnPath('tesseract'))('a tesseract process started ahead', () => {
	it('reads an image given after its model has loaded, and reports a failure with its first error line', async () => {
		const waiting = startTesseract('tesseract', ['stdin', 'stdout', '--psm', '6'], 30_000)
		waiting.waitUnreferenced()
		await new Promise((resolve) => setTimeout(resolve, 300))
		expect(waiting.hasExited()).toBe(false)
		// a 60x20 white PGM: read, nothing on it
		const blank = Buffer.concat([Buffer.from('P5\n60 20\n255\n', 'latin1'), Buffer.alloc(60 * 20, 255)])
		expect((await waiting.read(blank)).trim()).toBe('')
		expect(waiting.hasExited()).toBe(true)
		await expect(startTesseract('tesseract', ['stdin', 'stdout', '-l', 'xx_missing'], 30_000).read(blank)).rejects.toThrow(/tesseract exited with/)
	}, 30_000)
})
