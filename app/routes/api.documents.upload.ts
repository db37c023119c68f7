import type { ActionFunctionArgs } from '@remix-run/node'
import { requirePatientApi } from '#server/auth/index.ts'
import { TEXT_MESSAGES } from '#server/validation/shared/text.ts'
import {
	discardReceivedFile,
	DOCUMENT_MESSAGES,
	hasValidUploadFields,
	receiveUpload,
	storeUploadedDocument,
	UploadRejectedError,
} from '#server/documents/index.ts'
import { describeError, logger } from '#server/logger.ts'

/** spec 7.1 POST /documents/upload-and-process: one file per request, so the page can show each file's progress. */
export async function action({ request, context }: ActionFunctionArgs) {
	const patient = await requirePatientApi(request)
	try {
		const { file, fields } = await receiveUpload(request)
		if (!hasValidUploadFields(fields)) {
			await discardReceivedFile(file)
			return Response.json({ error: 'bad_field', message: TEXT_MESSAGES.notAllowedCharacters }, { status: 400 })
		}
		const outcome = await storeUploadedDocument(patient, file)
		if (!outcome.ok) {
			return Response.json({ error: outcome.reason, message: outcome.message }, { status: outcome.status })
		}
		return Response.json({ documentId: outcome.documentId }, { status: 201 })
	} catch (error) {
		if (error instanceof UploadRejectedError) {
			if (error.reason === 'bad_form') {
				const message = DOCUMENT_MESSAGES.uploadFailed(error.fileName ?? 'the file')
				return Response.json({ error: 'bad_form', message }, { status: 413 })
			}
			return error.reason === 'too_large'
				? Response.json({ error: 'too_large', message: DOCUMENT_MESSAGES.tooLarge(error.fileName) }, { status: 413 })
				: Response.json({ error: 'no_file', message: DOCUMENT_MESSAGES.noFile }, { status: 400 })
		}
		logger.error('documents.upload_failed', { requestId: context.requestId, ...describeError(error) })
		return Response.json({ error: 'upload_failed', message: 'Upload failed. Please try again.' }, { status: 500 })
	}
}

export async function loader() {
	return new Response('Method Not Allowed', { status: 405 })
}
