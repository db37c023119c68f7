import { useEffect, useRef, useState, useSyncExternalStore, type PointerEvent as ReactPointerEvent } from 'react'
import { cn } from '#app/lib/cn.ts'
import type { FlashToast, ToastInput, ToastTone } from '#server/notices/shared/toast.ts'

/**
 * Transient notices (spec section 9: 5 s on screen, swipe 50 px to dismiss,
 * at most 20 kept). The list lives in the browser outside React, so a
 * notice raised just before a navigation (a card's Reschedule) is still
 * shown by the next page's <Toaster />. Toasts are added, dismissed
 * (`open: false`, fading out) and then removed. On the server nothing is
 * ever added.
 *
 * One notice mechanism (docs/decisions/010-errors-and-notices.md): after a
 * redirect the server flashes a toast (redirectWithToast) that the root
 * loader hands to <Toaster flash>; after a tRPC mutation the component calls
 * toast() itself. Both end in this store.
 */

export const TOAST_DURATION_MS = 5_000
export const TOAST_LIMIT = 20
export const TOAST_SWIPE_THRESHOLD_PX = 50
/** The most toasts drawn at once (the newest); the others wait in the list and expire on their own. */
export const TOAST_VISIBLE = 3
const TOAST_REMOVE_DELAY_MS = 200

export type { ToastTone }

export type Toast = {
	id: string
	title: string
	description: string | null
	tone: ToastTone
	open: boolean
}

let toasts: Toast[] = []
let sequence = 0
/** Ids of flashed toasts already shown: a loader's revalidation hands the same one again. */
const shownIds: string[] = []
const SHOWN_IDS_KEPT = 50
const listeners = new Set<() => void>()
const timers = new Map<string, ReturnType<typeof setTimeout>>()
const EMPTY: Toast[] = []

function publish(next: Toast[]) {
	toasts = next
	for (const listener of listeners) listener()
}

function schedule(id: string, delay: number, action: () => void) {
	clearTimeout(timers.get(id))
	timers.set(id, setTimeout(action, delay))
}

/** Removes a toast from the list at once. */
export function removeToast(id: string) {
	clearTimeout(timers.get(id))
	timers.delete(id)
	publish(toasts.filter((toast) => toast.id !== id))
}

/** Closes a toast (it fades out, then is removed). */
export function dismissToast(id: string) {
	if (!toasts.some((toast) => toast.id === id && toast.open)) return
	publish(toasts.map((toast) => (toast.id === id ? { ...toast, open: false } : toast)))
	schedule(id, TOAST_REMOVE_DELAY_MS, () => removeToast(id))
}

/** Changes a shown toast's text or tone and restarts its 5 seconds. */
export function updateToast(id: string, changes: ToastInput) {
	if (!toasts.some((toast) => toast.id === id)) return
	publish(toasts.map((toast) => (toast.id === id ? { ...toast, ...changes, description: changes.description ?? toast.description } : toast)))
	schedule(id, TOAST_DURATION_MS, () => dismissToast(id))
}

/**
 * Shows a notice for 5 seconds; returns its id. Does nothing during server
 * rendering. Given an `id` (a flashed toast's), shows it only the first time.
 * A notice whose title is already on screen updates that toast instead.
 */
export function toast({ id: givenId, title, description = null, tone = 'info' }: ToastInput & { id?: string }): string {
	sequence += 1
	const id = givenId ?? `toast-${sequence}`
	if (typeof window === 'undefined') return id
	if (givenId) {
		if (shownIds.includes(givenId)) return id
		shownIds.push(givenId)
		if (shownIds.length > SHOWN_IDS_KEPT) shownIds.shift()
	}
	// The same notice from two sources at once (the flash after rescheduling and the live
	// notification of it) is one toast: the newer text replaces the older.
	const sameTitle = toasts.find((shown) => shown.open && shown.title === title)
	if (sameTitle) {
		updateToast(sameTitle.id, { title, description, tone })
		return sameTitle.id
	}
	const next = [{ id, title, description, tone, open: true }, ...toasts]
	for (const dropped of next.slice(TOAST_LIMIT)) {
		clearTimeout(timers.get(dropped.id))
		timers.delete(dropped.id)
	}
	publish(next.slice(0, TOAST_LIMIT))
	schedule(id, TOAST_DURATION_MS, () => dismissToast(id))
	return id
}

/** The toasts now shown, newest first. */
export function getToasts(): readonly Toast[] {
	return toasts
}

function subscribe(listener: () => void) {
	listeners.add(listener)
	return () => {
		listeners.delete(listener)
	}
}

