import { initTRPC, TRPCError, type TRPC_ERROR_CODE_KEY } from '@trpc/server'
import superjson from 'superjson'
import { ZodError, type ZodIssue } from 'zod'
import type { Refusal, RefusalKind } from '#server/errors/shared/result.ts'
import { getSession, resolvePatientSession, type PatientSessionResult } from '#server/auth/guards.ts'
import { patientOf } from '#server/auth/patient.ts'
import type { ValidSession } from '#server/auth/sessions.ts'

export type TrpcContext = {
	request: Request
	clientIp: string
	/** The request's patient session, looked up once however many calls the batch holds. */
	patientSession: () => Promise<PatientSessionResult>
	/** The request's admin session, looked up once however many calls the batch holds. */
	adminSession: () => Promise<ValidSession | null>
}

/** The first call's promise, shared by every later call. */
function once<T>(load: () => Promise<T>): () => Promise<T> {
	let pending: Promise<T> | null = null
	return () => (pending ??= load())
}

export function createTrpcContext(request: Request, clientIp: string): TrpcContext {
	return {
		request,
		clientIp,
		patientSession: once(() => resolvePatientSession(request)),
		adminSession: once(() => getSession(request, 'admin')),
	}
}

/**
 * A refusal a procedure answers on purpose (not found, a rule's message):
 * its message is a text of ours and reaches the browser as it is. Any other
 * error's message stays on the server (see errorFormatter).
 */
export class ExpectedTrpcError extends TRPCError {}

const TRPC_CODE_OF_REFUSAL: Record<RefusalKind, TRPC_ERROR_CODE_KEY> = {
	invalid: 'BAD_REQUEST',
	unauthenticated: 'UNAUTHORIZED',
	forbidden: 'FORBIDDEN',
	'not-found': 'NOT_FOUND',
	conflict: 'CONFLICT',
	'too-large': 'PAYLOAD_TOO_LARGE',
	unsupported: 'UNSUPPORTED_MEDIA_TYPE',
	locked: 'FORBIDDEN',
	unavailable: 'SERVICE_UNAVAILABLE',
	// tRPC has no 507; the message says what happened
	'storage-full': 'SERVICE_UNAVAILABLE',
	'rate-limited': 'TOO_MANY_REQUESTS',
}

/**
 * The one "not found" of a procedure (docs/decisions/010-errors-and-notices.md):
 * NOT_FOUND with the domain's text, for "does not exist" and "not yours" alike.
 */
export function trpcNotFound(message: string): never {
	throw new ExpectedTrpcError({ code: 'NOT_FOUND', message })
}

/** A domain refusal as the procedure's error: the code of its kind, its message as it is, its code and field as the cause. */
export function refusalToTrpcError(refusal: Refusal): ExpectedTrpcError {
	return new ExpectedTrpcError({
		code: TRPC_CODE_OF_REFUSAL[refusal.kind],
		message: refusal.message,
		cause: { code: refusal.code, field: refusal.field },
	})
}

/** The values of a domain result, or its refusal thrown as the procedure's error. */
export function unwrapResult<T extends { ok: true }>(result: T | Refusal): Omit<T, 'ok'> {
	if (!result.ok) throw refusalToTrpcError(result)
	const { ok: _ok, ...values } = result
	return values
}

export const TRPC_MESSAGES = {
	/** Spec section 8: the text for an answer of 500 or above. */
	serverError: 'Server error. Please try again later.',
	invalidValue: 'Invalid value.',
	invalidRequest: 'The request could not be handled.',
	signInRequired: 'Please sign in.',
	notFound: 'Not found.',
	tooManyRequests: 'Too many requests. Please try again later.',
} as const

/** True for an error nobody meant to answer with: a bug or a failure underneath (database, disk). */
export function isUnexpectedTrpcError(error: TRPCError): boolean {
	return error.code === 'INTERNAL_SERVER_ERROR' && !(error instanceof ExpectedTrpcError)
}

/** An input validation message, unless Zod's default text repeats the value it received. */
function issueMessage(issue: ZodIssue): string {
	const received = 'received' in issue ? issue.received : undefined
	if (typeof received === 'string' && received !== '' && issue.message.includes(received)) return TRPC_MESSAGES.invalidValue
	return issue.message
}

function zodIssuesOf(cause: unknown): ZodIssue[] | null {
	if (cause instanceof ZodError) return cause.issues
	// A second copy of zod (a bundled one) makes a ZodError of its own class.
	if (cause instanceof Error && cause.name === 'ZodError' && Array.isArray((cause as { issues?: unknown }).issues)) {
		return (cause as unknown as ZodError).issues
	}
	return null
}

/**
 * The message a browser gets: input validation messages and our own
 * refusals as they are; for anything else only a fixed text by code, since
 * a driver's message carries the statement and its parameters and tRPC's own
 * messages can repeat the request.
 */
export function publicTrpcMessage(error: TRPCError): string {
	const issues = zodIssuesOf(error.cause)
	if (issues) return [...new Set(issues.map(issueMessage))].join(' ') || TRPC_MESSAGES.invalidValue
	if (error instanceof ExpectedTrpcError) return error.message
	switch (error.code) {
		case 'INTERNAL_SERVER_ERROR':
			return TRPC_MESSAGES.serverError
		case 'UNAUTHORIZED':
			return TRPC_MESSAGES.signInRequired
		case 'NOT_FOUND':
			return TRPC_MESSAGES.notFound
		case 'TOO_MANY_REQUESTS':
			return TRPC_MESSAGES.tooManyRequests
		default:
			return TRPC_MESSAGES.invalidRequest
	}
}

// superjson keeps Dates as Dates, so client types match what the loaders give.
const t = initTRPC.context<TrpcContext>().create({
	transformer: superjson,
	// No stack, no path as requested, and no message that could hold request data.
	errorFormatter: ({ shape, error }) => ({
		code: shape.code,
		message: publicTrpcMessage(error),
		data: { code: shape.data.code, httpStatus: shape.data.httpStatus },
	}),
})

export const router = t.router
export const publicProcedure = t.procedure
export const createCallerFactory = t.createCallerFactory

/** A signed-in patient with an organization; everything below it may touch that tenant. */
export const protectedProcedure = t.procedure.use(async ({ ctx, next }) => {
	const result = await ctx.patientSession()
	if (!result.ok) throw new TRPCError({ code: 'UNAUTHORIZED' })
	return next({ ctx: { ...ctx, session: result.session, patient: patientOf(result.session, ctx.clientIp) } })
})

/** A signed-in administrator (admin or superadmin) of the admin portal. */
export const adminProcedure = t.procedure.use(async ({ ctx, next }) => {
	const session = await ctx.adminSession()
	if (!session || (session.user.role !== 'admin' && session.user.role !== 'superadmin')) {
		throw new TRPCError({ code: 'UNAUTHORIZED' })
	}
	return next({ ctx: { ...ctx, session } })
})
