import { router } from './init.ts'
import { accountRouter } from './routers/account.ts'
import { adminRouter } from './routers/admin.ts'

export const appRouter = router({
	account: accountRouter,
	admin: adminRouter,
})

export type AppRouter = typeof appRouter
