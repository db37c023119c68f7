import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import { DataTable, linkButtonClassName, PageHeader, primaryLinkClassName, rowActionClassName } from '#app/components/admin/admin-table.tsx'
import { StatusBadge } from '#app/components/admin/status-badge.tsx'
import { getAdminOrganization, requireAdminActor } from '#server/admin/index.ts'
import { capitalize, formatAdminDateTime } from '#server/admin/shared/format.ts'
import { ADMIN_MESSAGES } from '#server/admin/shared/messages.ts'
import { notFound } from '#server/errors/index.ts'

export async function loader({ request, params }: LoaderFunctionArgs) {
	await requireAdminActor(request)
	const detail = await getAdminOrganization(params.tenantId ?? '')
	if (!detail) notFound(ADMIN_MESSAGES.organizationNotFound)
	return { organization: detail.organization, members: detail.members, maxUsers: detail.maxUsers }
}

export const meta: MetaFunction = () => [{ title: 'Organization users · Carebook Admin' }]

export default function OrganizationUsersRoute() {
	const { organization, members, maxUsers } = useLoaderData<typeof loader>()
	return (
		<div className="mx-auto max-w-5xl space-y-6">
			<PageHeader title={`Users of ${organization.name}`}>
				<Link to={`/admin/tenants/${organization.id}`} className={linkButtonClassName}>
					Back to Organization
				</Link>
				{members.length < maxUsers ? (
					<Link to={`/admin/users/create?organization=${organization.id}`} className={primaryLinkClassName}>
						Add User
					</Link>
				) : null}
			</PageHeader>
			<p className="text-sm">
				{members.length} of {maxUsers} users allowed by the plan.
			</p>
			<DataTable
				rows={members}
				emptyText="No users in this organization yet."
				columns={[
					{ label: 'Name', cell: (member) => member.name || '—' },
					{ label: 'Email', cell: (member) => member.email },
					{ label: 'Role', cell: (member) => capitalize(member.role) },
					{ label: 'Status', cell: (member) => <StatusBadge status={member.status} /> },
					{ label: 'Last Login', cell: (member) => formatAdminDateTime(member.lastLoginAt, ADMIN_MESSAGES.never) },
				]}
				actions={(member) => (
					<Link to={`/admin/users/${member.id}`} className={rowActionClassName}>
						Edit
					</Link>
				)}
			/>
		</div>
	)
}
