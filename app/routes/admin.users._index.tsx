import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link, useFormAction, useLoaderData, useSearchParams } from '@remix-run/react'
import { allOption, DataTable, FilterBar, PageHeader, Pagination, primaryLinkClassName, rowActionClassName } from '#app/components/admin/admin-table.tsx'
import { ActionButton, ConfirmAction } from '#app/components/admin/confirm-action.tsx'
import { StatusBadge } from '#app/components/admin/status-badge.tsx'
import { Badge } from '#app/components/ui/badge.tsx'
import { ConfirmPanel } from '#app/components/ui/confirm-dialog.tsx'
import { deleteUser, listOrganizationChoices, listUsers, pageOf, replyWithToast, requireAdminActor, setUserStatus } from '#server/admin/index.ts'
import { USER_LIST } from '#server/admin/shared/list-specs.ts'
import { capitalize, formatAdminDateTime } from '#server/admin/shared/format.ts'
import { readListState } from '#server/admin/shared/list-state.ts'
import { ADMIN_MESSAGES } from '#server/admin/shared/messages.ts'

const PLATFORM_ROLE_LABELS = { patient: 'Patient', admin: 'Platform admin', superadmin: 'Superadmin' } as const

export async function loader({ request }: LoaderFunctionArgs) {
	const admin = await requireAdminActor(request)
	const state = readListState(new URL(request.url).searchParams, USER_LIST)
	const [page, organizations] = await Promise.all([listUsers(state), listOrganizationChoices()])
	return { state, page, organizations, canDelete: admin.role === 'superadmin', adminId: admin.userId }
}

export async function action({ request }: ActionFunctionArgs) {
	const admin = await requireAdminActor(request)
	const form = await request.formData()
	const intent = String(form.get('intent') ?? '')
	const userId = String(form.get('userId') ?? '')
	if (intent === 'delete') {
		return replyWithToast(request, await deleteUser(admin, userId), { title: ADMIN_MESSAGES.userDeleted })
	}
	if (intent === 'activate' || intent === 'deactivate') {
		const result = await setUserStatus(admin, userId, intent)
		return replyWithToast(request, result, {
			title: ADMIN_MESSAGES.statusUpdated,
			description: result.ok ? ADMIN_MESSAGES.userStatusUpdated(capitalize(result.status)) : null,
		})
	}
	return replyWithToast(request, { ok: false, kind: 'invalid', code: 'intent', message: 'Unknown action' }, { title: '' }, pageOf(request))
}

export const meta: MetaFunction = () => [{ title: 'Users · Carebook Admin' }]

export default function AdminUsersRoute() {
	const { state, page, organizations, canDelete, adminId } = useLoaderData<typeof loader>()
	const [searchParams] = useSearchParams()
	const confirmId = searchParams.get('confirm') === 'delete' ? searchParams.get('id') : null
	const confirmUser = page.rows.find((row) => row.id === confirmId)
	const formAction = useFormAction()
	return (
		<div className="mx-auto max-w-7xl space-y-6">
			<PageHeader title="User Management">
				<Link to="/admin/users/create" className={primaryLinkClassName}>
					Create User
				</Link>
			</PageHeader>
			{confirmUser && canDelete ? (
				<ConfirmPanel
					title="Delete user"
					description={ADMIN_MESSAGES.deleteUserQuestion}
					confirmLabel="Delete"
					cancelLabel="Cancel"
					cancelHref={`?${new URLSearchParams([...searchParams].filter(([key]) => key !== 'confirm' && key !== 'id'))}`}
					action={formAction}
					intent="delete"
				>
					<input type="hidden" name="userId" value={confirmUser.id} />
				</ConfirmPanel>
			) : null}
			<FilterBar
				search={{ state, label: 'Search users' }}
				selects={[
					{
						name: 'status',
						label: 'Status',
						value: state.filters.status,
						options: [allOption(), ...USER_LIST.filters.status!.map((value) => ({ value, label: capitalize(value) }))],
					},
					{
						name: 'platformRole',
						label: 'Platform role',
						value: state.filters.platformRole,
						options: [
							allOption(),
							...USER_LIST.filters.platformRole!.map((value) => ({ value, label: PLATFORM_ROLE_LABELS[value as keyof typeof PLATFORM_ROLE_LABELS] })),
						],
					},
					{
						name: 'role',
						label: 'Organization role',
						value: state.filters.role,
						options: [allOption(), ...USER_LIST.filters.role!.map((value) => ({ value, label: capitalize(value) }))],
					},
					{
						name: 'organization',
						label: 'Organization',
						value: state.filters.organization,
						options: [allOption(), ...organizations.map((organization) => ({ value: organization.id, label: organization.name }))],
					},
				]}
			/>
			<DataTable
				state={state}
				rows={page.rows}
				rowTestId="user-row"
				emptyText={ADMIN_MESSAGES.noUsers}
				footer={<Pagination state={state} rowsOnPage={page.rows.length} total={page.total} noun="users" />}
				columns={[
					{
						label: 'Name',
						sort: 'name',
						cell: (user) => (
							<Link to={`/admin/users/${user.id}`} className="font-medium hover:underline">
								{user.name || '—'}
							</Link>
						),
					},
					{ label: 'Email', sort: 'email', cell: (user) => user.email },
					{
						label: 'Platform role',
						testId: 'platform-role',
						cell: (user) =>
							user.platformRole === 'patient' ? PLATFORM_ROLE_LABELS.patient : <Badge tone="brand">{PLATFORM_ROLE_LABELS[user.platformRole]}</Badge>,
					},
					{
						label: 'Organization role',
						testId: 'organization-role',
						cell: (user) => (user.role ? capitalize(user.role) : user.organizationKind === 'personal' ? 'Personal account' : '—'),
					},
					{ label: 'Status', cell: (user) => <StatusBadge status={user.status} /> },
					{ label: 'Organization', sort: 'tenantName', cell: (user) => user.tenantName ?? '—' },
					{ label: 'Last Login', sort: 'lastLogin', cell: (user) => formatAdminDateTime(user.lastLogin, ADMIN_MESSAGES.never) },
					{ label: 'Last Active', cell: (user) => formatAdminDateTime(user.lastActive, ADMIN_MESSAGES.never) },
				]}
				actions={(user) => (
					<>
						<Link to={`/admin/users/${user.id}`} className={rowActionClassName}>
							Edit
						</Link>
						{user.id === adminId || (!canDelete && user.platformRole !== 'patient') ? null : (
							<ActionButton
								fields={{ intent: user.status === 'active' ? 'deactivate' : 'activate', userId: user.id }}
								label={user.status === 'active' ? 'Deactivate' : 'Activate'}
								className={rowActionClassName}
							/>
						)}
						{canDelete && user.id !== adminId ? (
							<ConfirmAction
								label="Delete"
								title="Delete user"
								description={ADMIN_MESSAGES.deleteUserQuestion}
								confirmLabel="Delete"
								fields={{ intent: 'delete', userId: user.id }}
								noScriptHref={`?${new URLSearchParams([...searchParams, ['confirm', 'delete'], ['id', user.id]])}`}
								className="text-sm font-medium text-red-700 hover:underline"
							/>
						) : null}
					</>
				)}
			/>
		</div>
	)
}
