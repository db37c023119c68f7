import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { createTRPCClient, httpBatchLink, TRPCClientError } from '@trpc/client'
import { createTRPCContext } from '@trpc/tanstack-react-query'
import { useState, type ComponentType, type ReactNode } from 'react'
import superjson from 'superjson'
import type { AppRouter } from '#server/trpc/router.ts'
import { TRPC_MAX_BATCH_SIZE } from '#server/trpc/shared/limits.ts'

export const { TRPCProvider, useTRPC } = createTRPCContext<AppRouter>()

function isUnauthorized(error: unknown) {
	return error instanceof TRPCClientError && error.data?.code === 'UNAUTHORIZED'
}

/** A 401 from any call sends the browser to the matching sign-in page. */
function sendToLogin(error: unknown) {
	if (!isUnauthorized(error) || typeof window === 'undefined') return
	const isAdmin = window.location.pathname.startsWith('/admin')
	const here = window.location.pathname + window.location.search
	window.location.assign(`${isAdmin ? '/admin/login' : '/login'}?${new URLSearchParams({ redirectTo: here })}`)
}

function makeQueryClient() {
	return new QueryClient({
		queryCache: new QueryCache({ onError: sendToLogin }),
		mutationCache: new MutationCache({ onError: sendToLogin }),
		defaultOptions: {
			queries: {
				gcTime: 5 * 60_000,
				staleTime: 30_000,
				// spec 9: 3 retries, 1 s doubling up to 30 s; never retry a 401.
				retry: (failureCount, error) => !isUnauthorized(error) && failureCount < 3,
				retryDelay: (attempt) => Math.min(1000 * 2 ** attempt, 30_000),
			},
		},
	})
}

let browserQueryClient: QueryClient | undefined

/**
 * One query cache per browser tab (a new one per server render): the header's
 * bell and search and a page's own providers share it, so an optimistic
 * change on /notifications shows in the bell at once.
 */
function getQueryClient() {
	if (typeof window === 'undefined') return makeQueryClient()
	browserQueryClient ??= makeQueryClient()
	return browserQueryClient
}

/**
 * The tRPC client and its query cache, for the routes that call procedures from the browser
 * (withTrpc): not in the root, so pages that never call one do not load tRPC and react-query.
 */
export function TrpcProviders({ children }: { children: ReactNode }) {
	const [queryClient] = useState(getQueryClient)
	const [trpcClient] = useState(() =>
		createTRPCClient<AppRouter>({ links: [httpBatchLink({ url: '/api/trpc', transformer: superjson, maxItems: TRPC_MAX_BATCH_SIZE })] }),
	)
	return (
		<QueryClientProvider client={queryClient}>
			<TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
				{children}
			</TRPCProvider>
		</QueryClientProvider>
	)
}

/** A route component inside TrpcProviders (its hooks and its children's may use useTRPC). */
export function withTrpc<Props extends object>(Component: ComponentType<Props>) {
	return function WithTrpc(props: Props) {
		return (
			<TrpcProviders>
				<Component {...props} />
			</TrpcProviders>
		)
	}
}
