import type { LoaderFunctionArgs } from '@remix-run/node'
import { fileResponse } from '#server/documents/index.ts'
import { notFound } from '#server/errors/index.ts'
import { openSharedFile, visitorOf } from '#server/sharing/index.ts'
import { SHARE_MESSAGES } from '#server/sharing/shared/messages.ts'

/**
 * A shared document's file through the link (`/shared/<token>/files/<id>`):
 * only a document of that share, only with the passcode given when the link
 * has one; `?download=1` saves it instead of showing it. Anything else: 404.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
	const file = await openSharedFile(params.token, params.documentId ?? '', await visitorOf(request), { rangeHeader: request.headers.get('range') })
	if (!file) notFound(SHARE_MESSAGES.unavailable)
	const download = new URL(request.url).searchParams.get('download') === '1'
	return fileResponse(file, { download })
}
