import { boolean, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core'

/*
 * Tables created in every organization's schema (`org_…`). They are declared
 * without a schema on purpose: queries run with the search path that the
 * tenant entry point (server/tenancy) sets for one transaction, so the same
 * SQL reads the organization it was given and no other.
 * Owner columns hold platform user ids; records are their owner's alone.
 */

export const notifications = pgTable(
	'notifications',
	{
		id: uuid('id').primaryKey().defaultRandom(),
		ownerId: uuid('owner_id').notNull(),
		type: text('type').notNull(),
		title: text('title').notNull(),
		message: text('message').notNull(),
		link: text('link'),
		isRead: boolean('is_read').notNull().default(false),
		createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
	},
	(table) => [index('notifications_owner_time_idx').on(table.ownerId, table.createdAt)],
)
