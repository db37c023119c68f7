import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { handleApiRequest } from '#server/api/index.ts'

/** The REST API (spec 7.1) under /api/v1, with API keys; its OpenAPI document at /api/v1/openapi.json. */
export async function loader({ request, context }: LoaderFunctionArgs) {
	return handleApiRequest(request, { requestId: context.requestId })
}

export async function action({ request, context }: ActionFunctionArgs) {
	return handleApiRequest(request, { requestId: context.requestId })
}
