import { router } from './init.ts'
import { accountRouter } from './routers/account.ts'
import { adminRouter } from './routers/admin.ts'
import { appointmentsRouter } from './routers/appointments.ts'
import { billingRouter } from './routers/billing.ts'
import { documentsRouter } from './routers/documents.ts'
import { healthRouter } from './routers/health.ts'
import { notificationsRouter } from './routers/notifications.ts'
import { searchRouter } from './routers/search.ts'

export const appRouter = router({
	account: accountRouter,
	admin: adminRouter,
	documents: documentsRouter,
	health: healthRouter,
	appointments: appointmentsRouter,
	notifications: notificationsRouter,
	search: searchRouter,
	billing: billingRouter,
})

export type AppRouter = typeof appRouter
