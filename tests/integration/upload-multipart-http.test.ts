/**
 * Hostile multipart bodies on the upload endpoint over real HTTP: parsing
 * stops at the first violation and the answer comes at once (413 or 400,
 * never a 500), while the process keeps answering /healthz.
 */
import http from 'node:http'
import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { createSession, registerPatient, SESSION_COOKIE } from '#server/auth/index.ts'
import { useHttpApp } from '#tests/support/http-app.ts'
import { useTestDatabase } from './test-database.ts'

process.env.NODE_ENV = 'development'
process.env.HMR_PORT = String(Number(process.env.TEST_PG_PORT ?? 54349) - 9_997)
process.env.DATA_DIR = `tests/.tmp/data-upload-multipart-${randomUUID()}`
useTestDatabase()

const app = useHttpApp({ logLevel: 'info' })
const BOUNDARY = 'hostile-boundary-7f3a'

async function patientCookie() {
	const { user, organization } = await registerPatient({ name: 'Upload Patient', email: `upload-${randomUUID()}@example.test`, password: 'Correct-horse-9' })
	const session = await createSession({ userId: user.id, kind: 'patient', organizationId: organization.id })
	return `${SESSION_COOKIE.patient}=${session.token}`
}

/**
 * POSTs a chunked body written piece by piece (as a client streams it) and
 * resolves with the answer's status, body and time; stops writing once the
 * answer has come or the server closed the connection.
 */
function streamedUpload(cookie: string, pieces: Iterable<string>) {
	return new Promise<{ status: number; body: string; ms: number }>((resolve, reject) => {
		const started = performance.now()
		let isAnswered = false
		const request = http.request(`${app.base}/api/documents/upload`, {
			method: 'POST',
			headers: { cookie, Origin: app.base, 'Content-Type': `multipart/form-data; boundary=${BOUNDARY}`, 'Transfer-Encoding': 'chunked' },
		})
		request.on('response', (response) => {
			isAnswered = true
			const ms = performance.now() - started
			let body = ''
			response.setEncoding('utf8')
			response.on('data', (chunk: string) => (body += chunk))
			response.on('end', () => {
				resolve({ status: response.statusCode!, body, ms })
				request.destroy()
			})
		})
		request.on('error', (error) => {
			if (!isAnswered) reject(error)
		})
		const iterator = pieces[Symbol.iterator]()
		const writeMore = () => {
			for (;;) {
				if (isAnswered || request.destroyed) return
				const next = iterator.next()
				if (next.done) return void request.end()
				if (!request.write(next.value)) return void request.once('drain', writeMore)
			}
		}
		writeMore()
	})
}

function* tinyParts(count: number) {
	for (let index = 0; index < count; index += 1_000) {
		let piece = ''
		for (let part = index; part < Math.min(count, index + 1_000); part++)
			piece += `--${BOUNDARY}\r\nContent-Disposition: form-data; name="f${part}"\r\n\r\ny\r\n`
		yield piece
	}
	yield `--${BOUNDARY}--\r\n`
}

describe('hostile multipart uploads over HTTP', () => {
	it('refuses 600,000 tiny parts with 413 at once, without parsing the rest; /healthz keeps answering', async () => {
		const cookie = await patientCookie()
		const health: number[] = []
		let isDone = false
		const probe = (async () => {
			while (!isDone) {
				const started = performance.now()
				await fetch(`${app.base}/healthz`).then((response) => response.arrayBuffer())
				health.push(performance.now() - started)
				await new Promise((resolve) => setTimeout(resolve, 50))
			}
		})()
		const answer = await streamedUpload(cookie, tinyParts(600_000))
		isDone = true
		await probe
		expect(answer.status).toBe(413)
		expect(JSON.parse(answer.body)).toMatchObject({ error: 'bad_form' })
		expect(answer.ms).toBeLessThan(3_000)
		expect(Math.max(...health)).toBeLessThan(2_000)
	})

	it('answers 400, not 500, to a multipart body that ends before its closing boundary', async () => {
		const cookie = await patientCookie()
		const answer = await streamedUpload(cookie, [
			`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4 and then nothing`,
		])
		expect(answer.status).toBe(400)
		expect(JSON.parse(answer.body)).toMatchObject({ error: 'malformed' })
	})
})
