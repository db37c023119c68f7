import { startTransition, Suspense, useEffect, useState, type ReactNode } from 'react'

/**
 * Renders `fallback` on the server and in the first browser render, then `children`
 * (a lazily loaded piece of the page) once this spot has hydrated. The lazy piece is
 * never hydrated against server HTML: a Suspense boundary that hydrates late meets
 * libraries (Headless UI's portals, the app-wide hydrated flag) that already believe
 * the page is client-rendered, and its first render then differs from the server's.
 * The switch is a transition, rendered in short slices rather than one long task.
 */
export function AfterHydration({ fallback, children }: { fallback: ReactNode; children: ReactNode }) {
	const [isHydrated, setIsHydrated] = useState(false)
	useEffect(() => startTransition(() => setIsHydrated(true)), [])
	if (!isHydrated) return <>{fallback}</>
	return <Suspense fallback={fallback}>{children}</Suspense>
}
