import { Link } from '@remix-run/react'

/** The links to an organization's settings, users and security pages, in the list's rows and on its page. */
export function OrganizationLinks({ organizationId, className }: { organizationId: string; className: string }) {
	return (
		<>
			<Link to={`/admin/tenants/${organizationId}/edit`} className={className}>
				Edit Settings
			</Link>
			<Link to={`/admin/tenants/${organizationId}/users`} className={className}>
				Manage Users
			</Link>
			<Link to={`/admin/tenants/${organizationId}/security`} className={className}>
				Security Settings
			</Link>
		</>
	)
}
