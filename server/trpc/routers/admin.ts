import { router, adminProcedure } from '../init.ts'
import { publicUser } from '#server/account/index.ts'

export const adminRouter = router({
	/** The signed-in administrator (spec 7.2 GET /admin/profile). */
	profile: adminProcedure.query(({ ctx }) => publicUser(ctx.session.user)),
})
