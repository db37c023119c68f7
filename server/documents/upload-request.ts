import { TEXT_MESSAGES } from '#server/validation/shared/text.ts'
import { DOCUMENT_MESSAGES } from './shared/messages.ts'
import { discardReceivedFile, hasValidUploadFields, receiveUpload, UploadRejectedError } from './receive-upload.ts'
import { storeUploadedDocument, type Uploader } from './upload.ts'

export type UploadRequestOutcome =
	| { ok: true; documentId: string }
	| { ok: false; status: number; reason: string; message: string }

/**
 * One upload request, start to end (spec 7.1 POST /documents/upload-and-process):
 * the multipart file streamed to disk, its other fields checked by the text
 * rules, then stored and queued. Refusals carry their status and the
 * spec's message; the browser's upload route and the REST API answer them
 * each in their own shape. Unexpected errors are thrown.
 */
export async function acceptUploadRequest(uploader: Uploader, request: Request): Promise<UploadRequestOutcome> {
	try {
		const { file, fields } = await receiveUpload(request)
		if (!hasValidUploadFields(fields)) {
			await discardReceivedFile(file)
			return { ok: false, status: 400, reason: 'bad_field', message: TEXT_MESSAGES.notAllowedCharacters }
		}
		return await storeUploadedDocument(uploader, file)
	} catch (error) {
		if (!(error instanceof UploadRejectedError)) throw error
		if (error.reason === 'bad_form') return { ok: false, status: 413, reason: 'bad_form', message: DOCUMENT_MESSAGES.uploadFailed(error.fileName ?? 'the file') }
		if (error.reason === 'too_large') return { ok: false, status: 413, reason: 'too_large', message: DOCUMENT_MESSAGES.tooLarge(error.fileName) }
		return { ok: false, status: 400, reason: 'no_file', message: DOCUMENT_MESSAGES.noFile }
	}
}
