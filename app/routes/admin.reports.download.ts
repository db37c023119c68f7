import type { LoaderFunctionArgs } from '@remix-run/node'
import { auditAdminAction, buildReport, isReportKind, requireAdminActor } from '#server/admin/index.ts'
import { readReportRange } from '#server/admin/shared/report-range.ts'

/** GET /admin/reports/download?report=users&from=YYYY-MM-DD&to=YYYY-MM-DD: the report as a CSV attachment (audited). */
export async function loader({ request }: LoaderFunctionArgs) {
	const admin = await requireAdminActor(request)
	const params = new URL(request.url).searchParams
	const kind = params.get('report') ?? ''
	if (!isReportKind(kind)) throw new Response('Unknown report', { status: 400, headers: { 'Content-Type': 'text/plain; charset=utf-8' } })
	const range = readReportRange(params)
	const csv = await buildReport(kind, range.fromInstant, range.toInstant)
	await auditAdminAction(admin, 'report.download', { type: 'report', id: kind }, { from: range.from, to: range.to })
	return new Response(csv, {
		headers: {
			'Content-Type': 'text/csv; charset=utf-8',
			'Content-Disposition': `attachment; filename="carebook-${kind}-${range.from}-to-${range.to}.csv"`,
			'Cache-Control': 'no-store',
		},
	})
}
