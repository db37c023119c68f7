import { sql } from 'drizzle-orm'
import { getDb } from '#db/client.ts'
import { requeueFailedDocument } from '#server/documents/index.ts'
import { TASKS } from '#server/queue/queue.ts'
import { refuse, succeed } from '#server/errors/index.ts'
import { auditAdminAction, type AdminActor } from './actor.ts'
import { isUuid } from './users.ts'
import { startOfUtcDay } from './organizations.ts'
import { processingByDay, recentDocuments } from '#server/documents/index.ts'
import { tenantRefs } from './tenant-refs.ts'
import { ADMIN_MESSAGES } from './shared/messages.ts'
import { percentOf } from './shared/format.ts'

type QueueJob = {
	id: string
	organizationId: string | null
	documentId: string | null
	attempts: number
	maxAttempts: number
	runAt: Date
	lockedAt: Date | null
	lastError: string | null
	createdAt: Date
}

/**
 * The processing queue and history across organizations, metadata only
 * (status, type, size, duration, error code): never a title, text or value.
 */
export async function getDocumentsOverview(options: { organizationId?: string; status?: string; now?: Date } = {}) {
	const now = options.now ?? new Date()
	const db = getDb()
	const tenants = await tenantRefs(options.organizationId ? [options.organizationId] : undefined)
	const weekAgo = new Date(startOfUtcDay(now).getTime() - 6 * 86_400_000)
	const [queue, jobs, history, days, names] = await Promise.all([
		db.execute<{ waiting: number; running: number; failed: number; oldestWaiting: Date | null }>(sql`
			select count(*) filter (where locked_at is null and attempts < max_attempts)::int as waiting,
				count(*) filter (where locked_at is not null)::int as running,
				count(*) filter (where attempts >= max_attempts)::int as failed,
				min(run_at) filter (where locked_at is null and attempts < max_attempts) as "oldestWaiting"
			from graphile_worker.jobs where task_identifier = ${TASKS.processDocument}`),
		db.execute<QueueJob>(sql`
			select jobs.id::text, private.payload->>'organizationId' as "organizationId", private.payload->>'documentId' as "documentId",
				jobs.attempts, jobs.max_attempts as "maxAttempts", jobs.run_at as "runAt", jobs.locked_at as "lockedAt", jobs.last_error as "lastError", jobs.created_at as "createdAt"
			from graphile_worker.jobs
			-- the public view leaves the payload out; the ids are only there
			join graphile_worker._private_jobs as private on private.id = jobs.id
			where jobs.task_identifier = ${TASKS.processDocument} order by jobs.run_at limit 50`),
		recentDocuments(tenants, { status: options.status, limit: 50 }),
		processingByDay(tenants, weekAgo, now),
		db.execute<{ id: string; name: string }>(sql`select id, name from app.organizations`),
	])
	const nameById = new Map(names.map((row) => [row.id, row.name]))
	const processed = days.reduce((sum, day) => sum + day.processed, 0)
	const failed = days.reduce((sum, day) => sum + day.failed, 0)
	return {
		queue: { ...queue[0]!, oldestWaiting: queue[0]!.oldestWaiting ? new Date(queue[0]!.oldestWaiting).toISOString() : null },
		jobs: jobs.map((job) => ({
			...job,
			runAt: new Date(job.runAt).toISOString(),
			lockedAt: job.lockedAt ? new Date(job.lockedAt).toISOString() : null,
			createdAt: new Date(job.createdAt).toISOString(),
			// worker-log.ts stores only an error's class and code here
			lastError: job.lastError ? job.lastError.slice(0, 120) : null,
			organizationName: job.organizationId ? (nameById.get(job.organizationId) ?? null) : null,
		})),
		history: history.map((document) => ({ ...document, organizationName: nameById.get(document.organizationId) ?? null })),
		lastSevenDays: { processed, failed, failureRatePercent: percentOf(failed, processed + failed) },
	}
}

/** Queues a document that failed with a processing error again, as its owner's Retry would. */
export async function retryFailedDocument(actor: AdminActor, organizationId: string, documentId: string) {
	if (!isUuid(organizationId) || !isUuid(documentId)) return refuse('not-found', 'document-missing', ADMIN_MESSAGES.documentNotRetryable)
	const outcome = await requeueFailedDocument(organizationId, documentId).catch(() => 'not-retryable' as const)
	if (outcome === 'too-many-uploads') return refuse('rate-limited', 'too-many-uploads', ADMIN_MESSAGES.documentRetryLimited)
	if (outcome !== 'queued') return refuse('conflict', 'not-retryable', ADMIN_MESSAGES.documentNotRetryable)
	await auditAdminAction(actor, 'document.retry', { type: 'document', id: documentId }, { organizationId })
	return succeed({})
}
