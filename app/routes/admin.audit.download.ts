import type { LoaderFunctionArgs } from '@remix-run/node'
import { auditAdminAction, isSuperadmin, requireAdminActor } from '#server/admin/index.ts'
import { toCsv } from '#server/admin/shared/csv.ts'
import { AUDIT_CSV_HEADER, auditCsvRow, listAuditEntries } from '#server/audit/index.ts'
import { AUDIT_EXPORT_LIMIT, readAuditFilters } from '#server/audit/shared/audit-filters.ts'

/** GET /admin/audit/download?user=&organization=&action=&from=&to=: the filtered audit log (newest first, at most AUDIT_EXPORT_LIMIT rows) as a CSV attachment; the export is itself audited. */
export async function loader({ request }: LoaderFunctionArgs) {
	const admin = await requireAdminActor(request)
	const { before: _before, ...filters } = readAuditFilters(new URL(request.url).searchParams)
	const { entries } = await listAuditEntries(filters, { includeHealthRecords: isSuperadmin(admin), limit: AUDIT_EXPORT_LIMIT })
	await auditAdminAction(admin, 'audit.export', { type: 'audit_log', id: 'export' }, { rows: entries.length, filtered: Object.values(filters).some(Boolean) })
	const today = new Date().toISOString().slice(0, 10)
	return new Response(toCsv(AUDIT_CSV_HEADER, entries.map(auditCsvRow)), {
		headers: {
			'Content-Type': 'text/csv; charset=utf-8',
			'Content-Disposition': `attachment; filename="carebook-audit-log-${today}.csv"`,
			'Cache-Control': 'no-store',
		},
	})
}
