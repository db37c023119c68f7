import type { ActionFunctionArgs } from '@remix-run/node'
import { requirePatientApi } from '#server/auth/index.ts'
import { acceptUpload } from '#server/documents/index.ts'
import { refusalStatus } from '#server/errors/index.ts'
import { describeError, logger } from '#server/logger.ts'

/** spec 7.1 POST /documents/upload-and-process: one file per request, so the page can show each file's progress. */
export async function action({ request, context }: ActionFunctionArgs) {
	const patient = await requirePatientApi(request)
	try {
		const outcome = await acceptUpload(patient, request)
		if (!outcome.ok) return Response.json({ error: outcome.code, message: outcome.message }, { status: refusalStatus(outcome) })
		return Response.json({ documentId: outcome.documentId }, { status: 201 })
	} catch (error) {
		logger.error('documents.upload_failed', { requestId: context.requestId, ...describeError(error) })
		return Response.json({ error: 'upload_failed', message: 'Upload failed. Please try again.' }, { status: 500 })
	}
}

export async function loader() {
	return new Response('Method Not Allowed', { status: 405 })
}
