import type { LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Link, useLoaderData } from '@remix-run/react'
import {
	cellClassName,
	EmptyRow,
	PageHeader,
	PlainHeader,
	DataTable,
	linkButtonClassName,
	primaryLinkClassName,
	rowActionClassName,
} from '#app/components/admin/admin-table.tsx'
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
				head={
					<>
						<PlainHeader>Name</PlainHeader>
						<PlainHeader>Email</PlainHeader>
						<PlainHeader>Role</PlainHeader>
						<PlainHeader>Status</PlainHeader>
						<PlainHeader>Last Login</PlainHeader>
						<PlainHeader>Actions</PlainHeader>
					</>
				}
			>
				{members.length === 0 ? <EmptyRow colSpan={6} text="No users in this organization yet." /> : null}
				{members.map((member) => (
					<tr key={member.id}>
						<td className={cellClassName}>{member.name || '—'}</td>
						<td className={cellClassName}>{member.email}</td>
						<td className={cellClassName}>{capitalize(member.role)}</td>
						<td className={cellClassName}>
							<StatusBadge status={member.status} />
						</td>
						<td className={cellClassName}>{formatAdminDateTime(member.lastLoginAt, ADMIN_MESSAGES.never)}</td>
						<td className={cellClassName}>
							<Link to={`/admin/users/${member.id}`} className={rowActionClassName}>
								Edit
							</Link>
						</td>
					</tr>
				))}
			</DataTable>
		</div>
	)
}
