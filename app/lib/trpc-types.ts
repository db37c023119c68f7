import type { inferRouterInputs, inferRouterOutputs } from '@trpc/server'
import type { AppRouter } from '#server/trpc/router.ts'

export type RouterOutputs = inferRouterOutputs<AppRouter>
export type RouterInputs = inferRouterInputs<AppRouter>
