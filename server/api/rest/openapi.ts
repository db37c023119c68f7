import { OpenAPIRegistry, OpenApiGeneratorV31, type RouteConfig } from '@asteasolutions/zod-to-openapi'
import { ENDPOINTS } from './endpoints.ts'
import { ErrorBody } from './schemas.ts'
import { ACCEPTED_FORMATS_TEXT } from '#server/extraction/shared/file-formats.ts'

export const API_BASE_PATH = '/api/v1'

/** Error statuses every authenticated call may answer. */
const COMMON_ERRORS = [401, 403, 429, 500] as const

const ERROR_DESCRIPTIONS: Record<number, string> = {
	400: 'The request is not valid (`invalid_request`)',
	401: 'No key, or an unknown or revoked one (`unauthorized`)',
	403: "The organization's plan does not include the API (`plan_required`), or the key's owner may not do this (`forbidden`)",
	404: 'Nothing of the key owner with this id (`not_found`)',
	409: 'The subscription is in a state that refuses this, or a downgrade over the new limits (`conflict`)',
	413: 'Over the upload size or the plan storage limit (`payload_too_large`)',
	415: `Not a ${ACCEPTED_FORMATS_TEXT} file by its content (\`unsupported_media_type\`)`,
	429: "Over the key's calls per minute (`rate_limited`); `Retry-After` says when to try again",
	500: 'Server error (`server_error`)',
	507: "The server's storage is full; nothing was saved (`insufficient_storage`)",
}

let cached: ReturnType<OpenApiGeneratorV31['generateDocument']> | null = null

/**
 * The OpenAPI 3.1 document of /api/v1, generated from the same Zod schemas
 * that validate the requests (endpoints.ts), never written by hand.
 */
export function openApiDocument() {
	if (cached) return cached
	const registry = new OpenAPIRegistry()
	registry.registerComponent('securitySchemes', 'apiKey', {
		type: 'http',
		scheme: 'bearer',
		description: 'An API key from Settings > API keys: `Authorization: Bearer cbk_…`',
	})
	const errorBody = registry.register('Error', ErrorBody)
	for (const endpoint of ENDPOINTS) {
		const request: RouteConfig['request'] = {}
		if (endpoint.params) request.params = endpoint.params
		if (endpoint.query) request.query = endpoint.query
		if (endpoint.body) request.body = { required: true, content: { 'application/json': { schema: endpoint.body } } }
		if (endpoint.multipart) request.body = { required: true, content: { 'multipart/form-data': { schema: endpoint.multipart } } }
		const responses: RouteConfig['responses'] = {
			[endpoint.success.status]: { description: endpoint.success.description, content: { 'application/json': { schema: endpoint.success.schema } } },
		}
		for (const status of [...endpoint.errors, ...COMMON_ERRORS]) {
			responses[status] = {
				description: ERROR_DESCRIPTIONS[status] ?? 'Error',
				content: { 'application/json': { schema: errorBody } },
				...(status === 429 ? { headers: { 'Retry-After': { description: 'Seconds until the key may call again', schema: { type: 'integer' } } } } : {}),
			}
		}
		registry.registerPath({
			method: endpoint.method,
			path: endpoint.path,
			operationId: endpoint.operationId,
			summary: endpoint.summary,
			security: [{ apiKey: [] }],
			request,
			responses,
		})
	}
	cached = new OpenApiGeneratorV31(registry.definitions).generateDocument({
		openapi: '3.1.0',
		info: {
			title: 'Carebook API',
			version: '1.0.0',
			description:
				"Documents, health parameters and the subscription of the key owner. Available on the Professional and Enterprise plans; calls count toward the plan's API usage and are rate-limited per key.",
		},
		servers: [{ url: API_BASE_PATH }],
	})
	return cached
}
