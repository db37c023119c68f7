import { Outlet } from '@remix-run/react'
import { NoticeFromUrl } from '#app/components/appointments/notice-from-url.tsx'

/** Every /appointments screen: the notice named by `?notice=` (toasts are the shell's). */
export default function AppointmentsLayout() {
	return (
		<>
			<div className="mx-auto max-w-5xl">
				<NoticeFromUrl />
			</div>
			<Outlet />
		</>
	)
}
