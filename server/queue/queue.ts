/**
 * The job queue's names, keys and payloads, and the one way to queue each
 * task (see docs/decisions/009-job-helper.md). Each task's payload has one
 * Zod schema, used by the enqueuer before it writes and by the task when it
 * runs. Jobs are written with graphile-worker's `add_job` inside the
 * caller's transaction (a tenant transaction works: graphile_worker is a
 * schema of the same database), so a job exists exactly when the change
 * that asked for it was committed.
 *
 * This module imports nothing of the tasks (they import it), so domain code
 * can queue jobs without loading the worker.
 */
import { sql, type SQL } from 'drizzle-orm'
import { z } from 'zod'
import { ocrJobPriority, type PlanId } from '#server/billing/shared/plans.ts'

/** Task identifiers, as the worker's task list and the jobs table know them. */
export const TASKS = {
	processDocument: 'process_document',
	appointmentReminder: 'appointment_reminder',
	pruneSessions: 'prune_sessions',
	releaseDeadWorkerJobs: 'release_dead_worker_jobs',
	sweepUploadTempFiles: 'sweep_upload_temp_files',
	sendEmail: 'send_email',
	buildDataExport: 'build_data_export',
	/** Deletes the zips of expired data exports (server/exports), every ten minutes. */
	deleteExpiredExports: 'delete_expired_exports',
	/** Deletes rate-limit attempts older than any window (server/rate-limits), hourly. */
	pruneRateLimitEvents: 'prune_rate_limit_events',
	/** Subscription renewals, trial ends, past-due cancellations and trial-ending notices (server/billing), every ten minutes. */
	billingTransitions: 'billing_transitions',
	/** One patient-portal connection's sync (server/portals): Sync now, after Connect, and daily after each sync. */
	portalSync: 'portal_sync',
} as const

export type TaskName = (typeof TASKS)[keyof typeof TASKS]

export const PROCESS_DOCUMENT_MAX_ATTEMPTS = 3
export const APPOINTMENT_REMINDER_MAX_ATTEMPTS = 5
/** graphile-worker waits exp(attempt) seconds between tries: 10 attempts span about 3.5 hours. */
export const SEND_EMAIL_MAX_ATTEMPTS = 10
export const BUILD_DATA_EXPORT_MAX_ATTEMPTS = 3
export const PORTAL_SYNC_MAX_ATTEMPTS = 3
/**
 * Portal syncs run in this one named queue: graphile-worker runs a queue's jobs one after
 * another, so a connection never syncs twice at once, and however many portals answer slowly
 * they hold one of the worker's slots: uploads keep the others (issue 40's fairness target).
 */
export const PORTAL_SYNC_QUEUE = 'portal-sync'

export type ReminderKey = '24h' | '1h'

/** Job keys: one queued job per document, and per appointment and reminder. */
export const JOB_KEYS = {
	processDocument: (documentId: string) => `document:${documentId}`,
	appointmentReminder: (appointmentId: string, reminder: ReminderKey) => `appointment-reminder:${appointmentId}:${reminder}`,
	sendEmail: (messageId: string) => `email:${messageId}`,
	buildDataExport: (exportId: string) => `data-export:${exportId}`,
	portalSync: (connectionId: string) => `portal-sync:${connectionId}`,
}

export const ProcessDocumentPayloadSchema = z.object({ organizationId: z.string().uuid(), documentId: z.string().uuid() })
export type ProcessDocumentPayload = z.infer<typeof ProcessDocumentPayloadSchema>

export const ReminderPayloadSchema = z.object({
	organizationId: z.string().uuid(),
	appointmentId: z.string().uuid(),
	kind: z.enum(['24h', '1h']),
	/** The start the reminder was scheduled for (ISO 8601, UTC). */
	startsAt: z.string().datetime(),
})
export type ReminderPayload = z.infer<typeof ReminderPayloadSchema>

export const SendEmailPayloadSchema = z.object({ messageId: z.string().uuid() })
export type SendEmailPayload = z.infer<typeof SendEmailPayloadSchema>

export const BuildDataExportPayloadSchema = z.object({ exportId: z.string().uuid() })
export type BuildDataExportPayload = z.infer<typeof BuildDataExportPayloadSchema>

export const PortalSyncPayloadSchema = z.object({ organizationId: z.string().uuid(), connectionId: z.string().uuid() })
export type PortalSyncPayload = z.infer<typeof PortalSyncPayloadSchema>

/** Anything that runs a statement: the pool, a platform or a tenant transaction. */
export type JobExecutor = { execute: (query: SQL) => PromiseLike<unknown> }

/** The one `add_job` call: a checked payload under its job key, with the task's attempts and, where given, its time, priority and key mode. */
async function addJob(
	tx: JobExecutor,
	task: TaskName,
	payload: unknown,
	options: { jobKey: string; maxAttempts: number; runAt?: Date; priority?: SQL; jobKeyMode?: 'replace' | 'preserve_run_at'; queueName?: string },
): Promise<void> {
	const named = [sql`job_key := ${options.jobKey}`, sql`max_attempts := ${options.maxAttempts}::int`]
	if (options.queueName) named.push(sql`queue_name := ${options.queueName}`)
	if (options.runAt) named.push(sql`run_at := ${options.runAt.toISOString()}::timestamptz`)
	if (options.priority) named.push(sql`priority := (${options.priority})`)
	if (options.jobKeyMode) named.push(sql`job_key_mode := ${options.jobKeyMode}`)
	await tx.execute(sql`select graphile_worker.add_job(${task}, ${JSON.stringify(payload)}::json, ${sql.join(named, sql`, `)})`)
}

