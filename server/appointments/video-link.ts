/**
 * The Join button's external video-meeting address, built from a configured
 * base URL and the appointment id (spec section 2.9).
 *
 * The base is either a prefix ('https://meet.example.com/carebook', the id
 * becomes the last path segment, query kept) or a template containing
 * '{id}' ('https://meet.jit.si/carebook-{id}'). The id is URL-encoded. Only
 * http(s) bases are accepted. Appointment ids are random UUIDs, so the
 * address is not guessable from another appointment's.
 */

const ID_PLACEHOLDER = '{id}'

export function isValidVideoBaseUrl(baseUrl: string): boolean {
	try {
		const url = new URL(baseUrl.replace(ID_PLACEHOLDER, 'id'))
		return url.protocol === 'https:' || url.protocol === 'http:'
	} catch {
		return false
	}
}

export function buildVideoJoinUrl(baseUrl: string, appointmentId: string): string {
	if (!isValidVideoBaseUrl(baseUrl)) throw new TypeError('The video base URL must be an http(s) URL')
	if (appointmentId.trim() === '') throw new TypeError('An appointment id is required')
	const encodedId = encodeURIComponent(appointmentId)
	if (baseUrl.includes(ID_PLACEHOLDER)) {
		return new URL(baseUrl.split(ID_PLACEHOLDER).join(encodedId)).toString()
	}
	const url = new URL(baseUrl)
	url.pathname = `${url.pathname.replace(/\/+$/, '')}/${encodedId}`
	return url.toString()
}
