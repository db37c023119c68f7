import type { LoaderFunctionArgs } from '@remix-run/node'
import { openDataExport } from '#server/exports/index.ts'
import { requirePatient } from '#server/auth/index.ts'
import { fileResponseHeaders } from '#server/documents/index.ts'
import { notFound } from '#server/errors/index.ts'

/** A data export's zip: its owner only, signed in, until it expires (else the not-found page). */
export async function loader({ request, params }: LoaderFunctionArgs) {
	const patient = await requirePatient(request)
	const file = await openDataExport(patient, params.exportId ?? '')
	if (!file) notFound()
	const headers = fileResponseHeaders({ mimeType: 'application/zip', fileName: file.fileName, fileKind: 'zip', size: file.size })
	return new Response(file.body, { headers: { ...headers, 'Content-Disposition': `attachment; filename="${file.fileName}"` } })
}
