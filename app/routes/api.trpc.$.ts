import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { fetchRequestHandler } from '@trpc/server/adapters/fetch'
import { createTrpcContext, isUnexpectedTrpcError } from '#server/trpc/init.ts'
import { appRouter } from '#server/trpc/router.ts'
import { TRPC_MAX_BATCH_SIZE } from '#server/trpc/shared/limits.ts'
import { describeError, logger } from '#server/logger.ts'
import { countApiCall } from '#server/admin/index.ts'

function handle({ request, context }: LoaderFunctionArgs | ActionFunctionArgs) {
	// the admin dashboard's 'API calls today'
	countApiCall()
	return fetchRequestHandler({
		endpoint: '/api/trpc',
		req: request,
		router: appRouter,
		// Refused with 400 before the context, the session or any input is read (the client splits at the same size).
		maxBatchSize: TRPC_MAX_BATCH_SIZE,
		createContext: () => createTrpcContext(request, context.clientIp),
		// Logged once, with the procedure's name and the error's class and code (never its message).
		onError: ({ error, path }) => {
			if (!isUnexpectedTrpcError(error)) return
			logger.error('trpc.error', {
				requestId: context.requestId,
				procedure: path,
				trpcCode: error.code,
				...describeError(error.cause ?? error),
			})
		},
	})
}

export const loader = handle
export const action = handle
