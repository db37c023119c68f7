import { mkdtemp, readdir, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MAX_UPLOAD_FIELD_BYTES, MAX_UPLOAD_PARTS, receiveUpload, UploadRejectedError } from './receive-upload.ts'
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
