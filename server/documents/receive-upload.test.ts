import { mkdtemp, readdir, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MAX_UPLOAD_FIELD_BYTES, MAX_UPLOAD_PARTS, receiveUpload, receiveUploads, UploadRejectedError } from './receive-upload.ts'
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
		await expect(receiveUploads(uploadRequest((form) => form.append('note', 'x')), { maxFiles: 10 })).rejects.toMatchObject({ reason: 'no_file' })
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
