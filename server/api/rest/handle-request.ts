import type { ZodError } from 'zod'
import { apiAccessRefusal, checkApiCall } from '#server/api/keys.ts'
import { clientIpOf } from '#server/http/client-ip.ts'
import { BILLING_MESSAGES } from '#server/billing/index.ts'
import { billingSettings } from '#server/env.server.ts'
import type { Refusal, RefusalKind } from '#server/errors/shared/result.ts'
import { describeError, logger } from '#server/logger.ts'
import { ENDPOINTS, type Endpoint } from './endpoints.ts'
import { API_BASE_PATH, openApiDocument } from './openapi.ts'

type ErrorCode =
	| 'unauthorized'
	| 'plan_required'
	| 'forbidden'
	| 'not_found'
	| 'invalid_request'
	| 'method_not_allowed'
	| 'payload_too_large'
	| 'unsupported_media_type'
	| 'conflict'
	| 'rate_limited'
	| 'server_error'
	| 'service_unavailable'
	| 'insufficient_storage'

/** The REST answer of a domain refusal: its kind decides the status (as everywhere) and the stable code. */
const CODE_OF_KIND: Record<RefusalKind, ErrorCode> = {
	invalid: 'invalid_request',
	unauthenticated: 'unauthorized',
	forbidden: 'forbidden',
	'not-found': 'not_found',
	conflict: 'conflict',
	'too-large': 'payload_too_large',
	unsupported: 'unsupported_media_type',
	locked: 'forbidden',
	'rate-limited': 'rate_limited',
	unavailable: 'service_unavailable',
	'storage-full': 'insufficient_storage',
}
const STATUS_OF_CODE: Record<ErrorCode, number> = {
	invalid_request: 400,
	unauthorized: 401,
	plan_required: 403,
	forbidden: 403,
	not_found: 404,
	method_not_allowed: 405,
	conflict: 409,
	payload_too_large: 413,
	unsupported_media_type: 415,
	rate_limited: 429,
	server_error: 500,
	service_unavailable: 503,
	insufficient_storage: 507,
}

export const API_MESSAGES = {
	unauthorized: 'A valid API key is required: Authorization: Bearer <key>.',
	notFound: 'No such API path.',
	methodNotAllowed: 'This method is not allowed on this path.',
	rateLimited: 'Too many requests for this key. Please try again later.',
	twoFactorRequired: 'Your organization requires two-factor authentication, which is not set up on this account. The key works again once it is set up.',
	invalidJson: 'The request body must be JSON.',
	serverError: 'Server error. Please try again later.',
} as const

function apiError(code: ErrorCode, message: string, headers: Record<string, string> = {}) {
	return Response.json({ error: { code, message } }, { status: STATUS_OF_CODE[code], headers })
}

function refusalResponse(refusal: Refusal) {
	const code = refusal.code === 'plan-required' ? 'plan_required' : CODE_OF_KIND[refusal.kind]
	return apiError(code, refusal.message)
}

/** A validation failure's messages, without Zod's texts that repeat the value received. */
function validationMessage(error: ZodError) {
	return error.issues.map((issue) => `${issue.path.join('.') || 'body'}: ${'received' in issue ? 'invalid value' : issue.message}`).join('; ')
}

const compiled = ENDPOINTS.map((endpoint) => ({
	endpoint,
	pattern: new RegExp(`^${endpoint.path.replace(/\{(\w+)\}/g, '(?<$1>[^/]+)')}$`),
}))

function match(method: string, path: string): { endpoint: Endpoint; params: Record<string, string> } | 'method-not-allowed' | null {
	let pathMatched = false
	for (const { endpoint, pattern } of compiled) {
		const found = pattern.exec(path)
		if (!found) continue
		pathMatched = true
		if (endpoint.method.toUpperCase() === method) {
			const params = Object.fromEntries(Object.entries(found.groups ?? {}).map(([key, value]) => [key, decodeURIComponent(value)]))
			return { endpoint, params }
		}
	}
	return pathMatched ? 'method-not-allowed' : null
}

