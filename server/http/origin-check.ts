const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

/**
 * Refuses state-changing requests that come from another site: the Origin
 * header, when present, must be this app's origin; without it, the browser's
 * Sec-Fetch-Site must not say cross-site. (SameSite=Lax cookies are the
 * first line; this is the second.)
 */
export function isCrossSiteRequest(input: { method: string; origin: string | undefined; secFetchSite: string | undefined; allowedOrigins: string[] }) {
	if (SAFE_METHODS.has(input.method.toUpperCase())) return false
	if (input.origin && input.origin !== 'null') return !input.allowedOrigins.includes(input.origin)
	// A page with `Referrer-Policy: no-referrer` (the public shared pages) makes the browser send
	// `Origin: null` even to its own origin; the browser's Sec-Fetch-Site, which no page can set,
	// still says same-origin. A sandboxed or data: document's null origin is cross-site there.
	if (input.origin === 'null') return input.secFetchSite !== 'same-origin'
	return input.secFetchSite === 'cross-site'
}

/**
 * The origins a state-changing request may come from. In production only
 * APP_ORIGIN: the Host header (and with it the request's own origin) is the
 * client's to choose. Elsewhere (development, tests) the request's own origin too.
 */
export function allowedPostOrigins(input: { isProduction: boolean; appOrigin: string | undefined; ownOrigin: string }) {
	if (input.isProduction) return input.appOrigin ? [input.appOrigin] : []
	return input.appOrigin ? [input.appOrigin, input.ownOrigin] : [input.ownOrigin]
}
