import { startTransition, useEffect, useState } from 'react'

let hasHydrated = false

/**
 * False during the server render and the first client render, true after the
 * app has hydrated: what renders only in the browser (charts) waits for it, so
 * both renders agree. The switch is a transition: React renders what it
 * brings in short slices between the browser's own tasks, not in one long
 * task right after hydration.
 */
export function useHydrated() {
	const [isHydrated, setIsHydrated] = useState(hasHydrated)
	useEffect(() => {
		hasHydrated = true
		startTransition(() => setIsHydrated(true))
	}, [])
	return isHydrated
}
