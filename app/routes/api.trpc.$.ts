import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { fetchRequestHandler } from '@trpc/server/adapters/fetch'
import { createTrpcContext } from '#server/trpc/init.ts'
import { appRouter } from '#server/trpc/router.ts'
import { logger } from '#server/logger.ts'

function handle({ request, context }: LoaderFunctionArgs | ActionFunctionArgs) {
	return fetchRequestHandler({
		endpoint: '/api/trpc',
		req: request,
		router: appRouter,
		createContext: () => createTrpcContext(request, context.clientIp),
		onError: ({ error, path }) => {
			if (error.code === 'INTERNAL_SERVER_ERROR') {
				logger.error('trpc.error', { requestId: context.requestId, procedure: path, errorMessage: error.message })
			}
		},
	})
}

export const loader = handle
export const action = handle
