import { Outlet } from '@remix-run/react'

export default function AuthLayout() {
	return (
		<div className="flex min-h-full flex-col justify-center px-6 py-12">
			<div className="sm:mx-auto sm:w-full sm:max-w-md">
				<p className="text-center text-2xl font-bold tracking-tight text-brand-700 dark:text-brand-100">Carebook</p>
			</div>
			<div className="mt-8 sm:mx-auto sm:w-full sm:max-w-md">
				<Outlet />
			</div>
		</div>
	)
}
