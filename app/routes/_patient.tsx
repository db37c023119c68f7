import type { LoaderFunctionArgs } from '@remix-run/node'
import { Outlet, useLoaderData } from '@remix-run/react'
import { PatientShell } from '#app/components/patient-shell.tsx'
import { publicUser } from '#server/account/index.ts'
import { requirePatient } from '#server/auth/index.ts'

export async function loader({ request }: LoaderFunctionArgs) {
	const { user } = await requirePatient(request)
	return { user: publicUser(user) }
}

export default function PatientLayout() {
	const { user } = useLoaderData<typeof loader>()
	return (
		<PatientShell user={user}>
			<Outlet />
		</PatientShell>
	)
}
