import type { LoaderFunctionArgs } from '@remix-run/node'
import { Outlet, useLoaderData } from '@remix-run/react'
import { AdminShell } from '#app/components/admin-shell.tsx'
import { requireAdmin } from '#server/auth/index.ts'

export async function loader({ request }: LoaderFunctionArgs) {
	const { user } = await requireAdmin(request)
	return { admin: { name: user.name, email: user.email, role: user.role as 'admin' | 'superadmin' } }
}

export default function AdminLayout() {
	const { admin } = useLoaderData<typeof loader>()
	return (
		<AdminShell admin={admin}>
			<Outlet />
		</AdminShell>
	)
}
