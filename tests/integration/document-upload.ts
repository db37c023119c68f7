import { createHash, randomUUID } from 'node:crypto'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { and, eq, inArray } from 'drizzle-orm'
import { expect } from 'vitest'
import { documents } from '#db/schema/tenant.ts'
import type { Patient } from '#server/auth/patient.ts'
import { answerDocumentSubject, inProcessExtractor, processDocument, storeUploadedDocument, type ReceivedFile } from '#server/documents/index.ts'
import { withTenant } from '#server/tenancy/index.ts'
import { uploadTempDir } from '#server/storage/index.ts'
import { detectFileType } from '#server/extraction/index.ts'

export const FIXTURES = path.resolve('../shared/fixtures/documents')

/** What the upload endpoint hands the domain after streaming a fixture to disk. */
export async function receivedFixture(relativePath: string, uploadName = path.basename(relativePath)): Promise<ReceivedFile> {
	const bytes = await readFile(path.join(FIXTURES, relativePath))
	await mkdir(uploadTempDir(), { recursive: true })
	const tempPath = path.join(uploadTempDir(), `${randomUUID()}.part`)
	await writeFile(tempPath, bytes)
	return {
		tempPath,
		originalName: uploadName,
		size: bytes.length,
		sha256: createHash('sha256').update(bytes).digest('hex'),
		type: detectFileType(bytes, uploadName),
	}
}

/**
 * The patient answers 'This is me' on each of `documentIds` that asked 'Is this you?' (the shared
 * fixtures name their own fictional patients; a test that treats them as the patient's records
 * says so this way).
 */
export async function confirmAsOwn(patient: Patient, documentIds: string[]) {
	const asked = await withTenant(patient.organizationId, (tx) =>
		tx
			.select({ id: documents.id })
			.from(documents)
			.where(and(inArray(documents.id, documentIds), eq(documents.subjectMatch, 'mismatch'))),
	)
	for (const { id } of asked) {
		const answered = await answerDocumentSubject(patient, id, 'confirmed_self')
		if (!answered.ok) throw new Error(`could not confirm ${id}`)
	}
}

/** Stores `bytes` as the patient's upload named `name` (queued for the worker); the document's id. */
export async function storeBytes(patient: Patient, bytes: Buffer, name: string): Promise<string> {
	await mkdir(uploadTempDir(), { recursive: true })
	const tempPath = path.join(uploadTempDir(), `${randomUUID()}.part`)
	await writeFile(tempPath, bytes)
	const outcome = await storeUploadedDocument(patient, {
		tempPath,
		originalName: name,
		size: bytes.length,
		sha256: createHash('sha256').update(bytes).digest('hex'),
		type: detectFileType(bytes, name),
	})
	if (!outcome.ok) throw new Error(`refused: ${outcome.code}`)
	return outcome.documentId
}

/** Stores `bytes` as the patient's upload named `name` and processes it here (no worker); the document's id. */
export async function uploadAndProcess(patient: Patient, bytes: Buffer, name: string): Promise<string> {
	const documentId = await storeBytes(patient, bytes, name)
	expect(await processDocument({ organizationId: patient.organizationId, documentId }, { extract: inProcessExtractor() })).toBe('processed')
	return documentId
}
