import { mkdtemp, readdir, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MAX_UPLOAD_BODY_BYTES, MAX_UPLOAD_FIELD_BYTES, MAX_UPLOAD_PARTS, receiveUpload, receiveUploads, UploadRejectedError } from './receive-upload.ts'
import { MAX_UPLOAD_BYTES } from './shared/messages.ts'
import { uploadTempDir } from '#server/storage/index.ts'

let dataDir: string

beforeAll(async () => {
	dataDir = await mkdtemp(path.join(os.tmpdir(), 'carebook-receive-'))
	process.env.DATA_DIR = dataDir
})

afterAll(async () => {
	await rm(dataDir, { recursive: true, force: true })
})

function uploadRequest(build: (form: FormData) => void) {
	const form = new FormData()
	build(form)
	return new Request('http://localhost/api/documents/upload', { method: 'POST', body: form })
}

function pdf(name = 'report.pdf') {
	return new File([Buffer.from('%PDF-1.4\n% test\n')], name, { type: 'application/pdf' })
}

async function rejection(request: Request) {
	try {
		await receiveUpload(request)
	} catch (error) {
		if (error instanceof UploadRejectedError) return error
		throw error
	}
	throw new Error('expected the upload to be refused')
}

async function leftovers() {
	return (await readdir(uploadTempDir()).catch(() => [])).filter((name) => name.endsWith('.part'))
}

describe('receiveUpload', () => {
	it('takes one file and small fields', async () => {
		const { file, fields } = await receiveUpload(
			uploadRequest((form) => {
				form.append('intent', 'upload')
				form.append('file', pdf())
				form.append('note', 'x'.repeat(MAX_UPLOAD_FIELD_BYTES))
			}),
		)
		expect(file).toMatchObject({ originalName: 'report.pdf', size: 16 })
		expect(fields).toEqual({ intent: 'upload', note: 'x'.repeat(MAX_UPLOAD_FIELD_BYTES) })
		await rm(file.tempPath, { force: true })
	})

	it('types the file by its content as it streams: a FHIR bundle whose resourceType comes after a 10 KB narrative, JSON that is not FHIR', async () => {
		const narrative = `<div>${'The patient was seen today; history as written by the clinician. '.repeat(160)}</div>`
		const seed = JSON.stringify({ type: 'transaction', entry: [{ resource: { text: { status: 'generated', div: narrative }, resourceType: 'Patient' } }] })
		expect(seed.indexOf('"resourceType"')).toBeGreaterThan(10_000)
		const received = await receiveUpload(uploadRequest((form) => form.append('file', new File([seed], 'seed.json', { type: 'application/json' }))))
		expect(received.file.type).toEqual({ kind: 'fhir', mime: 'application/fhir+json' })
		const other = await receiveUpload(uploadRequest((form) => form.append('file', new File([JSON.stringify({ results: [] })], 'results.json'))))
		expect(other.file.type).toMatchObject({ kind: 'rejected', reason: 'unsupported_type', message: expect.stringContaining('not a FHIR') })
		const report = await receiveUpload(uploadRequest((form) => form.append('file', pdf())))
		expect(report.file.type).toEqual({ kind: 'pdf', mime: 'application/pdf' })
		for (const { file } of [received, other, report]) await rm(file.tempPath, { force: true })
	})

	it("keeps a file's name written in UTF-8 as the browser sent it", async () => {
		const { file } = await receiveUpload(uploadRequest((form) => form.append('file', pdf('Laborbefund Müller – Ağustos.pdf'))))
		expect(file.originalName).toBe('Laborbefund Müller – Ağustos.pdf')
		await rm(file.tempPath, { force: true })
	})

	it('refuses a field over the limit rather than cutting it, and keeps no file', async () => {
		const error = await rejection(
			uploadRequest((form) => {
				form.append('file', pdf())
				form.append('note', 'x'.repeat(MAX_UPLOAD_FIELD_BYTES + 1))
			}),
		)
		expect(error.reason).toBe('bad_form')
		expect(error.fileName).toBe('report.pdf')
		expect(await leftovers()).toEqual([])
	})

	it(`refuses more than ${MAX_UPLOAD_PARTS} parts`, async () => {
		const error = await rejection(
			uploadRequest((form) => {
				form.append('file', pdf())
				for (let index = 0; index < 500; index++) form.append(`f${index}`, 'y')
			}),
		)
		expect(error.reason).toBe('bad_form')
		expect(await leftovers()).toEqual([])
	})

	it('keeps a field named __proto__ as plain data', async () => {
		const { file, fields } = await receiveUpload(
			uploadRequest((form) => {
				form.append('__proto__', 'polluted')
				form.append('file', pdf())
			}),
		)
		expect(fields['__proto__']).toBe('polluted')
		expect(({} as Record<string, unknown>).polluted).toBeUndefined()
		await rm(file.tempPath, { force: true })
	})
})

const BOUNDARY = 'hostile-boundary-7f3a'

/**
 * A multipart body produced only as it is read: `pieces` yields its text
 * piece by piece; `pulled` tells how many bytes the reader has taken so far.
 */
function streamedRequest(pieces: () => Iterator<string>, options: { contentType?: string } = {}) {
	const iterator = pieces()
	const encoder = new TextEncoder()
	const stats = { pulled: 0 }
	const body = new ReadableStream<Uint8Array>(
		{
			pull(controller) {
				const next = iterator.next()
				if (next.done) return controller.close()
				const bytes = encoder.encode(next.value)
				stats.pulled += bytes.byteLength
				controller.enqueue(bytes)
			},
		},
		{ highWaterMark: 0 },
	)
	const request = new Request('http://localhost/api/documents/upload', {
		method: 'POST',
		body,
		headers: { 'content-type': options.contentType ?? `multipart/form-data; boundary=${BOUNDARY}` },
		duplex: 'half',
	} as RequestInit)
	return { request, stats }
}

