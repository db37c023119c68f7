import { DrizzleQueryError } from 'drizzle-orm/errors'
import postgres from 'postgres'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { describeError, logger, REDACTED, SafeMessageError } from '#server/logger.ts'

const MARKER = 'PHI-MARKER-7f3a'

/** What postgres.js throws for a NUL byte in a parameter, wrapped by drizzle as it does for a failed query. */
function failedQuery() {
	const statement = 'insert into "users" ("email", "name", "password_hash") values ($1, $2, $3)'
	const pgError = Object.assign(new postgres.PostgresError(`invalid byte sequence for encoding "UTF8": 0x00`), {
		severity: 'ERROR',
		code: '22021',
		where: `unnamed portal parameter $2 = '${MARKER}'`,
		query: statement,
		parameters: [`${MARKER}@example.test`, MARKER, '$argon2id$v=19$m=19456,t=2,p=1$secret'],
	})
	return new DrizzleQueryError(statement, [`${MARKER}@example.test`, MARKER, '$argon2id$v=19$secret'], pgError)
}

describe('describeError', () => {
	it('gives the class and the SQLSTATE of a failed query, never its statement or parameters', () => {
		const description = describeError(failedQuery())
		expect(description).toEqual({ errorName: 'Error', causeName: 'PostgresError', errorCode: '22021' })
		const text = JSON.stringify(description)
		expect(text).not.toContain(MARKER)
		expect(text).not.toMatch(/insert into|\$1|argon2/i)
	})

	it('keeps Node error codes and drops free-text codes', () => {
		expect(describeError(Object.assign(new Error(`connect ECONNREFUSED ${MARKER}`), { code: 'ECONNREFUSED' }))).toEqual({
			errorName: 'Error',
			errorCode: 'ECONNREFUSED',
		})
		expect(describeError(Object.assign(new Error('x'), { code: `${MARKER} here` }))).toEqual({ errorName: 'Error' })
		expect(describeError(`${MARKER} thrown as a string`)).toEqual({ errorName: 'string' })
	})

	it('copies the message of our own fixed-text errors only', () => {
		class StorageFullError extends SafeMessageError {}
		expect(describeError(new StorageFullError('Storage is full'))).toEqual({ errorName: 'StorageFullError', errorMessage: 'Storage is full' })
		expect(describeError(new Error(MARKER))).not.toHaveProperty('errorMessage')
	})
})

describe('logger', () => {
	let lines: string[]
	beforeEach(() => {
		lines = []
		vi.stubEnv('LOG_LEVEL', 'debug')
		const capture = (chunk: unknown) => {
			lines.push(String(chunk))
			return true
		}
		vi.spyOn(process.stdout, 'write').mockImplementation(capture)
		vi.spyOn(process.stderr, 'write').mockImplementation(capture)
	})
	afterEach(() => {
		vi.restoreAllMocks()
		vi.unstubAllEnvs()
	})

	it('writes ids, codes and numbers, and redacts free text under any key', () => {
		logger.error('test.event', {
			requestId: 'b8c2e1f0-0000-4000-8000-000000000001',
			route: '/records/:documentId',
			status: 500,
			ms: 12,
			email: `${MARKER}@example.test`,
			path: `/calendar/${MARKER}.ics`,
			message: `insert into users values ('${MARKER}')`,
			errorMessage: `Failed query: select * from documents where title ilike $1 params: ${MARKER}`,
			outcome: `${MARKER} with spaces`,
			nested: { name: MARKER, count: 2 },
			error: failedQuery(),
		})
		expect(lines).toHaveLength(1)
		const line = JSON.parse(lines[0]!)
		expect(line).toMatchObject({
			level: 'error',
			event: 'test.event',
			requestId: 'b8c2e1f0-0000-4000-8000-000000000001',
			route: '/records/:documentId',
			status: 500,
			ms: 12,
			email: REDACTED,
			path: REDACTED,
			message: REDACTED,
			errorMessage: REDACTED,
			outcome: REDACTED,
			nested: { name: REDACTED, count: 2 },
			errorName: 'Error',
			causeName: 'PostgresError',
			errorCode: '22021',
		})
		expect(lines[0]).not.toContain(MARKER)
		expect(lines[0]).not.toMatch(/insert into|select \*|\$1/i)
	})

	it('redacts an e-mail address even under a key whose codes and ids pass', () => {
		logger.info('email.sent', { messageId: 'ann.lee@example.test', kind: 'share_link', code: 'x+tag@mail.example.org', mode: 'smtp' })
		const line = JSON.parse(lines[0]!)
		expect(line).toMatchObject({ messageId: REDACTED, kind: 'share_link', code: REDACTED, mode: 'smtp' })
		expect(lines[0]).not.toContain('@')
	})

	it('writes an Error passed as a field as its description', () => {
		logger.warn('test.event', { failure: failedQuery() })
		expect(JSON.parse(lines[0]!).failure).toEqual({ errorName: 'Error', causeName: 'PostgresError', errorCode: '22021' })
	})
})
