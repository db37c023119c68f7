import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import { documents } from '#db/schema/tenant.ts'
import { recordAudit } from '#server/audit/index.ts'
import { getOrganizationSubscription, PLANS } from '#server/billing/index.ts'
import { guessCategoryFromFileName, sanitizeFileName, titleFromFileName } from '#server/extraction/index.ts'
import { enqueueProcessDocument } from '#server/queue/queue.ts'
import { withTenant } from '#server/tenancy/index.ts'
import { refuse, type Result } from '#server/errors/shared/result.ts'
import { TEXT_MESSAGES } from '#server/validation/shared/text.ts'
import { DOCUMENT_MESSAGES, MAX_FILES_PER_FORM_UPLOAD } from './shared/messages.ts'
import { discardReceivedFile, hasValidUploadFields, receiveUpload, receiveUploads, UploadRejectedError, type ReceivedFile } from './receive-upload.ts'
import { getFileStorage, isStorageFullError } from '#server/storage/index.ts'
import { describeError, logger } from '#server/logger.ts'
import { selectOrganizationStoredBytes } from './store/index.ts'
import { refuseWithoutUploadSlot, takeUploadSlot } from './upload-limits.ts'

/** The document made, or why not: a type we do not take (unsupported), over the plan's storage (too-large), over the upload limit (rate-limited), no room left on the server (storage-full). */
export type UploadOutcome = Result<{ documentId: string }>

export type Uploader = { userId: string; organizationId: string; ipAddress?: string | null }

/**
 * Accepts a received file for a patient: type by content, plan storage limit,
 * one upload slot (upload-limits.ts: every path that stores a file comes
 * here, so each file counts), then the file goes into the store and the
 * document row and its processing job are written in one tenant transaction
 * with the slot. Any refusal removes the temporary file and writes nothing.
 */
