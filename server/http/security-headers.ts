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

export function securityHeaders(options: { nonce: string; isDevelopment: boolean; isHttps: boolean }) {
	const headers: Record<string, string> = {
		'Content-Security-Policy': contentSecurityPolicy(options),
		'X-Content-Type-Options': 'nosniff',
		'Referrer-Policy': 'strict-origin-when-cross-origin',
		'X-Frame-Options': 'DENY',
		'Cross-Origin-Opener-Policy': 'same-origin',
		'Permissions-Policy': 'camera=(self), microphone=(), geolocation=()',
	}
	if (options.isHttps) headers['Strict-Transport-Security'] = 'max-age=31536000; includeSubDomains'
	return headers
}
