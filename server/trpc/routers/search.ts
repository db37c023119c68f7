import { z } from 'zod'
import { searchRecords } from '#server/search/index.ts'
import { TYPEAHEAD_LIMIT } from '#server/search/shared/search.ts'
import { safeText, TEXT_LIMITS } from '#server/validation/shared/text.ts'
import { protectedProcedure, router } from '../init.ts'

/** The header's typeahead (spec 2.2, 5): a few results per type. */
export const searchRouter = router({
	typeahead: protectedProcedure
		.input(z.object({ q: safeText({ max: TEXT_LIMITS.search }) }))
		.query(({ ctx, input }) => searchRecords(ctx.patient, input.q, { limit: TYPEAHEAD_LIMIT })),
})
