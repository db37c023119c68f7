import { useEffect, useState } from 'react'

/** The browser's IANA zone (in the browser only: the server's zone is not the patient's). */
export function readBrowserTimeZone(): string | null {
	try {
		return Intl.DateTimeFormat().resolvedOptions().timeZone || null
	} catch {
		return null
	}
}

/** The browser's IANA zone after hydration (null on the server and without JavaScript). */
export function useBrowserTimeZone(): string | null {
	const [timeZone, setTimeZone] = useState<string | null>(null)
	useEffect(() => setTimeZone(readBrowserTimeZone()), [])
	return timeZone
}
