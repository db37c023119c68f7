import type { ReactNode } from 'react'
import { cn } from '#app/lib/cn.ts'

const TONES = {
	error: 'border-red-200 bg-red-50 text-red-800 dark:border-red-900 dark:bg-red-950 dark:text-red-200',
	info: 'border-sky-200 bg-sky-50 text-sky-800 dark:border-sky-900 dark:bg-sky-950 dark:text-sky-200',
	success: 'border-emerald-200 bg-emerald-50 text-emerald-800 dark:border-emerald-900 dark:bg-emerald-950 dark:text-emerald-200',
	warning: 'border-amber-200 bg-amber-50 text-amber-800 dark:border-amber-900 dark:bg-amber-950 dark:text-amber-200',
} as const

export function Alert({
	tone = 'error',
	title,
	children,
	id,
	className,
}: {
	tone?: keyof typeof TONES
	title?: string
	children: ReactNode
	id?: string
	className?: string
}) {
	return (
		<div id={id} role={tone === 'error' ? 'alert' : 'status'} className={cn('rounded-md border px-4 py-3 text-sm', TONES[tone], className)}>
			{title ? <p className="font-semibold">{title}</p> : null}
			<div>{children}</div>
		</div>
	)
}
