import http from 'node:http'
import type { AddressInfo } from 'node:net'
import express from 'express'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { limitRequestBodies } from './body-limit.ts'

const LIMIT = 64 * 1024

/** An app like ours: the limit, then a handler that reads the body as a stream, as Remix's adapter does. */
let server: http.Server
let port: number
let handled: string[] = []

beforeAll(async () => {
	const app = express()
	app.use(limitRequestBodies({ limitBytes: LIMIT }))
	app.all('*', async (req, res) => {
		handled.push(req.path)
		let size = 0
		const hash = new Map<number, number>()
		for await (const chunk of req as AsyncIterable<Buffer>) {
			for (const byte of chunk) hash.set(byte, (hash.get(byte) ?? 0) + 1)
			size += chunk.byteLength
		}
		res.json({ size, distinct: hash.size })
	})
	server = app.listen(0, '127.0.0.1')
	await new Promise<void>((resolve) => server.once('listening', () => resolve()))
	port = (server.address() as AddressInfo).port
})

afterAll(async () => {
	server.closeAllConnections()
	await new Promise<void>((resolve) => server.close(() => resolve()))
})

type Answer = { status: number; body: string }

/**
 * Sends a body in pieces (chunked unless a length is given) and resolves with
 * the answer as soon as it comes, even while the body is still being sent.
 */
function send(options: { path: string; method?: string; pieces: number; pieceBytes: number; contentLength?: number }) {
	return new Promise<Answer>((resolve, reject) => {
		const headers: Record<string, string> = { 'content-type': 'application/x-www-form-urlencoded' }
		if (options.contentLength !== undefined) headers['content-length'] = String(options.contentLength)
		const request = http.request({ host: '127.0.0.1', port, path: options.path, method: options.method ?? 'POST', headers })
		request.on('response', (response) => {
			let body = ''
			response.setEncoding('utf8')
			response.on('data', (text: string) => (body += text))
			response.on('end', () => resolve({ status: response.statusCode!, body }))
			response.on('error', reject)
		})
		request.on('error', () => {}) // the server may stop reading once it has answered
		let sent = 0
		const piece = Buffer.alloc(options.pieceBytes, 'a')
		const writeMore = () => {
			while (sent < options.pieces) {
				sent++
				if (!request.write(piece)) return void request.once('drain', writeMore)
			}
			request.end()
		}
		writeMore()
	})
}

describe('limitRequestBodies', () => {
	it('refuses a declared length over the limit with 413 before the action runs', async () => {
		handled = []
		const answer = await send({ path: '/login', pieces: 1, pieceBytes: LIMIT + 1, contentLength: LIMIT + 1 })
		expect(answer).toEqual({ status: 413, body: 'Request body too large.' })
		expect(handled).toEqual([])
	})

	it('refuses a chunked body once it passes the limit, without handing any of it on', async () => {
		handled = []
		const answer = await send({ path: '/login', pieces: 400, pieceBytes: 16 * 1024 })
		expect(answer.status).toBe(413)
		expect(handled).toEqual([])
	})

	it('hands a chunked body within the limit on whole', async () => {
		handled = []
		const answer = await send({ path: '/register', pieces: 3, pieceBytes: 20 * 1024 })
		expect(answer.status).toBe(200)
		expect(JSON.parse(answer.body)).toEqual({ size: 60 * 1024, distinct: 1 })
		expect(handled).toEqual(['/register'])
	})

	it('passes a body with a length within the limit', async () => {
		const answer = await send({ path: '/api/trpc/x', pieces: 2, pieceBytes: 1000, contentLength: 2000 })
		expect(answer.status).toBe(200)
		expect(JSON.parse(answer.body)).toMatchObject({ size: 2000 })
	})

	it('leaves the streamed upload endpoints to their own limits', async () => {
		for (const path of ['/api/documents/upload', '/upload', '/upload.data']) {
			const answer = await send({ path, pieces: 8, pieceBytes: 16 * 1024, contentLength: 8 * 16 * 1024 })
			expect(answer.status).toBe(200)
			expect(JSON.parse(answer.body)).toMatchObject({ size: 8 * 16 * 1024 })
		}
		const chunked = await send({ path: '/upload', pieces: 8, pieceBytes: 16 * 1024 })
		expect(chunked.status).toBe(200)
	})

	it('refuses a malformed length', async () => {
		const answer = await new Promise<number>((resolve) => {
			const request = http.request({ host: '127.0.0.1', port, path: '/login', method: 'POST', headers: { 'content-length': '12abc' } })
			request.on('response', (response) => resolve(response.statusCode!))
			request.on('error', () => resolve(400)) // Node's parser may refuse it first
			request.end()
		})
		expect([400, 413]).toContain(answer)
	})
})
