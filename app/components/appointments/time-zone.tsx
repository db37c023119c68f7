import { useEffect, useState } from 'react'

/** The browser's IANA zone after hydration (null on the server and without JavaScript). */
export function useBrowserTimeZone(): string | null {
	const [timeZone, setTimeZone] = useState<string | null>(null)
	useEffect(() => {
		try {
			setTimeZone(Intl.DateTimeFormat().resolvedOptions().timeZone || null)
		} catch {
			setTimeZone(null)
		}
	}, [])
	return timeZone
}
