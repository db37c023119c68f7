import { z } from 'zod'
import { clearNotifications, getNotificationOverview, markAllNotificationsRead, removeNotification, setNotificationRead } from '#server/notifications/index.ts'
import { DROPDOWN_SIZE, NOTIFICATION_FILTERS, NOTIFICATION_MESSAGES, PAGE_SIZE } from '#server/notifications/shared/notification.ts'
import { protectedProcedure, router, trpcNotFound } from '../init.ts'

const NotificationId = z.object({ id: z.string().uuid() })

/** The bell and /notifications: one overview query, and the actions the spec names (spec 2.2, 2.11). */
export const notificationsRouter = router({
	overview: protectedProcedure
		.input(z.object({ filter: z.enum(NOTIFICATION_FILTERS).default('all'), limit: z.number().int().min(1).max(PAGE_SIZE).default(DROPDOWN_SIZE) }))
		.query(({ ctx, input }) => getNotificationOverview(ctx.patient, input)),
	setRead: protectedProcedure.input(NotificationId.extend({ isRead: z.boolean() })).mutation(async ({ ctx, input }) => {
		if (!(await setNotificationRead(ctx.patient, input.id, input.isRead))) trpcNotFound(NOTIFICATION_MESSAGES.notFound)
		return { id: input.id, isRead: input.isRead }
	}),
	markAllRead: protectedProcedure.mutation(async ({ ctx }) => ({ changed: await markAllNotificationsRead(ctx.patient) })),
	remove: protectedProcedure.input(NotificationId).mutation(async ({ ctx, input }) => {
		if (!(await removeNotification(ctx.patient, input.id))) trpcNotFound(NOTIFICATION_MESSAGES.notFound)
		return { id: input.id }
	}),
	clearAll: protectedProcedure.mutation(async ({ ctx }) => ({ removed: await clearNotifications(ctx.patient) })),
})
