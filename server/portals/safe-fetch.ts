import { lookup as dnsLookup, type LookupAddress } from 'node:dns'
import http, { type IncomingMessage } from 'node:http'
import https from 'node:https'
import { isIP, type LookupFunction } from 'node:net'
import { checkPortalUrl, isAllowedAddress, type AddressPolicy, type UrlRefusal } from './address-rules.ts'

/**
 * The one way Carebook calls a portal (discovery, the token endpoint, FHIR reads): a fetch
 * that keeps the hostile-URL rules of issue 40 point 5.
 *
 * - The address's form (checkPortalUrl): https, or http to loopback outside production.
 * - Every address the name resolves to is checked when connecting (the socket's own DNS
 *   lookup, so the address checked is the address used: no second resolution to rebind), and
 *   an address literal before any connection.
 * - Redirects are followed by hand, at most five, each hop checked the same way; a POST is
 *   never redirected.
 * - A time limit for the whole exchange and a size limit on the body, counted as it arrives.
 *
 * It answers a WHATWG Response, so oauth4webapi takes it as its customFetch.
 */

export type PortalFetchPolicy = AddressPolicy & {
	/** The most one response body may hold. */
	maxBytes: number
	/** The most one request may take, connection to last byte. */
	timeoutMs: number
}

export class PortalFetchRefusedError extends Error {
	constructor(
		readonly reason: UrlRefusal | 'private_address' | 'too_many_redirects' | 'too_large' | 'timeout' | 'unreachable',
		message = `Portal request refused: ${reason}`,
	) {
		super(message)
	}
}

const MAX_REDIRECTS = 5

export type PortalFetchInit = {
	method?: string
	headers?: Record<string, string> | Headers | [string, string][]
	body?: string | URLSearchParams | Uint8Array | null
	/** 'manual': answer a redirect as it is (oauth4webapi asks so); default: follow, each hop checked. */
	redirect?: 'manual' | 'follow' | 'error'
	signal?: AbortSignal | null
}

/** A lookup that resolves as usual and then refuses unless every address is allowed. */
function guardedLookup(policy: AddressPolicy): LookupFunction {
	return (hostname, options, callback) => {
		dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
			if (error) return callback(error, '', 0)
			if (addresses.length === 0 || addresses.some(({ address }) => !isAllowedAddress(address, policy))) {
				return callback(new PortalFetchRefusedError('private_address') as NodeJS.ErrnoException, '', 0)
			}
			if ((options as { all?: boolean }).all) return (callback as unknown as (error: null, addresses: LookupAddress[]) => void)(null, addresses)
			callback(null, addresses[0]!.address, addresses[0]!.family)
		})
	}
}

function headerRecord(headers: PortalFetchInit['headers']): Record<string, string> {
	if (!headers) return {}
	if (headers instanceof Headers) return Object.fromEntries(headers.entries())
	if (Array.isArray(headers)) return Object.fromEntries(headers)
	return { ...headers }
}

function bodyBytes(body: PortalFetchInit['body']): Buffer | null {
	if (body === null || body === undefined) return null
	if (typeof body === 'string') return Buffer.from(body)
	if (body instanceof URLSearchParams) return Buffer.from(body.toString())
	return Buffer.from(body)
}

/** One request to one checked address: the status, headers and the body read within the limits. */
function requestOnce(url: URL, init: PortalFetchInit, policy: PortalFetchPolicy, signal: AbortSignal): Promise<{ response: IncomingMessage; body: Buffer }> {
	const checked = checkPortalUrl(url.href, policy)
	if (!checked.ok) return Promise.reject(new PortalFetchRefusedError(checked.reason))
	const literal = url.hostname.replace(/^\[|\]$/g, '')
	if (isIP(literal) && !isAllowedAddress(literal, policy)) return Promise.reject(new PortalFetchRefusedError('private_address'))
	const body = bodyBytes(init.body)
	const headers = headerRecord(init.headers)
	if (body && !Object.keys(headers).some((name) => name.toLowerCase() === 'content-length')) headers['content-length'] = String(body.length)
	const transport = url.protocol === 'https:' ? https : http
	return new Promise((resolve, reject) => {
		const request = transport.request(url, { method: init.method ?? 'GET', headers, lookup: guardedLookup(policy), signal, agent: false }, (response) => {
			const declared = Number(response.headers['content-length'] ?? NaN)
			if (Number.isFinite(declared) && declared > policy.maxBytes) {
				response.destroy()
				return reject(new PortalFetchRefusedError('too_large'))
			}
			const chunks: Buffer[] = []
			let received = 0
			response.on('data', (chunk: Buffer) => {
				received += chunk.length
				if (received > policy.maxBytes) {
					response.destroy()
					reject(new PortalFetchRefusedError('too_large'))
					return
				}
				chunks.push(chunk)
			})
			response.on('end', () => resolve({ response, body: Buffer.concat(chunks) }))
			response.on('error', reject)
		})
		request.on('error', (error) => {
			if (error instanceof PortalFetchRefusedError) return reject(error)
			if ((error as { cause?: unknown }).cause instanceof PortalFetchRefusedError) return reject((error as { cause: PortalFetchRefusedError }).cause)
			if (signal.aborted) return reject(new PortalFetchRefusedError('timeout'))
			reject(new PortalFetchRefusedError('unreachable', `Portal request failed: ${(error as NodeJS.ErrnoException).code ?? 'error'}`))
		})
		if (body) request.write(body)
		request.end()
	})
}

const NO_BODY_STATUSES = new Set([101, 204, 205, 304])

/** fetch() with the portal rules: see above. */
export async function portalFetch(input: string | URL, init: PortalFetchInit, policy: PortalFetchPolicy): Promise<Response> {
	const timeout = AbortSignal.timeout(policy.timeoutMs)
	const signal = init.signal ? AbortSignal.any([init.signal, timeout]) : timeout
	let url = new URL(input)
	for (let hop = 0; ; hop++) {
		const { response, body } = await requestOnce(url, init, policy, signal)
		const status = response.statusCode ?? 502
		const location = response.headers.location
		const method = (init.method ?? 'GET').toUpperCase()
		if (status >= 300 && status < 400 && location && init.redirect !== 'manual' && (method === 'GET' || method === 'HEAD')) {
			if (init.redirect === 'error' || hop >= MAX_REDIRECTS) throw new PortalFetchRefusedError('too_many_redirects')
			url = new URL(location, url)
			continue
		}
		const headers = new Headers()
		for (const [name, value] of Object.entries(response.headers)) {
			if (value === undefined) continue
			for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item)
		}
		const answer = new Response(NO_BODY_STATUSES.has(status) ? null : new Uint8Array(body), { status, headers })
		// oauth4webapi and callers read the final address from response.url
		Object.defineProperty(answer, 'url', { value: url.href })
		return answer
	}
}
