/**
 * Where to send the browser after sign-in: only a path on this site.
 *
 * Browsers are lenient with a Location header: they drop tabs and newlines,
 * read a backslash as a slash and take `//host` as another site, so
 * `/\t/evil.example` or `/\evil.example` leave the site. Anything with
 * whitespace, control characters, a backslash or a doubled slash (also
 * percent-encoded) is refused outright; the rest is parsed against the app's
 * origin and kept only when the origin is unchanged. The answer is the parsed
 * (normalised) path, query and fragment, never the raw input.
 */
export function safeRedirectPath(target: string | null | undefined, fallback: string, appOrigin = INTERNAL_ORIGIN) {
	if (!target || target.length > MAX_REDIRECT_LENGTH || !target.startsWith('/')) return fallback
	if (!isPlainPath(target)) return fallback
	// The path part must stay plain once decoded too (`/%2F/evil`, `/%5Cevil`, `/%09/evil`).
	const decodedPath = decodeRepeatedly(pathPartOf(target))
	if (decodedPath === null || !isPlainPath(decodedPath)) return fallback

	let origin: string
	let url: URL
	try {
		origin = new URL(appOrigin).origin
		url = new URL(target, origin)
	} catch {
		return fallback
	}
	if (url.origin !== origin || url.username || url.password) return fallback
	const path = `${url.pathname}${url.search}${url.hash}`
	// Dot segments can normalise into a doubled slash (`/a/..//evil`).
	if (!path.startsWith('/') || path.startsWith('//') || !isPlainPath(path)) return fallback
	return path
}

const INTERNAL_ORIGIN = 'http://carebook.internal'
const MAX_REDIRECT_LENGTH = 2048

/** No whitespace or control characters (C0, DEL, C1, Unicode spaces) and no backslash anywhere; no `//` in the path part. */
function isPlainPath(value: string) {
	// eslint-disable-next-line no-control-regex
	if (/[\u0000-\u0020\u007f-\u00a0\u1680\u2000-\u200f\u2028-\u202f\u205f\u2060\u3000\ufeff\\]/.test(value)) return false
	return !pathPartOf(value).includes('//')
}

function pathPartOf(value: string) {
	return value.split(/[?#]/, 1)[0]!
}

/** Percent-decodes until stable (a few rounds at most); null when malformed or still encoded after that. */
function decodeRepeatedly(value: string) {
	let current = value
	for (let round = 0; round < 4; round++) {
		let next: string
		try {
			next = decodeURIComponent(current)
		} catch {
			return null
		}
		if (next === current) return current
		current = next
	}
	return null
}
