/** API keys and the REST API /api/v1 (issue 15, docs/decisions/017-billing-and-api.md). */
export {
	apiAccessRefusal,
	checkApiCall,
	createApiKey,
	getApiKeysOverview,
	listApiKeys,
	revokeApiKey,
	type ApiCaller,
	type ApiCallCheck,
	type ApiKeySummary,
} from './keys.ts'
export { handleApiRequest, API_MESSAGES } from './rest/handle-request.ts'
export { openApiDocument, API_BASE_PATH } from './rest/openapi.ts'
export { ENDPOINTS, type Endpoint } from './rest/endpoints.ts'