export function useToasts(): Toast[] {
	return useSyncExternalStore(
		subscribe,
		() => toasts,
		() => EMPTY,
	)
}

const TONES: Record<ToastTone, string> = {
	info: 'border-slate-200 bg-white text-slate-900 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100',
	success: 'border-emerald-200 bg-emerald-50 text-emerald-900 dark:border-emerald-900 dark:bg-emerald-950 dark:text-emerald-100',
	warning: 'border-amber-200 bg-amber-50 text-amber-900 dark:border-amber-900 dark:bg-amber-950 dark:text-amber-100',
	error: 'border-red-200 bg-red-50 text-red-900 dark:border-red-900 dark:bg-red-950 dark:text-red-100',
}

function ToastItem({ toast: item }: { toast: Toast }) {
	const start = useRef<number | null>(null)
	const element = useRef<HTMLLIElement>(null)
	function onPointerDown(event: ReactPointerEvent<HTMLLIElement>) {
		if ((event.target as HTMLElement).closest('button')) return
		start.current = event.clientX
		event.currentTarget.setPointerCapture(event.pointerId)
	}
	function onPointerMove(event: ReactPointerEvent<HTMLLIElement>) {
		if (start.current === null || !element.current) return
		element.current.style.transform = `translateX(${event.clientX - start.current}px)`
	}
	function onPointerUp(event: ReactPointerEvent<HTMLLIElement>) {
		if (start.current === null) return
		const distance = event.clientX - start.current
		start.current = null
		if (element.current) element.current.style.transform = ''
		if (Math.abs(distance) >= TOAST_SWIPE_THRESHOLD_PX) dismissToast(item.id)
	}
	return (
		<li
			ref={element}
			role={item.tone === 'error' ? 'alert' : 'status'}
			aria-atomic="true"
			data-state={item.open ? 'open' : 'closed'}
			onPointerDown={onPointerDown}
			onPointerMove={onPointerMove}
			onPointerUp={onPointerUp}
			onPointerCancel={onPointerUp}
			className={cn(
				'pointer-events-auto flex w-full touch-pan-y items-start gap-3 rounded-lg border p-4 shadow-lg transition-opacity duration-200',
				item.open ? 'opacity-100' : 'opacity-0',
				TONES[item.tone],
			)}
		>
			<div className="min-w-0 flex-1">
				<p className="text-sm font-semibold">{item.title}</p>
				{item.description ? <p className="mt-1 text-sm opacity-90">{item.description}</p> : null}
			</div>
			<button
				type="button"
				onClick={() => dismissToast(item.id)}
				className="-m-1 rounded p-1 text-current opacity-60 hover:opacity-100 focus-visible:outline-2 focus-visible:outline-brand-600"
				aria-label="Dismiss notification"
			>
				<span aria-hidden>×</span>
			</button>
		</li>
	)
}

/**
 * Where toasts appear, away from the page's content where there is room: on
 * large screens in the bottom left, over the sidebar's empty lower part and
 * no wider than it (w-64), so results and cards stay uncovered; on medium
 * screens bottom right; on small screens at the top. At most TOAST_VISIBLE at
 * once, so a burst (several documents processed) does not pile up a column
 * over the page. The root renders
 * it once, with the toast the root loader read from the flash cookie: that
 * one is in the server-rendered page (so it shows without JavaScript) and,
 * once hydrated, joins the store like any other.
 */
export function Toaster({ flash = null }: { flash?: FlashToast | null }) {
	const stored = useToasts()
	const [isHydrated, setHydrated] = useState(false)
	useEffect(() => setHydrated(true), [])
	useEffect(() => {
		if (flash) toast(flash)
	}, [flash])
	// Before hydration the flashed toast is drawn from the prop; once the store holds it (its effect can run
	// before the hydration flag flips), it is drawn from the store only: never the same key twice.
	const all = !isHydrated && flash && !stored.some((item) => item.id === flash.id) ? [{ ...flash, open: true }, ...stored] : stored
	const items = all.slice(0, TOAST_VISIBLE)
	return (
		<ol
			aria-label="Notifications"
			data-testid="toaster"
			className="pointer-events-none fixed inset-x-0 top-0 z-[60] flex flex-col gap-2 p-4 sm:inset-x-auto sm:top-auto sm:right-0 sm:bottom-0 sm:w-96 sm:flex-col-reverse lg:right-auto lg:left-0 lg:w-64 lg:p-3"
		>
			{items.map((item) => (
				<ToastItem key={item.id} toast={item} />
			))}
		</ol>
	)
}
