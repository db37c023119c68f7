import { vi } from 'vitest'

/**
 * Captures everything the test process writes (stdout, stderr, console) in
 * `written` instead of printing it, so a test can assert what the logs
 * carry. Call from `beforeAll`; `vi.restoreAllMocks()` undoes it. A writer
 * waiting for its callback still gets it.
 */
export function captureProcessOutput() {
	const written: string[] = []
	const capture = (chunk: unknown, encoding?: unknown, callback?: unknown) => {
		written.push(typeof chunk === 'string' ? chunk : Buffer.from(chunk as Uint8Array).toString('utf8'))
		const done = typeof encoding === 'function' ? encoding : callback
		if (typeof done === 'function') queueMicrotask(() => done())
		return true
	}
	vi.spyOn(process.stdout, 'write').mockImplementation(capture as typeof process.stdout.write)
	vi.spyOn(process.stderr, 'write').mockImplementation(capture as typeof process.stderr.write)
	for (const method of ['log', 'info', 'warn', 'error', 'debug'] as const) {
		vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
			written.push(args.map((arg) => (arg instanceof Error ? `${arg.message}\n${arg.stack}` : String(arg))).join(' '))
		})
	}
	return written
}

/** Statement text, placeholders and parameter lists, the driver's NUL error, password hashes. */
export const SQL_OR_SECRETS = /insert into|update "|delete from|\bselect\b[^\n"]{0,300}\bfrom\b|\$\d+\b|params:|failed query|invalid byte sequence|argon2/i
