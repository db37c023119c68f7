/**
 * Run as its own process (like the worker): writes one notification for a
 * user through server/notifications and prints the time it committed.
 * Args: organizationId userId title. DATABASE_URL must be set.
 */
import { closeDb } from '#db/client.ts'
import { writeNotification } from '#server/notifications/index.ts'
import { withTenant } from '#server/tenancy/index.ts'

const [organizationId, ownerId, title = 'Document processed'] = process.argv.slice(2)
if (!organizationId || !ownerId) throw new Error('usage: write-notification <organizationId> <userId> [title]')
await withTenant(organizationId, (tx) =>
	writeNotification(tx, { ownerId, type: 'new_document', title, message: 'Lab report: 12 values found.', link: '/records' }),
)
console.log(JSON.stringify({ committedAt: Date.now() }))
await closeDb()
