import { useEffect, useState } from 'react'

let hasHydrated = false

/**
 * False during the server render and the first client render, true after the
 * app has hydrated: what renders only in the browser (charts) waits for it, so
 * both renders agree.
 */
export function useHydrated() {
	const [isHydrated, setIsHydrated] = useState(hasHydrated)
	useEffect(() => {
		hasHydrated = true
		setIsHydrated(true)
	}, [])
	return isHydrated
}
