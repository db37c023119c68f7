import { z } from 'zod'
import { isValidLocalDate, LOCAL_DATE_PATTERN } from './zoned-time.ts'

/**
 * The schema of a `LocalDate` in input and query strings alike: 'YYYY-MM-DD'
 * and a real calendar date (so '2025-02-31' is refused). A file of its own so
 * that zoned-time.ts, which most pages use to show dates, carries no zod.
 */
export const LocalDateSchema = z.string().regex(LOCAL_DATE_PATTERN, 'must be a YYYY-MM-DD date').refine(isValidLocalDate, 'must be a real calendar date')
