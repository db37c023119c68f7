import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { allOption, DataTable, FilterBar, PageHeader, Pagination, primaryLinkClassName, rowActionClassName } from '#app/components/admin/admin-table.tsx'
import { StorageBar } from '#app/components/admin/bars.tsx'
import { OrganizationLinks } from '#app/components/admin/organization-links.tsx'
import { ActionButton } from '#app/components/admin/confirm-action.tsx'
import { StatusBadge } from '#app/components/admin/status-badge.tsx'
import { listOrganizations, replyWithToast, requireAdminActor, setOrganizationStatus } from '#server/admin/index.ts'
import { ORGANIZATION_LIST } from '#server/admin/shared/list-specs.ts'
import { capitalize, formatAdminDateTime } from '#server/admin/shared/format.ts'
import { readListState } from '#server/admin/shared/list-state.ts'
import { ADMIN_MESSAGES } from '#server/admin/shared/messages.ts'
import { STATUS_LABELS } from '#server/billing/shared/messages.ts'

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
				state={state}
				rows={page.rows}
				rowTestId="organization-row"
				emptyText={ADMIN_MESSAGES.noOrganizations}
				footer={<Pagination state={state} rowsOnPage={page.rows.length} total={page.total} noun="organizations" />}
				columns={[
					{
						label: 'Organization',
						sort: 'name',
						cell: (organization) => (
							<>
								<Link to={`/admin/tenants/${organization.id}`} className="font-medium hover:underline">
									{organization.name}
								</Link>
								<p className="text-xs text-slate-500">{organization.domain ?? (organization.kind === 'personal' ? 'Personal' : '—')}</p>
							</>
						),
					},
					{
						label: 'Status',
						cell: (organization) => (
							<span data-testid="organization-status">
								<StatusBadge status={organization.status} />
							</span>
						),
					},
					{
						label: 'Subscription',
						cell: (organization) =>
							organization.plan ? (
								<span data-testid="organization-subscription">
									{capitalize(organization.plan)}
									{organization.subscriptionStatus ? ` · ${STATUS_LABELS[organization.subscriptionStatus]}` : ''}
								</span>
							) : (
								'—'
							),
					},
					{ label: 'Users', cell: (organization) => organization.usersCount },
					{ label: 'Storage', cell: (organization) => <StorageBar usedMb={organization.storageUsedMb} limitMb={organization.storageLimitMb} /> },
					{ label: 'Last Active', sort: 'lastActive', cell: (organization) => formatAdminDateTime(organization.lastActive, ADMIN_MESSAGES.never) },
				]}
				actions={(organization) => (
					<>
						<Link to={`/admin/tenants/${organization.id}`} className={rowActionClassName}>
							View Details
						</Link>
						<OrganizationLinks organizationId={organization.id} className={rowActionClassName} />
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
					</>
				)}
			/>
		</div>
	)
}
