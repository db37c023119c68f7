import type { LoaderFunctionArgs } from '@remix-run/node'
import { requirePatientApi } from '#server/auth/index.ts'
import { DOCUMENT_MESSAGES, fileResponse, isDocumentLinkValid, openDocumentFile } from '#server/documents/index.ts'
import { notFound } from '#server/errors/index.ts'

/** The original file, through a short-lived signed link that also needs the owner's session. */
export async function loader({ request, params }: LoaderFunctionArgs) {
	const patient = await requirePatientApi(request)
	const documentId = params.documentId ?? ''
	const url = new URL(request.url)
	const isValid = isDocumentLinkValid({
		documentId,
		userId: patient.userId,
		expires: url.searchParams.get('expires'),
		sig: url.searchParams.get('sig'),
	})
	if (!isValid) return new Response('This download link has expired. Open the document again.', { status: 403 })
	const file = await openDocumentFile(patient, documentId, 'original', request.headers.get('range'))
	if (!file) notFound(DOCUMENT_MESSAGES.notFoundTitle)
	return fileResponse(file)
}
