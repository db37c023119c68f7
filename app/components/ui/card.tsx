import type { HTMLAttributes } from 'react'
import { cn } from '#app/lib/cn.ts'

export function Card({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
	return <div className={cn('rounded-lg border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-700 dark:bg-slate-900', className)} {...props} />
}
