import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Form, Link, useLoaderData } from '@remix-run/react'
import { DataTable, FilterButtons, FilterSelectField, linkButtonClassName, PageHeader } from '#app/components/admin/admin-table.tsx'
import { inputClassName } from '#app/components/ui/field.tsx'
import { cn } from '#app/lib/cn.ts'
import { isSuperadmin, listOrganizationChoices, requireAdminActor } from '#server/admin/index.ts'
import { formatAdminDateTime } from '#server/admin/shared/format.ts'
import { listAuditActions, listAuditEntries } from '#server/audit/index.ts'
import { auditSearch, readAuditFilters } from '#server/audit/shared/audit-filters.ts'

export async function loader({ request }: LoaderFunctionArgs) {
	const admin = await requireAdminActor(request)
	const { before, ...filters } = readAuditFilters(new URL(request.url).searchParams)
	const includeHealthRecords = isSuperadmin(admin)
	const [page, actions, organizations] = await Promise.all([
		listAuditEntries(filters, { includeHealthRecords, before }),
		listAuditActions({ includeHealthRecords }),
		listOrganizationChoices(),
	])
	return { filters, isFirstPage: !before, page, actions, organizations, includeHealthRecords }
}

export const meta: MetaFunction = () => [{ title: 'Audit Log · Carebook Admin' }]

export default function AdminAuditRoute() {
	const { filters, isFirstPage, page, actions, organizations, includeHealthRecords } = useLoaderData<typeof loader>()
	const exportHref = `/admin/audit/download${auditSearch(filters)}`
	return (
		<div className="mx-auto max-w-7xl space-y-6">
			<PageHeader title="Audit Log">
				<a href={exportHref} className={linkButtonClassName} download>
					Export CSV
				</a>
			</PageHeader>
			<p className="text-sm text-slate-600 dark:text-slate-300">
				Who did what to which record or account, newest first. Entries hold identifiers, never record contents.
				{includeHealthRecords ? null : ' Entries about patients’ health records are shown to superadmins only.'}
			</p>
			<Form method="get" className="flex flex-wrap items-end gap-3" role="search" aria-label="Filter the audit log">
				<div className="min-w-56 flex-1">
					<label htmlFor="audit-user" className="block text-sm font-medium">
						User (email or id)
					</label>
					<input id="audit-user" name="user" type="search" defaultValue={filters.user} maxLength={254} className={cn(inputClassName, 'mt-1')} />
				</div>
				<FilterSelectField
					select={{
						name: 'organization',
						label: 'Organization',
						value: filters.organization,
						options: [{ value: '', label: 'All' }, ...organizations.map((organization) => ({ value: organization.id, label: organization.name }))],
					}}
				/>
				<FilterSelectField
					select={{
						name: 'action',
						label: 'Action',
						value: filters.action,
						options: [{ value: '', label: 'All' }, ...actions.map((action) => ({ value: action, label: action }))],
					}}
				/>
				<div>
					<label htmlFor="audit-from" className="block text-sm font-medium">
						From
					</label>
					<input id="audit-from" name="from" type="date" defaultValue={filters.from} className={cn(inputClassName, 'mt-1')} />
				</div>
				<div>
					<label htmlFor="audit-to" className="block text-sm font-medium">
						To
					</label>
					<input id="audit-to" name="to" type="date" defaultValue={filters.to} className={cn(inputClassName, 'mt-1')} />
				</div>
				<FilterButtons />
			</Form>
			<DataTable
				footer={
					<nav
						aria-label="Audit log pages"
						className="flex items-center justify-between gap-3 border-t border-slate-200 px-3 py-2 text-sm dark:border-slate-700"
					>
						<span data-testid="audit-page-summary">{page.entries.length === 1 ? '1 entry' : `${page.entries.length} entries`} on this page</span>
						<span className="flex gap-3">
							{isFirstPage ? null : (
								<Link to={auditSearch(filters) || '?'} className={linkButtonClassName}>
									Newest
								</Link>
							)}
							{page.next ? (
								<Link to={auditSearch(filters, page.next)} className={linkButtonClassName}>
									Older
								</Link>
							) : null}
						</span>
					</nav>
				}
				rows={page.entries}
				rowTestId="audit-row"
				emptyText="No audit entries match these filters."
				columns={[
					{ label: 'Time', className: 'whitespace-nowrap', cell: (entry) => formatAdminDateTime(entry.createdAt) },
					{
						label: 'User',
						cell: (entry) =>
							entry.actorUserId ? (
								<Link to={`/admin/users/${entry.actorUserId}`} className="hover:underline">
									{entry.actorEmail ?? entry.actorUserId}
								</Link>
							) : (
								'System'
							),
					},
					{ label: 'Action', className: 'font-mono text-xs', cell: (entry) => entry.action },
					{
						label: 'Target',
						className: 'text-xs',
						cell: (entry) =>
							entry.targetType ? (
								<>
									{entry.targetType} <span className="font-mono">{entry.targetId}</span>
								</>
							) : (
								'—'
							),
					},
					{ label: 'Organization', cell: (entry) => entry.organizationName ?? '—' },
					{ label: 'IP address', className: 'font-mono text-xs', cell: (entry) => entry.ipAddress ?? '—' },
				]}
			/>
		</div>
	)
}
