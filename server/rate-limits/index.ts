/**
 * Rate limits counted in the database (so every web process sees the same
 * count): one row per attempt in `rate_limit_events`, taken before the work
 * it limits. See docs/decisions/004-limits-under-parallel-requests.md.
 */
export { clearAttempts, clearAttemptsByPrefix, countAttempts, giveBackAttempt, pruneAttempts, takeAttempt } from './attempts.ts'
