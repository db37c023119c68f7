import { Link, useNavigate } from '@remix-run/react'
import { ChevronLeftIcon } from './icons.tsx'

/** Goes to the previous page (spec: the back button); without JavaScript or history, to `fallback`. */
export function BackLink({ fallback, label }: { fallback: string; label: string }) {
	const navigate = useNavigate()
	return (
		<Link
			to={fallback}
			onClick={(event) => {
				if (window.history.length > 1 && window.history.state?.idx > 0) {
					event.preventDefault()
					navigate(-1)
				}
			}}
			className="inline-flex items-center gap-1 text-sm font-semibold text-slate-600 hover:text-slate-900 dark:text-slate-300 dark:hover:text-white"
		>
			<ChevronLeftIcon /> {label}
		</Link>
	)
}