export async function storeUploadedDocument(uploader: Uploader, file: ReceivedFile): Promise<UploadOutcome> {
	const detected = file.type
	if (detected.kind === 'rejected') {
		await discardReceivedFile(file)
		return refuse('unsupported', detected.reason, detected.message)
	}
	const subscription = await getOrganizationSubscription(uploader.organizationId)
	const planId = subscription?.plan ?? 'basic'
	const plan = PLANS[planId]
	const fileName = sanitizeFileName(file.originalName)
	const storage = getFileStorage()
	const documentId = randomUUID()
	const storageKey = `${uploader.organizationId}/${documentId}`

	try {
		const outcome = await withTenant(uploader.organizationId, async (tx) => {
			// One upload at a time per organization past this point, so two cannot both squeeze under the limit.
			await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${uploader.organizationId}))`)
			// documents and the members' export zips (selectOrganizationStoredBytes)
			const usedBytes = await selectOrganizationStoredBytes(tx, uploader.organizationId)
			const limitBytes = plan.storageLimitMb * 1_000_000
			if (usedBytes + file.size > limitBytes) {
				return refuse('too-large', 'storage_limit', DOCUMENT_MESSAGES.storageLimit((usedBytes / 1_000_000).toFixed(1), plan.storageLimitMb, plan.name))
			}
			const limited = await takeUploadSlot(uploader, tx)
			if (limited) return limited
			await storage.putFile(storageKey, file.tempPath)
			await tx.insert(documents).values({
				id: documentId,
				ownerId: uploader.userId,
				fileName,
				fileKind: detected.kind,
				mimeType: detected.mime,
				sizeBytes: file.size,
				sha256: file.sha256,
				storageKey,
				categoryGuess: guessCategoryFromFileName(fileName),
				title: titleFromFileName(fileName),
				status: 'queued',
			})
			await enqueueProcessDocument(tx, { organizationId: uploader.organizationId, documentId }, { plan: planId })
			await recordAudit(
				{
					action: 'document.upload',
					actor: uploader,
					target: { type: 'document', id: documentId },
					details: { sizeBytes: file.size, fileKind: detected.kind },
				},
				tx,
			)
			return { ok: true as const, documentId }
		})
		if (!outcome.ok) await discardReceivedFile(file)
		return outcome
	} catch (error) {
		await discardReceivedFile(file)
		await storage.remove(storageKey).catch(() => {})
		// The file store's disk or the database's is full: nothing was kept, and the uploader is told so.
		if (isStorageFullError(error)) {
			logger.error('documents.upload_storage_full', { organizationId: uploader.organizationId, ...describeError(error) })
			return storageFullRefusal()
		}
		throw error
	}
}

function storageFullRefusal() {
	return refuse('storage-full', 'storage_full', DOCUMENT_MESSAGES.storageFull)
}

/** A refusal of the upload form itself (before any file is kept). */
function formRefusal(error: UploadRejectedError) {
	if (error.reason === 'bad_form') return refuse('too-large', 'bad_form', DOCUMENT_MESSAGES.uploadFailed(error.fileName ?? 'the file'))
	if (error.reason === 'malformed') return refuse('invalid', 'malformed', DOCUMENT_MESSAGES.uploadFailed(error.fileName ?? 'the file'))
	if (error.reason === 'too_large') return refuse('too-large', 'too_large', DOCUMENT_MESSAGES.tooLarge(error.fileName))
	if (error.reason === 'storage_full') return storageFullRefusal()
	return refuse('invalid', 'no_file', DOCUMENT_MESSAGES.noFile)
}

/**
 * An upload request from start to end, for the upload page's form and the
 * upload API alike: a slot left under the upload limits (checked before the
 * body is read), the streamed form (one file), its other fields' text rules,
 * then storeUploadedDocument, which takes the file's slot. Every refusal is a
 * Result; unexpected failures throw.
 */
export async function acceptUpload(uploader: Uploader, request: Request): Promise<UploadOutcome> {
	const limited = await refuseWithoutUploadSlot(uploader)
	if (limited) return limited
	let received: Awaited<ReturnType<typeof receiveUpload>>
	try {
		received = await receiveUpload(request)
	} catch (error) {
		if (error instanceof UploadRejectedError) return formRefusal(error)
		throw error
	}
	if (!hasValidUploadFields(received.fields)) {
		await discardReceivedFile(received.file)
		return refuse('invalid', 'bad_field', TEXT_MESSAGES.notAllowedCharacters)
	}
	return storeUploadedDocument(uploader, received.file)
}

/** What a several-file upload made: the documents, and one line per file that was refused ('name: why'). */
export type MultiUploadOutcome = Result<{ documentIds: string[]; refusals: string[] }>

/**
 * The upload page's form without JavaScript: several files in one post, each
 * checked and stored like a single upload (storeUploadedDocument, one upload
 * slot each), one after another. A refused file (past the upload limit too)
 * does not stop the others; a form refusal (no file, a bad field, no upload
 * slot left before the body is read) refuses the whole post and keeps nothing.
 */
export async function acceptUploads(uploader: Uploader, request: Request): Promise<MultiUploadOutcome> {
	const limited = await refuseWithoutUploadSlot(uploader)
	if (limited) return limited
	let received: Awaited<ReturnType<typeof receiveUploads>>
	try {
		received = await receiveUploads(request, { maxFiles: MAX_FILES_PER_FORM_UPLOAD })
	} catch (error) {
		if (error instanceof UploadRejectedError) return formRefusal(error)
		throw error
	}
	if (!hasValidUploadFields(received.fields)) {
		await Promise.all(received.files.map(discardReceivedFile))
		return refuse('invalid', 'bad_field', TEXT_MESSAGES.notAllowedCharacters)
	}
	const documentIds: string[] = []
	const refusals = received.oversized.map(({ originalName }) => DOCUMENT_MESSAGES.tooLarge(originalName))
	for (const [index, file] of received.files.entries()) {
		try {
			const outcome = await storeUploadedDocument(uploader, file)
			if (outcome.ok) documentIds.push(outcome.documentId)
			else refusals.push(`${sanitizeFileName(file.originalName)}: ${outcome.message}`)
		} catch (error) {
			await Promise.all(received.files.slice(index + 1).map(discardReceivedFile))
			throw error
		}
	}
	return { ok: true, documentIds, refusals }
}
