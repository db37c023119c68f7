/**
 * Errors and expected failures (docs/decisions/010-errors-and-notices.md):
 * the domain-result shape, the route 404, and the form reply of a refusal.
 * tRPC's counterparts (trpcNotFound, refusalToTrpcError) live in server/trpc/init.ts.
 */
export { notFound } from './not-found.ts'
export { formReply } from './form-reply.ts'
export { refuse, refusalStatus, succeed, type Refusal, type Result } from './shared/result.ts'
