/**
 * One-line JSON logs. Callers pass identifiers, paths without query strings,
 * statuses and timings; never names, e-mail addresses, values, file contents
 * or tokens.
 */
type Level = 'debug' | 'info' | 'warn' | 'error'
const ORDER: Record<Level | 'silent', number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 99 }

function threshold() {
	const configured = (process.env.LOG_LEVEL ?? 'info') as Level | 'silent'
	return ORDER[configured] ?? ORDER.info
}

function write(level: Level, event: string, fields: Record<string, unknown> = {}) {
	if (ORDER[level] < threshold()) return
	const line = JSON.stringify({ time: new Date().toISOString(), level, event, ...fields })
	if (level === 'error' || level === 'warn') process.stderr.write(`${line}\n`)
	else process.stdout.write(`${line}\n`)
}

export const logger = {
	debug: (event: string, fields?: Record<string, unknown>) => write('debug', event, fields),
	info: (event: string, fields?: Record<string, unknown>) => write('info', event, fields),
	warn: (event: string, fields?: Record<string, unknown>) => write('warn', event, fields),
	error: (event: string, fields?: Record<string, unknown>) => write('error', event, fields),
}

/** An error's kind and message, without any request data. */
export function describeError(error: unknown) {
	if (error instanceof Error) return { errorName: error.name, errorMessage: error.message }
	return { errorName: 'unknown', errorMessage: String(error) }
}
