/**
 * The most calls one tRPC request may batch (browser-safe: the client's batch
 * link splits larger batches at the same number). A batch over it is refused
 * with 400 before any procedure, session lookup or input parsing runs.
 * docs/decisions/004-limits-under-parallel-requests.md
 */
export const TRPC_MAX_BATCH_SIZE = 10
