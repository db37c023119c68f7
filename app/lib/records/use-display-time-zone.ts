import { useEffect, useState } from 'react'
import { resolvePatientTimeZone } from '#server/time/shared/zoned-time.ts'

/**
 * The zone to show times in: the patient's stored zone, else the browser's
 * once hydrated (the server renders UTC until then, so both renders agree).
 */
export function useDisplayTimeZone(storedTimeZone: string | null | undefined) {
	const [browserTimeZone, setBrowserTimeZone] = useState<string | null>(null)
	useEffect(() => {
		if (storedTimeZone) return
		setBrowserTimeZone(Intl.DateTimeFormat().resolvedOptions().timeZone ?? null)
	}, [storedTimeZone])
	return resolvePatientTimeZone(storedTimeZone, browserTimeZone)
}