/** One place in a tenant's line of waiting documents weighs more than the whole span of OCR priorities (0 to 10). */
export const FAIR_QUEUE_STEP = 15

/**
 * The priority of a tenant's next document (lower runs first): its place in
 * the tenant's own line of waiting documents first, the plan's OCR priority
 * within the same place. So the workers take documents round-robin between
 * tenants: a tenant's k-th waiting document runs after every tenant's
 * (k-1)-th, and one tenant's backlog delays another tenant's next document
 * by at most one document per worker.
 */
export function fairDocumentPriority(plan: PlanId, waitingOfTenant: number) {
	return waitingOfTenant * FAIR_QUEUE_STEP + ocrJobPriority(plan)
}

/**
 * Queues a document's extraction under its job key at the tenant's fair
 * priority (fairDocumentPriority: the tenant's waiting documents, then the
 * plan's OCR priority), the upload and the owner's retry alike. A job
 * already waiting under the key is replaced (and not counted). Uploads of
 * one organization queue one at a time (its advisory lock in
 * storeUploadedDocument), so the count is exact for them.
 */
export async function enqueueProcessDocument(tx: JobExecutor, payload: ProcessDocumentPayload, options: { plan: PlanId }): Promise<void> {
	const checked = ProcessDocumentPayloadSchema.parse(payload)
	const jobKey = JOB_KEYS.processDocument(checked.documentId)
	// graphile-worker's public `jobs` view has no payload: its job table is read (0.17's `_private_jobs`).
	const waiting = sql`(select count(*)::int from graphile_worker._private_jobs j join graphile_worker._private_tasks t on t.id = j.task_id
		where t.identifier = ${TASKS.processDocument} and j.payload->>'organizationId' = ${checked.organizationId}
		and j.locked_at is null and j.attempts < j.max_attempts and j.key is distinct from ${jobKey})`
	await addJob(tx, TASKS.processDocument, checked, {
		jobKey,
		maxAttempts: PROCESS_DOCUMENT_MAX_ATTEMPTS,
		priority: sql`${waiting} * ${FAIR_QUEUE_STEP}::int + ${ocrJobPriority(options.plan)}::int`,
	})
}

/** Removes a document's waiting extraction job (the document was deleted). */
export async function removeProcessDocumentJob(tx: JobExecutor, documentId: string): Promise<void> {
	await tx.execute(sql`select graphile_worker.remove_job(${JOB_KEYS.processDocument(documentId)})`)
}

/** Queues (or moves, under the same key) one reminder of an appointment to run at `runAt`. */
export async function enqueueAppointmentReminder(tx: JobExecutor, payload: ReminderPayload, options: { runAt: Date }): Promise<void> {
	const checked = ReminderPayloadSchema.parse(payload)
	await addJob(tx, TASKS.appointmentReminder, checked, {
		jobKey: JOB_KEYS.appointmentReminder(checked.appointmentId, checked.kind),
		maxAttempts: APPOINTMENT_REMINDER_MAX_ATTEMPTS,
		runAt: options.runAt,
		jobKeyMode: 'replace',
	})
}

/** Removes one waiting reminder of an appointment (cancelled, deleted, or the reminder's time has passed). */
export async function removeAppointmentReminderJob(tx: JobExecutor, appointmentId: string, reminder: ReminderKey): Promise<void> {
	await tx.execute(sql`select graphile_worker.remove_job(${JOB_KEYS.appointmentReminder(appointmentId, reminder)})`)
}

/** Queues the sending of one outbox message (server/email's queueEmail, in the transaction that wrote it). */
export async function enqueueSendEmail(tx: JobExecutor, payload: SendEmailPayload): Promise<void> {
	const checked = SendEmailPayloadSchema.parse(payload)
	await addJob(tx, TASKS.sendEmail, checked, { jobKey: JOB_KEYS.sendEmail(checked.messageId), maxAttempts: SEND_EMAIL_MAX_ATTEMPTS })
}

/** Queues the building of a user's data export (server/account's requestDataExport, in the transaction that wrote its row). */
export async function enqueueBuildDataExport(tx: JobExecutor, payload: BuildDataExportPayload): Promise<void> {
	const checked = BuildDataExportPayloadSchema.parse(payload)
	await addJob(tx, TASKS.buildDataExport, checked, { jobKey: JOB_KEYS.buildDataExport(checked.exportId), maxAttempts: BUILD_DATA_EXPORT_MAX_ATTEMPTS })
}

/**
 * Queues a portal connection's sync in the portal queue (PORTAL_SYNC_QUEUE). `now` (Connect,
 * Sync now) moves a waiting sync to now; `later` (the daily refresh each sync schedules) keeps
 * a waiting sync's time, so a Sync now pressed during a sync is not pushed back a day.
 */
export async function enqueuePortalSync(tx: JobExecutor, payload: PortalSyncPayload, options: { runAt: Date; mode: 'now' | 'later' }): Promise<void> {
	const checked = PortalSyncPayloadSchema.parse(payload)
	await addJob(tx, TASKS.portalSync, checked, {
		jobKey: JOB_KEYS.portalSync(checked.connectionId),
		maxAttempts: PORTAL_SYNC_MAX_ATTEMPTS,
		runAt: options.runAt,
		jobKeyMode: options.mode === 'now' ? 'replace' : 'preserve_run_at',
		queueName: PORTAL_SYNC_QUEUE,
	})
}

/** Removes a connection's waiting sync (it was disconnected). */
export async function removePortalSyncJob(tx: JobExecutor, connectionId: string): Promise<void> {
	await tx.execute(sql`select graphile_worker.remove_job(${JOB_KEYS.portalSync(connectionId)})`)
}