function bearerToken(request: Request) {
	const header = request.headers.get('authorization') ?? ''
	const found = /^Bearer\s+(\S+)$/i.exec(header)
	return found?.[1] ?? null
}

/**
 * One call of /api/v1: the OpenAPI document is public; every other path
 * needs `Authorization: Bearer <key>`. The key is checked, rate-limited and
 * counted in one statement (checkApiCall), the request validated by the
 * endpoint's schemas, then the endpoint calls the domain. Errors are JSON
 * `{ error: { code, message } }` with stable codes; nothing of the request
 * is logged.
 */
export async function handleApiRequest(request: Request, options: { requestId?: string; now?: Date } = {}): Promise<Response> {
	const url = new URL(request.url)
	const path = url.pathname.slice(API_BASE_PATH.length) || '/'
	if (path === '/openapi.json' && request.method === 'GET') return Response.json(openApiDocument(), { headers: { 'Cache-Control': 'public, max-age=300' } })
	const matched = match(request.method, path)
	if (matched === null) return apiError('not_found', API_MESSAGES.notFound)
	if (matched === 'method-not-allowed') return apiError('method_not_allowed', API_MESSAGES.methodNotAllowed)
	const token = bearerToken(request)
	const unauthorized = () => apiError('unauthorized', API_MESSAGES.unauthorized, { 'WWW-Authenticate': 'Bearer realm="carebook"' })
	if (!token) return unauthorized()
	try {
		const now = options.now ?? new Date()
		const check = await checkApiCall(token, { limitPerMinute: billingSettings().apiRateLimitPerMinute, now })
		if (!check.ok) {
			if (check.reason === 'unauthenticated') return unauthorized()
			if (check.reason === 'two-factor-required') return apiError('forbidden', API_MESSAGES.twoFactorRequired)
			if (check.reason === 'rate-limited') return apiError('rate_limited', API_MESSAGES.rateLimited, { 'Retry-After': String(check.retryAfterSeconds) })
			return apiError('plan_required', await planRequiredMessage(check.organizationId, now))
		}
		const { endpoint, params } = matched
		const parsedParams = endpoint.params ? endpoint.params.safeParse(params) : { success: true as const, data: params }
		if (!parsedParams.success) return apiError('invalid_request', validationMessage(parsedParams.error))
		const parsedQuery = endpoint.query ? endpoint.query.safeParse(Object.fromEntries(url.searchParams)) : { success: true as const, data: {} }
		if (!parsedQuery.success) return apiError('invalid_request', validationMessage(parsedQuery.error))
		let body: unknown = undefined
		if (endpoint.body) {
			const raw = await request.json().catch(() => Symbol.for('invalid'))
			if (raw === Symbol.for('invalid')) return apiError('invalid_request', API_MESSAGES.invalidJson)
			const parsedBody = endpoint.body.safeParse(raw)
			if (!parsedBody.success) return apiError('invalid_request', validationMessage(parsedBody.error))
			body = parsedBody.data
		}
		const caller = check.caller
		const patient = { userId: caller.userId, organizationId: caller.organizationId, ipAddress: clientIpOf(request) }
		const result = await endpoint.handle({ caller, patient, request, now }, { params: parsedParams.data, query: parsedQuery.data, body })
		if (!result.ok) return refusalResponse(result)
		return Response.json(result.body, { status: result.status })
	} catch (error) {
		logger.error('api.request_failed', { requestId: options.requestId ?? null, ...describeError(error) })
		return apiError('server_error', API_MESSAGES.serverError)
	}
}

async function planRequiredMessage(organizationId: string, now: Date) {
	return (await apiAccessRefusal(organizationId, now))?.message ?? BILLING_MESSAGES.apiNotIncluded('current')
}
