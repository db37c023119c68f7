import type { LoaderFunctionArgs } from '@remix-run/node'
import { Outlet, useLoaderData } from '@remix-run/react'
import { PatientShell } from '#app/components/patient-shell.tsx'
import { publicUser } from '#server/account/index.ts'
import { requirePatient } from '#server/auth/index.ts'
import { getNotificationOverview } from '#server/notifications/index.ts'
import { DROPDOWN_SIZE } from '#server/notifications/shared/notification.ts'

export async function loader({ request }: LoaderFunctionArgs) {
	const patient = await requirePatient(request)
	// The bell's first render (badge and latest items); the client keeps it fresh from there.
	const notifications = await getNotificationOverview(patient, { filter: 'all', limit: DROPDOWN_SIZE })
	return { user: publicUser(patient.user), notifications }
}

export default function PatientLayout() {
	const { user, notifications } = useLoaderData<typeof loader>()
	return (
		<PatientShell user={user} notifications={notifications}>
			<Outlet />
		</PatientShell>
	)
}
