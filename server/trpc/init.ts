import { initTRPC, TRPCError } from '@trpc/server'
import superjson from 'superjson'
import { getSession } from '#server/auth/guards.ts'
import type { ValidSession } from '#server/auth/sessions.ts'

export type TrpcContext = {
	request: Request
	clientIp: string
}

export function createTrpcContext(request: Request, clientIp: string): TrpcContext {
	return { request, clientIp }
}

// superjson keeps Dates as Dates, so client types match what the loaders give.
const t = initTRPC.context<TrpcContext>().create({ transformer: superjson })

export const router = t.router
export const publicProcedure = t.procedure
export const createCallerFactory = t.createCallerFactory

/** A signed-in patient with an organization; everything below it may touch that tenant. */
export const protectedProcedure = t.procedure.use(async ({ ctx, next }) => {
	const session = await getSession(ctx.request, 'patient')
	if (!session || session.user.role !== 'patient' || !session.organizationId) {
		throw new TRPCError({ code: 'UNAUTHORIZED' })
	}
	return next({ ctx: { ...ctx, session: session as ValidSession & { organizationId: string } } })
})

/** A signed-in administrator (admin or superadmin) of the admin portal. */
export const adminProcedure = t.procedure.use(async ({ ctx, next }) => {
	const session = await getSession(ctx.request, 'admin')
	if (!session || (session.user.role !== 'admin' && session.user.role !== 'superadmin')) {
		throw new TRPCError({ code: 'UNAUTHORIZED' })
	}
	return next({ ctx: { ...ctx, session } })
})
