/**
 * The client's address, as Express worked it out (`req.ip`, honouring
 * TRUST_PROXY), handed to Remix on the request itself so a guard needs only
 * the request. The web app sets this header on every request, replacing
 * whatever a client sent under that name; nothing else reads it.
 */
export const CLIENT_IP_HEADER = 'x-carebook-client-ip'

export function clientIpOf(request: Request): string | null {
	return request.headers.get(CLIENT_IP_HEADER)
}

/** Sets the header from Express's `req.ip` on the incoming request, replacing any a client sent. */
export function stampClientIp(req: { ip?: string; headers: Record<string, string | string[] | undefined> }) {
	if (req.ip) req.headers[CLIENT_IP_HEADER] = req.ip
	else delete req.headers[CLIENT_IP_HEADER]
}
