import { randomUUID } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { readdir } from 'node:fs/promises'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { registerPatient } from '#server/auth/index.ts'
import { acceptUploads, listDocuments, MAX_FILES_PER_FORM_UPLOAD, type Patient } from '#server/documents/index.ts'
import { uploadTempDir } from '#server/storage/index.ts'
import { FIXTURES } from './document-upload.ts'
import { useTestDatabase } from './test-database.ts'

process.env.DATA_DIR = path.resolve(`tests/.tmp/data-${randomUUID()}`)
useTestDatabase()

async function newPatient(): Promise<Patient> {
	const { user, organization } = await registerPatient({ name: 'Form Uploader', email: `form-${randomUUID()}@example.test`, password: 'Correct-horse-9' })
	return { userId: user.id, organizationId: organization.id }
}

function fixtureFile(relativePath: string, name = path.basename(relativePath)) {
	return new File([readFileSync(path.join(FIXTURES, relativePath))], name, { type: 'application/pdf' })
}

/** The upload page's plain form posting these files under one 'file' field. */
function formPost(files: File[]) {
	const form = new FormData()
	for (const file of files) form.append('file', file)
	return new Request('http://localhost/upload', { method: 'POST', body: form })
}

async function leftovers() {
	return (await readdir(uploadTempDir()).catch(() => [])).filter((name) => name.endsWith('.part'))
}

describe('the upload page form without JavaScript', () => {
	it('stores every file of one post and lists a refused one with its reason, without stopping the others', async () => {
		const patient = await newPatient()
		const outcome = await acceptUploads(
			patient,
			formPost([fixtureFile('lab/bluewater_final_report.pdf'), fixtureFile('bad/report.pdf'), fixtureFile('lab/LabResults_Meridian_2025-03-14.pdf')]),
		)
		if (!outcome.ok) throw new Error(outcome.message)
		expect(outcome.documentIds).toHaveLength(2)
		expect(outcome.refusals).toHaveLength(1)
		expect(outcome.refusals[0]).toMatch(/^report\.pdf: \S/)
		expect((await listDocuments(patient)).map((document) => document.id).sort()).toEqual([...outcome.documentIds].sort())
		expect(await leftovers()).toEqual([])
	})

	it(`takes at most ${MAX_FILES_PER_FORM_UPLOAD} files from one post`, async () => {
		const patient = await newPatient()
		const files = Array.from({ length: MAX_FILES_PER_FORM_UPLOAD + 2 }, (_, index) => fixtureFile('bad/empty.pdf', `empty-${index}.pdf`))
		const outcome = await acceptUploads(patient, formPost(files))
		if (!outcome.ok) throw new Error(outcome.message)
		expect(outcome.documentIds).toEqual([])
		expect(outcome.refusals).toHaveLength(MAX_FILES_PER_FORM_UPLOAD)
		expect(await leftovers()).toEqual([])
	})

	it('refuses a post with no file and keeps nothing', async () => {
		const patient = await newPatient()
		const form = new FormData()
		form.append('file', new File([], ''))
		const outcome = await acceptUploads(patient, new Request('http://localhost/upload', { method: 'POST', body: form }))
		expect(outcome).toMatchObject({ ok: false, code: 'no_file' })
		expect(await listDocuments(patient)).toEqual([])
	})
})
