import { forwardRef, type ButtonHTMLAttributes } from 'react'
import { cn } from '#app/lib/cn.ts'
import { Spinner } from './spinner.tsx'

const VARIANTS = {
	primary: 'bg-brand-600 text-white hover:bg-brand-700 focus-visible:outline-brand-600',
	secondary:
		'bg-white text-slate-800 ring-1 ring-inset ring-slate-300 hover:bg-slate-50 focus-visible:outline-brand-600 dark:bg-slate-800 dark:text-slate-100 dark:ring-slate-600',
	ghost: 'text-slate-700 hover:bg-slate-100 dark:text-slate-200 dark:hover:bg-slate-800',
	destructive: 'bg-red-600 text-white hover:bg-red-700 focus-visible:outline-red-600',
} as const

/** `narrow` and `small` for buttons in a row or a toolbar, `icon` for a square one around an icon. */
const SIZES = {
	medium: 'px-4 py-2',
	narrow: 'px-3 py-2',
	small: 'px-3 py-1.5',
	icon: 'h-9 w-9',
} as const

const BASE =
	'inline-flex items-center justify-center gap-2 rounded-md text-sm font-semibold shadow-sm transition focus-visible:outline-2 focus-visible:outline-offset-2 disabled:cursor-not-allowed disabled:opacity-60'

export type ButtonVariant = keyof typeof VARIANTS
export type ButtonSize = keyof typeof SIZES

/**
 * The classes of a button of `variant` and `size`, for an element that looks like one (a link, a
 * file picker's label, a menu's summary). `className` adds layout only (position, margins): the
 * colours and padding come from the variant and the size.
 */
export function buttonClassName(variant: ButtonVariant = 'primary', className?: string, size: ButtonSize = 'medium'): string {
	return cn(BASE, SIZES[size], VARIANTS[variant], className)
}

export type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
	variant?: ButtonVariant
	size?: ButtonSize
	isPending?: boolean
}

export const Button = forwardRef<HTMLButtonElement, ButtonProps>(function Button(
	{ variant = 'primary', size = 'medium', isPending = false, className, children, disabled, type = 'button', ...props },
	ref,
) {
	return (
		<button ref={ref} type={type} disabled={disabled || isPending} className={buttonClassName(variant, className, size)} {...props}>
			{isPending ? <Spinner /> : null}
			{children}
		</button>
	)
})
