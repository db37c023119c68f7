import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useLoaderData } from '@remix-run/react'
import { allOption, DataTable, FilterBar, PageHeader, rowActionClassName } from '#app/components/admin/admin-table.tsx'
import { ActionButton } from '#app/components/admin/confirm-action.tsx'
import { StatusBadge } from '#app/components/admin/status-badge.tsx'
import { Card } from '#app/components/ui/card.tsx'
import { getDocumentsOverview, listOrganizationChoices, replyWithToast, requireAdminActor, retryFailedDocument } from '#server/admin/index.ts'
import { DOCUMENT_STATUSES } from '#server/admin/shared/list-specs.ts'
import { capitalize, formatAdminDateTime } from '#server/admin/shared/format.ts'
import { ADMIN_MESSAGES } from '#server/admin/shared/messages.ts'

const ID = /^[0-9a-f-]{36}$/i

export async function loader({ request }: LoaderFunctionArgs) {
	await requireAdminActor(request)
	const params = new URL(request.url).searchParams
	const organization = params.get('organization') ?? ''
	const status = params.get('status') ?? ''
	const filters = {
		organizationId: ID.test(organization) ? organization : undefined,
		status: (DOCUMENT_STATUSES as readonly string[]).includes(status) ? status : undefined,
	}
	const [overview, organizations] = await Promise.all([getDocumentsOverview(filters), listOrganizationChoices()])
	return { overview, organizations, filters }
}

export async function action({ request }: ActionFunctionArgs) {
	const admin = await requireAdminActor(request)
	const form = await request.formData()
	const result = await retryFailedDocument(admin, String(form.get('organizationId') ?? ''), String(form.get('documentId') ?? ''))
	return replyWithToast(request, result, { title: ADMIN_MESSAGES.documentRequeued })
}

export const meta: MetaFunction = () => [{ title: 'Documents · Carebook Admin' }]

function kilobytes(bytes: number) {
	return bytes >= 1_000_000 ? `${(bytes / 1_000_000).toFixed(1)} MB` : `${Math.max(1, Math.round(bytes / 1000))} KB`
}

export default function AdminDocumentsRoute() {
	const { overview, organizations, filters } = useLoaderData<typeof loader>()
	const { queue, jobs, history, lastSevenDays } = overview
	return (
		<div className="mx-auto max-w-7xl space-y-6">
			<PageHeader title="Documents" />
			<p className="text-sm text-slate-600 dark:text-slate-300">
				Processing metadata only: administrators never see a document&apos;s content, extracted text or lab values.
			</p>
			<div className="grid gap-4 sm:grid-cols-4">
				<Card>
					<h2 className="text-sm font-semibold uppercase text-slate-500">Waiting</h2>
					<p className="mt-1 text-2xl font-bold" data-testid="queue-waiting">
						{queue.waiting}
					</p>
					<p className="text-xs text-slate-500">oldest {formatAdminDateTime(queue.oldestWaiting, 'none')}</p>
				</Card>
				<Card>
					<h2 className="text-sm font-semibold uppercase text-slate-500">Processing</h2>
					<p className="mt-1 text-2xl font-bold">{queue.running}</p>
				</Card>
				<Card>
					<h2 className="text-sm font-semibold uppercase text-slate-500">Failed jobs</h2>
					<p className="mt-1 text-2xl font-bold">{queue.failed}</p>
				</Card>
				<Card>
					<h2 className="text-sm font-semibold uppercase text-slate-500">Failure rate (7 days)</h2>
					<p className="mt-1 text-2xl font-bold" data-testid="failure-rate">
						{lastSevenDays.failureRatePercent}%
					</p>
					<p className="text-xs text-slate-500">
						{lastSevenDays.failed} failed of {lastSevenDays.processed + lastSevenDays.failed}
					</p>
				</Card>
			</div>
			<section className="space-y-2">
				<h2 className="font-semibold">Queue</h2>
				<DataTable
					rows={jobs}
					emptyText="The queue is empty."
					columns={[
						{ label: 'Organization', cell: (job) => job.organizationName ?? '—' },
						{ label: 'Document', className: 'font-mono text-xs', cell: (job) => job.documentId?.slice(0, 8) ?? '—' },
						{ label: 'State', cell: (job) => (job.lockedAt ? 'Running' : job.attempts >= job.maxAttempts ? 'Failed' : 'Waiting') },
						{ label: 'Attempts', cell: (job) => `${job.attempts} / ${job.maxAttempts}` },
						{ label: 'Run at', cell: (job) => formatAdminDateTime(job.runAt) },
						{ label: 'Last error', className: 'font-mono text-xs', cell: (job) => job.lastError ?? '—' },
					]}
				/>
			</section>
			<section className="space-y-2">
				<h2 className="font-semibold">History</h2>
				<FilterBar
					selects={[
						{
							name: 'organization',
							label: 'Organization',
							value: filters.organizationId ?? 'all',
							options: [allOption(), ...organizations.map((organization) => ({ value: organization.id, label: organization.name }))],
						},
						{
							name: 'status',
							label: 'Status',
							value: filters.status ?? 'all',
							options: [allOption(), ...DOCUMENT_STATUSES.map((status) => ({ value: status, label: capitalize(status) }))],
						},
					]}
				/>
				<DataTable
					rows={history}
					rowTestId="document-row"
					emptyText="No documents yet."
					columns={[
						{ label: 'Uploaded', cell: (document) => formatAdminDateTime(document.uploadedAt) },
						{ label: 'Organization', cell: (document) => document.organizationName ?? '—' },
						{ label: 'Status', cell: (document) => <StatusBadge status={document.status} /> },
						{ label: 'Type', cell: (document) => capitalize(document.documentType) },
						{ label: 'File', cell: (document) => document.fileKind.toUpperCase() },
						{ label: 'Size', cell: (document) => kilobytes(document.sizeBytes) },
						{ label: 'Duration', cell: (document) => (document.durationMs === null ? '—' : `${(document.durationMs / 1000).toFixed(1)} s`) },
						{ label: 'Error', className: 'font-mono text-xs', cell: (document) => document.failureReason ?? '—' },
					]}
					actions={(document) =>
						document.status === 'failed' && document.failureReason === 'processing_error' ? (
							<ActionButton fields={{ organizationId: document.organizationId, documentId: document.id }} label="Retry" className={rowActionClassName} />
						) : null
					}
				/>
			</section>
		</div>
	)
}
