import { router, protectedProcedure } from '../init.ts'
import { publicUser } from '#server/account/index.ts'

export const accountRouter = router({
	/** The signed-in patient, as the header's avatar menu shows them. */
	me: protectedProcedure.query(({ ctx }) => publicUser(ctx.session.user)),
})