function* tinyParts(count: number) {
	// 100 parts per piece, as a fast client sends them
	for (let index = 0; index < count; index += 100) {
		let piece = ''
		for (let part = index; part < Math.min(count, index + 100); part++) piece += `--${BOUNDARY}\r\nContent-Disposition: form-data; name="f${part}"\r\n\r\ny\r\n`
		yield piece
	}
	yield `--${BOUNDARY}--\r\n`
}

describe('receiveUpload with hostile bodies', () => {
	it('refuses 600,000 tiny parts at the first part over the limit, without reading the rest (413)', async () => {
		const { request, stats } = streamedRequest(() => tinyParts(600_000))
		const started = performance.now()
		const error = await rejection(request)
		expect(performance.now() - started).toBeLessThan(500)
		expect(error.reason).toBe('bad_form')
		// the refusal came after the first piece or two, of about 60 MB
		expect(stats.pulled).toBeLessThan(50_000)
		expect(await leftovers()).toEqual([])
	})

	it('answers 400 to a body that ends before its closing boundary, keeping no file', async () => {
		const unterminated = () =>
			[`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4 and then nothing`][
				Symbol.iterator
			]()
		expect((await rejection(streamedRequest(unterminated).request)).reason).toBe('malformed')
		expect(await leftovers()).toEqual([])
	})

	it('refuses a part header over 16 KB and a body that is not a multipart form (400)', async () => {
		const longHeader = () =>
			[`--${BOUNDARY}\r\nContent-Disposition: form-data; name="x"\r\nX-Filler: ${'a'.repeat(20_000)}\r\n\r\ny\r\n--${BOUNDARY}--\r\n`][Symbol.iterator]()
		expect((await rejection(streamedRequest(longHeader).request)).reason).toBe('malformed')
		const plain = () => ['file=hello'][Symbol.iterator]()
		expect((await rejection(streamedRequest(plain, { contentType: 'application/x-www-form-urlencoded' }).request)).reason).toBe('malformed')
		expect((await rejection(streamedRequest(plain, { contentType: 'multipart/form-data' }).request)).reason).toBe('malformed')
	})

	it('stops reading a body without a declared length once it passes the upload limit (413), keeping no file', async () => {
		function* endlessFile() {
			yield `--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="big.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\n`
			const megabyte = 'x'.repeat(1024 * 1024)
			for (;;) yield megabyte
		}
		const { request, stats } = streamedRequest(endlessFile)
		const error = await rejection(request)
		expect(error.reason).toBe('too_large')
		expect(error.fileName).toBe('big.pdf')
		expect(stats.pulled).toBeLessThan(MAX_UPLOAD_BODY_BYTES + 3 * 1024 * 1024)
		expect(await leftovers()).toEqual([])
	})
})

describe('receiveUploads', () => {
	it('takes several files of one post, each to its own temporary file', async () => {
		const { files, oversized } = await receiveUploads(
			uploadRequest((form) => {
				form.append('file', pdf('one.pdf'))
				form.append('file', pdf('two.pdf'))
				form.append('file', new File([], 'empty.pdf', { type: 'application/pdf' }))
			}),
			{ maxFiles: 10 },
		)
		expect(files.map((file) => [file.originalName, file.size])).toEqual([
			['one.pdf', 16],
			['two.pdf', 16],
			['empty.pdf', 0],
		])
		expect(new Set(files.map((file) => file.tempPath)).size).toBe(3)
		expect(oversized).toEqual([])
		await Promise.all(files.map((file) => rm(file.tempPath, { force: true })))
	})

	it('keeps at most maxFiles files and drains the rest', async () => {
		const { files } = await receiveUploads(
			uploadRequest((form) => {
				for (let index = 0; index < 4; index++) form.append('file', pdf(`r${index}.pdf`))
			}),
			{ maxFiles: 2 },
		)
		expect(files.map((file) => file.originalName)).toEqual(['r0.pdf', 'r1.pdf'])
		await Promise.all(files.map((file) => rm(file.tempPath, { force: true })))
		expect(await leftovers()).toEqual([])
	})

	it('reports a file over 20 MB without refusing the others, and keeps none of it', async () => {
		const big = new File([Buffer.alloc(MAX_UPLOAD_BYTES + 1, 0x20)], 'big.pdf', { type: 'application/pdf' })
		const { files, oversized } = await receiveUploads(
			uploadRequest((form) => {
				form.append('file', big)
				form.append('file', pdf('small.pdf'))
			}),
			{ maxFiles: 10 },
		)
		expect(oversized).toEqual([{ originalName: 'big.pdf' }])
		expect(files.map((file) => file.originalName)).toEqual(['small.pdf'])
		await rm(files[0]!.tempPath, { force: true })
		expect(await leftovers()).toEqual([])
	})

	it('refuses a post with no file', async () => {
		await expect(
			receiveUploads(
				uploadRequest((form) => form.append('note', 'x')),
				{ maxFiles: 10 },
			),
		).rejects.toMatchObject({ reason: 'no_file' })
	})
})

describe('receiveUpload (one file)', () => {
	it('refuses a file over 20 MB', async () => {
		const big = new File([Buffer.alloc(MAX_UPLOAD_BYTES + 1, 0x20)], 'big.pdf', { type: 'application/pdf' })
		const error = await rejection(uploadRequest((form) => form.append('file', big)))
		expect(error.reason).toBe('too_large')
		expect(error.fileName).toBe('big.pdf')
		expect(await leftovers()).toEqual([])
	})
})
