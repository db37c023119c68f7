import { router } from '../init.ts'

/** Health analytics procedures (spec 7.1 /health/*). */
export const healthRouter = router({})
