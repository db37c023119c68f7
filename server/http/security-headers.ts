/** The Content-Security-Policy for one response. Development allows Vite's HMR client. */
export function contentSecurityPolicy(options: { nonce: string; isDevelopment: boolean; hmrPort?: number }) {
	const connect = ["'self'"]
	const script = ["'self'", `'nonce-${options.nonce}'`]
	if (options.isDevelopment) {
		connect.push(`ws://localhost:${options.hmrPort ?? 24678}`, 'ws:')
		script.push("'unsafe-eval'")
	}
	return [
		"default-src 'self'",
		`script-src ${script.join(' ')}`,
		"style-src 'self' 'unsafe-inline'",
		"img-src 'self' data: blob:",
		"font-src 'self' data:",
		`connect-src ${connect.join(' ')}`,
		"media-src 'self' blob:",
		"object-src 'none'",
		"base-uri 'self'",
		"form-action 'self'",
		"frame-ancestors 'none'",
		...(options.isDevelopment ? [] : ['upgrade-insecure-requests']),
	].join('; ')
}

/**
 * The public shared pages (`/shared/<token>` and its files) carry the link's
 * token in their address: no page they lead to may receive it as a Referer,
 * and no search engine may keep it.
 */
export const SHARED_PAGE_HEADERS = { 'Referrer-Policy': 'no-referrer', 'X-Robots-Tag': 'noindex, nofollow' } as const

export function isSharedPagePath(path: string) {
	return path === '/shared' || path.startsWith('/shared/')
}

/**
 * Whether to send Strict-Transport-Security: in production with an https
 * public origin always (the proxy in front terminates TLS, so the request
 * that reaches us may well say http), else when the request itself is https.
 */
export function sendsStrictTransportSecurity(options: { isProduction: boolean; appOrigin?: string | null; isSecureRequest: boolean }) {
	if (options.isSecureRequest) return true
	return options.isProduction && !!options.appOrigin && options.appOrigin.startsWith('https://')
}

export function securityHeaders(options: { nonce: string; isDevelopment: boolean; isHttps: boolean; path?: string }) {
	const headers: Record<string, string> = {
		'Content-Security-Policy': contentSecurityPolicy(options),
		'X-Content-Type-Options': 'nosniff',
		'Referrer-Policy': 'strict-origin-when-cross-origin',
		'X-Frame-Options': 'DENY',
		'Cross-Origin-Opener-Policy': 'same-origin',
		'Permissions-Policy': 'camera=(self), microphone=(), geolocation=()',
	}
	if (options.isHttps) headers['Strict-Transport-Security'] = 'max-age=31536000; includeSubDomains'
	if (options.path && isSharedPagePath(options.path)) Object.assign(headers, SHARED_PAGE_HEADERS)
	return headers
}
