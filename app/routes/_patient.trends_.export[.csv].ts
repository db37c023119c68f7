import type { LoaderFunctionArgs } from '@remix-run/node'
import { requirePatient } from '#server/auth/index.ts'
import { getTrendsExport, patientToday, trendsCsv, trendsCsvFilename } from '#server/health/index.ts'
import { parseTrendsState } from '#server/health/shared/trends-url.ts'

/** GET /trends/export.csv?range=&metric=: the values /trends has in view, as a CSV attachment (audited). */
export async function loader({ request }: LoaderFunctionArgs) {
	const patient = await requirePatient(request)
	const { range, metric } = parseTrendsState(new URL(request.url).searchParams)
	const today = patientToday(patient.user.timeZone)
	const { rows } = await getTrendsExport(patient, { range, metric, today, format: 'csv' })
	return new Response(trendsCsv(rows), {
		headers: {
			'Content-Type': 'text/csv; charset=utf-8',
			'Content-Disposition': `attachment; filename="${trendsCsvFilename(today)}"`,
			'Cache-Control': 'no-store',
		},
	})
}
