import { appendFileSync, mkdirSync, renameSync, rmSync, statSync } from 'node:fs'
import path from 'node:path'

/**
 * A log file that is rotated by size: past `maxBytes` it becomes `<file>.1`
 * (the older ones move up to `<file>.<keep>`, the oldest is dropped) and a
 * new one begins. Written synchronously, owner-only (0600); a write that
 * fails (a full disk) is dropped, never thrown: a log must not stop what it
 * records.
 */
export class RotatingLog {
	private size: number

	constructor(
		readonly file: string,
		private readonly options: { maxBytes: number; keep: number } = { maxBytes: 5_000_000, keep: 3 },
	) {
		mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 })
		this.size = sizeOf(file)
	}

	write(text: string) {
		try {
			if (this.size > 0 && this.size + Buffer.byteLength(text) > this.options.maxBytes) this.rotate()
			appendFileSync(this.file, text, { mode: 0o600 })
			this.size += Buffer.byteLength(text)
		} catch {
			// no room or no folder: this line is lost
		}
	}

	private rotate() {
		rmSync(`${this.file}.${this.options.keep}`, { force: true })
		for (let index = this.options.keep - 1; index >= 1; index--) {
			try {
				renameSync(`${this.file}.${index}`, `${this.file}.${index + 1}`)
			} catch {
				// not there yet
			}
		}
		renameSync(this.file, `${this.file}.1`)
		this.size = 0
	}
}

function sizeOf(file: string) {
	try {
		return statSync(file).size
	} catch {
		return 0
	}
}
