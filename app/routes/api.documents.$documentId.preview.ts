import type { LoaderFunctionArgs } from '@remix-run/node'
import { requirePatientApi } from '#server/auth/index.ts'
import { fileResponse, openDocumentFile } from '#server/documents/index.ts'
import { notFound } from '#server/errors/index.ts'

/** The first-page image of the owner's document. */
export async function loader({ request, params }: LoaderFunctionArgs) {
	const patient = await requirePatientApi(request)
	const file = await openDocumentFile(patient, params.documentId ?? '', 'preview', request.headers.get('range'))
	if (!file) notFound()
	return fileResponse(file)
}
