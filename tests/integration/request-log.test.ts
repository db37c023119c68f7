/**
 * The web process's own log over real HTTP (the app as `npm run dev` builds
 * it, Vite's server build included): the request log names the route
 * pattern, never the path, so a calendar feed's token, ids and typed
 * addresses stay out; a form post with a NUL byte is answered with the
 * field message and leaves no form value or SQL in the output.
 */
import { randomBytes, randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { TEXT_MESSAGES } from '#server/validation/shared/text.ts'
import { SQL_OR_SECRETS } from '#tests/support/captured-output.ts'
import { loggedLines, useHttpApp } from '#tests/support/http-app.ts'
import { useTestDatabase } from './test-database.ts'

// The development build (a Vite loader function); its own HMR port, away from other servers.
process.env.NODE_ENV = 'development'
process.env.HMR_PORT = String(Number(process.env.TEST_PG_PORT ?? 54349) - 10_000)
process.env.DATA_DIR = `tests/.tmp/data-request-log-${randomUUID()}`
useTestDatabase()

const TOKEN = randomBytes(24).toString('base64url')
const MARKER = `PHI-MARKER-${randomBytes(4).toString('hex')}`
const SQL = SQL_OR_SECRETS

const app = useHttpApp({ logLevel: 'debug' })

function requestLines() {
	return loggedLines(app.written).filter((line) => line.event === 'http.request')
}

/** The request log's line for the answer's request (written when the response finishes). */
async function logLineFor(status: number, method = 'GET') {
	let line: Record<string, unknown> | undefined
	await expect
		.poll(() => {
			line = requestLines().find((entry) => entry.status === status && entry.method === method)
			return line
		})
		.toBeDefined()
	return line!
}

describe('the request log', () => {
	it('writes a calendar feed request as /calendar/:token, without the token', async () => {
		app.written.length = 0
		const response = await fetch(`${app.base}/calendar/${TOKEN}.ics`)
		expect(response.status).toBe(404)
		const line = await logLineFor(404)
		expect(line).toMatchObject({ method: 'GET', route: '/calendar/:token', status: 404 })
		expect(line.requestId).toMatch(/^[0-9a-f-]{36}$/)
		expect(line).not.toHaveProperty('path')
		expect(app.written.join('')).not.toContain(TOKEN)
	})

	it('writes ids as parameter names and unknown addresses as *', async () => {
		app.written.length = 0
		const documentId = randomUUID()
		const record = await fetch(`${app.base}/records/${documentId}`, { redirect: 'manual' })
		expect(record.status).toBe(302)
		expect(await logLineFor(302)).toMatchObject({ route: '/records/:documentId' })

		app.written.length = 0
		const unknown = await fetch(`${app.base}/${MARKER}/secret?q=${MARKER}`)
		expect(unknown.status).toBe(404)
		expect(await logLineFor(404)).toMatchObject({ route: '*' })
		const output = app.written.join('')
		expect(output).not.toContain(documentId)
		expect(output).not.toContain(MARKER)
	})

	it('a sign-in post with a NUL byte is answered with the field message; the output has no form value and no SQL', async () => {
		app.written.length = 0
		const response = await fetch(`${app.base}/login`, {
			method: 'POST',
			headers: { 'content-type': 'application/x-www-form-urlencoded', origin: app.base, 'sec-fetch-site': 'same-origin' },
			body: new URLSearchParams({ email: `${MARKER}\u0000@example.test`, password: `${MARKER}-password` }),
		})
		expect(response.status).toBe(400)
		const page = await response.text()
		expect(page).toContain(TEXT_MESSAGES.notAllowedCharacters)
		expect(page).not.toMatch(SQL)
		expect(page).not.toContain(`${MARKER}-password`)
		expect(await logLineFor(400, 'POST')).toMatchObject({ route: '/login' })
		const output = app.written.join('')
		expect(output).not.toContain(MARKER)
		expect(output).not.toMatch(SQL)
	})
})
