/**
 * One-line JSON logs, and the one place where what a log line may carry is
 * decided: error classes, error codes (PostgreSQL's SQLSTATE, Node's
 * E-codes), route patterns, ids, counts and timings. Never parameters,
 * statement text, form values, names, e-mail addresses, file names, document
 * text or tokens.
 *
 * Every field goes through `redactFields`: numbers and booleans pass; a
 * string passes only under a known key (SAFE_STRING_KEYS, or a key ending
 * in `Id`/`Ids`) and only when it looks like a code or an identifier (no
 * spaces, at most 200 characters, no e-mail address); anything else is
 * written as '[redacted]'. Errors are described by `describeError`, which never
 * copies an error's message unless the error is a `SafeMessageError`.
 * To log a new kind of value, add its key here, not a message.
 */
import { logLevel } from '#server/env.server.ts'

type Level = 'debug' | 'info' | 'warn' | 'error'
const ORDER: Record<Level | 'silent', number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 99 }

export const REDACTED = '[redacted]'

/** Keys whose string values are codes, names of our own things or route patterns. */
const SAFE_STRING_KEYS = new Set([
	'attempt',
	'causeName',
	'code',
	'errorCode',
	'errorName',
	'event',
	'intent',
	'kind',
	'level',
	'method',
	'mode',
	'outcome',
	'portal',
	'procedure',
	'reason',
	'route',
	'signal',
	'source',
	'state',
	'status',
	'task',
	'taskIdentifier',
	'tasks',
	'trpcCode',
	'type',
	'workerLevel',
])

/** A code or an identifier: letters, digits and a few separators, no spaces. */
const SAFE_TOKEN = /^[A-Za-z0-9_.:/*@+-]{1,200}$/
/** graphile-worker's own words before any detail ('Failed task'), see worker-log.ts. */
const SAFE_WORDS = /^[A-Za-z][A-Za-z ]{0,79}$/
const SAFE_WORD_KEYS = new Set(['workerMessage'])
const ID_KEY = /(Id|Ids)$/
/** An e-mail address anywhere in a value: never written, whatever its key. */
const EMAIL_ADDRESS = /[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+/

/** Messages of our own errors that say nothing about the request (see SafeMessageError). */
const safeMessages = new Set<string>()

/**
 * An error whose message is a fixed text written by us (no values, no
 * names), so logs may carry it. Subclass it for such errors.
 */
export class SafeMessageError extends Error {
	constructor(message: string, options?: ErrorOptions) {
		super(message, options)
		this.name = new.target.name
		safeMessages.add(message)
	}
}

function threshold() {
	return ORDER[logLevel()]
}

function redactString(key: string, value: string): string {
	if (key === 'errorMessage') return safeMessages.has(value) ? value : REDACTED
	if (SAFE_WORD_KEYS.has(key)) return SAFE_WORDS.test(value) ? value : REDACTED
	if ((SAFE_STRING_KEYS.has(key) || ID_KEY.test(key)) && SAFE_TOKEN.test(value) && !EMAIL_ADDRESS.test(value)) return value
	return REDACTED
}

function redactValue(key: string, value: unknown, depth: number): unknown {
	if (value === null || value === undefined) return value
	if (typeof value === 'number' || typeof value === 'boolean') return value
	if (typeof value === 'bigint') return Number(value)
	if (typeof value === 'string') return redactString(key, value)
	if (value instanceof Error) return describeError(value)
	if (value instanceof Date) return value.toISOString()
	if (depth >= 3) return REDACTED
	if (Array.isArray(value)) return value.slice(0, 50).map((item) => redactValue(key, item, depth + 1))
	if (Object.getPrototypeOf(value) === Object.prototype) return redactFields(value as Record<string, unknown>, depth + 1)
	return REDACTED
}

/** The fields as a log line may carry them. */
export function redactFields(fields: Record<string, unknown>, depth = 0): Record<string, unknown> {
	const result: Record<string, unknown> = {}
	for (const [key, value] of Object.entries(fields)) {
		if (value === undefined) continue
		if (key === 'error' || key === 'cause') {
			Object.assign(result, describeError(value))
			continue
		}
		result[key] = redactValue(key, value, depth)
	}
	return result
}

function write(level: Level, event: string, fields: Record<string, unknown> = {}) {
	if (ORDER[level] < threshold()) return
	const line = JSON.stringify({
		time: new Date().toISOString(),
		level,
		event: SAFE_TOKEN.test(event) ? event : REDACTED,
		...redactFields(fields),
	})
	if (level === 'error' || level === 'warn') process.stderr.write(`${line}\n`)
	else process.stdout.write(`${line}\n`)
}

export const logger = {
	debug: (event: string, fields?: Record<string, unknown>) => write('debug', event, fields),
	info: (event: string, fields?: Record<string, unknown>) => write('info', event, fields),
	warn: (event: string, fields?: Record<string, unknown>) => write('warn', event, fields),
	error: (event: string, fields?: Record<string, unknown>) => write('error', event, fields),
}

export type ErrorDescription = {
	errorName: string
	/** The first code found on the error or its causes: a SQLSTATE ('22021'), a driver or Node code ('ECONNREFUSED'). */
	errorCode?: string
	/** The class of the innermost cause, when it differs ('PostgresError' under 'DrizzleQueryError'). */
	causeName?: string
	/** Only for a SafeMessageError. */
	errorMessage?: string
}

const ERROR_NAME = /^[A-Za-z][A-Za-z0-9_$]{0,63}$/
/** SQLSTATE (5 characters), or an upper-case code such as ECONNREFUSED, CONNECTION_CLOSED, ERR_INVALID_ARG_TYPE. */
const ERROR_CODE = /^(?:[0-9A-Z]{5}|[A-Z][A-Z0-9_]{1,47})$/

function nameOf(error: unknown): string {
	if (error instanceof Error) return ERROR_NAME.test(error.name) ? error.name : 'Error'
	if (error === null) return 'null'
	return typeof error
}

function codeOf(error: unknown): string | undefined {
	if (typeof error !== 'object' || error === null || !('code' in error)) return undefined
	const code = (error as { code: unknown }).code
	if (typeof code === 'number' && Number.isInteger(code)) return String(code)
	return typeof code === 'string' && ERROR_CODE.test(code) ? code : undefined
}

/**
 * An error's class and code, walking its `cause` chain (drizzle wraps the
 * postgres.js PostgresError that holds the SQLSTATE). Never its message:
 * a driver's message carries the statement and its parameters.
 */
export function describeError(error: unknown): ErrorDescription {
	const description: ErrorDescription = { errorName: nameOf(error) }
	let current: unknown = error
	let innermost: unknown = error
	for (let depth = 0; depth < 5 && current !== undefined && current !== null; depth++) {
		description.errorCode ??= codeOf(current)
		innermost = current
		current = current instanceof Error || typeof current === 'object' ? (current as { cause?: unknown }).cause : undefined
	}
	if (innermost !== error && innermost instanceof Error) {
		const causeName = nameOf(innermost)
		if (causeName !== description.errorName) description.causeName = causeName
	}
	if (error instanceof SafeMessageError && safeMessages.has(error.message)) description.errorMessage = error.message
	if (description.errorCode === undefined) delete description.errorCode
	return description
}
