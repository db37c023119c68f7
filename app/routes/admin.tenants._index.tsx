import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import {
	allOption,
	cellClassName,
	EmptyRow,
	FilterBar,
	PageHeader,
	Pagination,
	PlainHeader,
	primaryLinkClassName,
	rowActionClassName,
	SortHeader,
	DataTable,
} from '#app/components/admin/admin-table.tsx'
import { StorageBar } from '#app/components/admin/bars.tsx'
import { ActionButton } from '#app/components/admin/confirm-action.tsx'
import { StatusBadge } from '#app/components/admin/status-badge.tsx'
import { listOrganizations, replyWithToast, requireAdminActor, setOrganizationStatus } from '#server/admin/index.ts'
import { ORGANIZATION_LIST } from '#server/admin/shared/list-specs.ts'
import { capitalize, formatAdminDateTime } from '#server/admin/shared/format.ts'
import { readListState } from '#server/admin/shared/list-state.ts'
import { ADMIN_MESSAGES } from '#server/admin/shared/messages.ts'

export async function loader({ request }: LoaderFunctionArgs) {
	const admin = await requireAdminActor(request)
	const state = readListState(new URL(request.url).searchParams, ORGANIZATION_LIST)
	return { state, page: await listOrganizations(state), canDelete: admin.role === 'superadmin' }
}

export async function action({ request }: ActionFunctionArgs) {
	const admin = await requireAdminActor(request)
	const form = await request.formData()
	const intent = String(form.get('intent') ?? '')
	const organizationId = String(form.get('organizationId') ?? '')
	const result = await setOrganizationStatus(admin, organizationId, intent === 'activate' ? 'activate' : 'deactivate')
	return replyWithToast(request, result, {
		title: ADMIN_MESSAGES.statusUpdated,
		description: result.ok ? ADMIN_MESSAGES.organizationStatusUpdated(capitalize(result.status)) : null,
	})
}

export const meta: MetaFunction = () => [{ title: 'Organizations · Carebook Admin' }]

export default function AdminTenantsRoute() {
	const { state, page, canDelete } = useLoaderData<typeof loader>()
	return (
		<div className="mx-auto max-w-7xl space-y-6">
			<PageHeader title="Organization Management">
				<Link to="/admin/tenants/create" className={primaryLinkClassName}>
					Add New Organization
				</Link>
			</PageHeader>
			<p className="text-sm text-slate-600 dark:text-slate-300">Data is isolated by a shared database with a separate schema per organization.</p>
			<FilterBar
				search={{ state, label: 'Search by name, domain or contact email' }}
				selects={[
					{
						name: 'status',
						label: 'Status',
						value: state.filters.status,
						options: [allOption(), ...ORGANIZATION_LIST.filters.status!.map((value) => ({ value, label: capitalize(value) }))],
					},
					{
						name: 'subscription',
						label: 'Subscription',
						value: state.filters.subscription,
						options: [allOption(), ...ORGANIZATION_LIST.filters.subscription!.map((value) => ({ value, label: capitalize(value) }))],
					},
				]}
			/>
			<DataTable
				footer={<Pagination state={state} rowsOnPage={page.rows.length} total={page.total} noun="organizations" />}
				head={
					<>
						<SortHeader state={state} column="name">
							Organization
						</SortHeader>
						<PlainHeader>Status</PlainHeader>
						<PlainHeader>Subscription</PlainHeader>
						<PlainHeader>Users</PlainHeader>
						<PlainHeader>Storage</PlainHeader>
						<SortHeader state={state} column="lastActive">
							Last Active
						</SortHeader>
						<PlainHeader>Actions</PlainHeader>
					</>
				}
			>
				{page.rows.length === 0 ? <EmptyRow colSpan={7} text={ADMIN_MESSAGES.noOrganizations} /> : null}
				{page.rows.map((organization) => (
					<tr key={organization.id} data-testid="organization-row">
						<td className={cellClassName}>
							<Link to={`/admin/tenants/${organization.id}`} className="font-medium hover:underline">
								{organization.name}
							</Link>
							<p className="text-xs text-slate-500">{organization.domain ?? (organization.kind === 'personal' ? 'Personal' : '—')}</p>
						</td>
						<td className={cellClassName}>
							<StatusBadge status={organization.status} />
						</td>
						<td className={cellClassName}>{organization.plan ? capitalize(organization.plan) : '—'}</td>
						<td className={cellClassName}>{organization.usersCount}</td>
						<td className={cellClassName}>
							<StorageBar usedMb={organization.storageUsedMb} limitMb={organization.storageLimitMb} />
						</td>
						<td className={cellClassName}>{formatAdminDateTime(organization.lastActive, ADMIN_MESSAGES.never)}</td>
						<td className={`${cellClassName} whitespace-nowrap`}>
							<span className="flex flex-wrap items-center gap-3">
								<Link to={`/admin/tenants/${organization.id}`} className={rowActionClassName}>
									View Details
								</Link>
								<Link to={`/admin/tenants/${organization.id}/edit`} className={rowActionClassName}>
									Edit Settings
								</Link>
								<Link to={`/admin/tenants/${organization.id}/users`} className={rowActionClassName}>
									Manage Users
								</Link>
								<Link to={`/admin/tenants/${organization.id}/security`} className={rowActionClassName}>
									Security Settings
								</Link>
								{organization.status === 'active' ? (
									<ActionButton fields={{ intent: 'deactivate', organizationId: organization.id }} label="Deactivate" className={rowActionClassName} />
								) : (
									<ActionButton fields={{ intent: 'activate', organizationId: organization.id }} label="Activate" className={rowActionClassName} />
								)}
								{canDelete ? (
									<Link to={`/admin/tenants/${organization.id}?confirm=delete`} className="text-sm font-medium text-red-700 hover:underline">
										Delete Organization
									</Link>
								) : null}
							</span>
						</td>
					</tr>
				))}
			</DataTable>
		</div>
	)
}
