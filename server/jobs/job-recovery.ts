import { EventEmitter } from 'node:events'
import type { WorkerEvents } from 'graphile-worker'
import postgres from 'postgres'
import { CONNECT_TIMEOUT_SECONDS, getSql } from '#db/client.ts'
import { failStrandedDocuments, markDocumentInterrupted } from '#server/documents/index.ts'
import { logger } from '#server/logger.ts'
import { ProcessDocumentPayloadSchema, TASKS } from '#server/queue/queue.ts'
import { sweepUploadTempFiles } from './sweep-upload-temp-files.ts'

/**
 * Getting back the jobs of a worker process that died (killed, out of
 * memory, its machine gone). graphile-worker 0.17 keeps such a job locked
 * for four hours. Here each worker process holds one PostgreSQL advisory
 * lock per graphile-worker pool and worker id (jobs are locked under one of
 * them) on a connection of its own, for as long as it lives. PostgreSQL
 * drops those locks when that connection ends: at once when the process
 * dies, within about 90 s when its machine vanishes (TCP keepalives on that
 * connection). A job locked under an id whose advisory lock is free belongs
 * to a dead process: `releaseJobsOfDeadWorkers` unlocks it with
 * graphile-worker's `force_unlock_workers`, so it runs again. That runs when
 * a worker starts (and once more a few seconds later) and every minute
 * (task-list.ts). A document job that died on its last attempt would never
 * run again: its document is marked failed ('processing_error', which the
 * owner can retry) instead.
 */

/** The first key of the two-key advisory lock space, reserved for worker liveness ('CBKW'). */
const LIVENESS_LOCK_CLASS = 0x43424b57
/** A job locked more recently than this is left alone (its worker may be taking its advisory lock right now). */
const LOCK_GRACE_SECONDS = 3
const REFRESH_MS = 15_000

export type WorkerLiveness = {
	/** Holds the advisory lock for a graphile worker (or pool) id from now on. */
	track(workerId: string): void
	/** Lets go of the locks of ids whose runner has ended, so their jobs count as a dead worker's. */
	untrack(workerIds: string[]): Promise<void>
	stop(): Promise<void>
}

/** A dedicated connection holding this process's liveness locks; re-takes them if the connection was replaced. */
export function holdWorkerLiveness(connectionString: string): WorkerLiveness {
	const sql = postgres(connectionString, {
		max: 1,
		// never recycled: that would drop the locks
		max_lifetime: 0,
		idle_timeout: 0,
		onnotice: () => {},
		connect_timeout: CONNECT_TIMEOUT_SECONDS,
		// the server notices a vanished machine within about 90 s
		connection: { application_name: 'carebook-worker-liveness', tcp_keepalives_idle: '60', tcp_keepalives_interval: '10', tcp_keepalives_count: '3' },
	})
	const ids = new Set<string>()
	let isStopped = false
	let pending: Promise<void> = Promise.resolve()

	async function lockAll() {
		if (isStopped || ids.size === 0) return
		const held = await sql<{ id: string }[]>`
			select w.id from unnest(${[...ids]}::text[]) as w(id)
			join pg_locks l on l.locktype = 'advisory' and l.pid = pg_backend_pid() and l.granted
				and l.classid = ${LIVENESS_LOCK_CLASS}::oid and l.objid = hashtext(w.id)::oid and l.objsubid = 2`
		const heldIds = new Set(held.map((row) => row.id))
		for (const id of ids) {
			if (!heldIds.has(id)) await sql`select pg_try_advisory_lock(${LIVENESS_LOCK_CLASS}::int, hashtext(${id}))`
		}
	}
	function refresh() {
		pending = pending.then(lockAll).catch((error: unknown) => {
			logger.warn('worker.liveness_lock_failed', { errorName: error instanceof Error ? error.name : 'unknown' })
		})
		return pending
	}
	const timer = setInterval(refresh, REFRESH_MS)
	timer.unref()
	return {
		track(workerId) {
			ids.add(workerId)
			void refresh()
		},
		async untrack(workerIds) {
			for (const id of workerIds) ids.delete(id)
			pending = pending.then(async () => {
				try {
					for (const id of workerIds) await sql`select pg_advisory_unlock(${LIVENESS_LOCK_CLASS}::int, hashtext(${id}))`
				} catch {
					// The connection could not say it: ending it lets go of every lock, and the next refresh takes the tracked ones again.
					await sql.end({ timeout: 1 }).catch(() => {})
				}
			})
			await pending
		},
		async stop() {
			isStopped = true
			clearInterval(timer)
			await pending
			await sql.end({ timeout: 5 })
		},
	}
}

type LockedJob = { id: string; lockedBy: string; taskIdentifier: string; attempts: number; maxAttempts: number; payload: unknown }

/** Unlocks the jobs of dead workers; returns how many jobs were released and how many documents were marked failed. */
export async function releaseJobsOfDeadWorkers(): Promise<{ released: number; failedDocuments: number }> {
	const sql = getSql()
	// the public view leaves the payload out; the document's ids are only there
	const locked = await sql<LockedJob[]>`
		select jobs.id::text as id, jobs.locked_by as "lockedBy", jobs.task_identifier as "taskIdentifier",
			jobs.attempts, jobs.max_attempts as "maxAttempts", private.payload
		from graphile_worker.jobs
		join graphile_worker._private_jobs as private on private.id = jobs.id
		where jobs.locked_by is not null and jobs.locked_at < now() - make_interval(secs => ${LOCK_GRACE_SECONDS})`
	if (locked.length === 0) return { released: 0, failedDocuments: 0 }
	const deadWorkers: string[] = []
	for (const workerId of new Set(locked.map((job) => job.lockedBy))) {
		// A free lock means no live process holds it; the transaction lets it go again at once.
		const [row] = await sql.begin(
			(tx) => tx<{ isFree: boolean }[]>`select pg_try_advisory_xact_lock(${LIVENESS_LOCK_CLASS}::int, hashtext(${workerId})) as "isFree"`,
		)
		if (row?.isFree) deadWorkers.push(workerId)
	}
	if (deadWorkers.length === 0) return { released: 0, failedDocuments: 0 }
	const orphaned = locked.filter((job) => deadWorkers.includes(job.lockedBy))
	await sql`select graphile_worker.force_unlock_workers(${deadWorkers}::text[])`
	let failedDocuments = 0
	const exhausted = orphaned.filter((job) => job.taskIdentifier === TASKS.processDocument && job.attempts >= job.maxAttempts)
	for (const job of exhausted) {
		const payload = ProcessDocumentPayloadSchema.safeParse(job.payload)
		if (payload.success && (await markDocumentInterrupted(payload.data))) failedDocuments++
	}
	if (exhausted.length)
		await sql`select graphile_worker.permanently_fail_jobs(${exhausted.map((job) => job.id)}::bigint[], 'worker stopped during the last attempt')`
	logger.warn('jobs.released_dead_workers', { workers: deadWorkers.length, jobs: orphaned.length, jobIds: orphaned.map((job) => job.id), failedDocuments })
	return { released: orphaned.length, failedDocuments }
}

/**
 * What a worker process does around graphile-worker's runner: at start,
 * release dead workers' jobs, fail documents no job will run and sweep
 * stale upload files; while running,
 * hold the liveness lock of every worker (and pool) id the runner creates.
 * Pass `events` to run().
 */
export async function startWorkerRecovery(
	connectionString: string,
): Promise<{ events: WorkerEvents; releaseRunner: () => Promise<void>; stop: () => Promise<void> }> {
	const liveness = holdWorkerLiveness(connectionString)
	const events: WorkerEvents = new EventEmitter()
	// the ids of the runner running now: when it ends without a stop, its locked jobs are a dead worker's
	let runnerIds: string[] = []
	events.on('pool:create', ({ workerPool }) => {
		runnerIds.push(workerPool.id)
		liveness.track(workerPool.id)
	})
	events.on('worker:create', ({ worker }) => {
		runnerIds.push(worker.workerId)
		liveness.track(worker.workerId)
	})
	const recover = async () => {
		try {
			await releaseJobsOfDeadWorkers()
			const failedDocuments = await failStrandedDocuments()
			if (failedDocuments) logger.warn('jobs.stranded_documents_failed', { failedDocuments })
		} catch (error) {
			// the cron task tries again within a minute
			logger.warn('worker.start_recovery_failed', { errorName: error instanceof Error ? error.name : 'unknown' })
		}
	}
	await recover()
	// A worker that died just now (the usual reason this one starts) may have locked its job within
	// the grace period: look again once it has passed rather than at the next minute.
	const again = setTimeout(recover, (LOCK_GRACE_SECONDS + 1) * 1000)
	again.unref()
	try {
		const removed = await sweepUploadTempFiles()
		if (removed) logger.info('jobs.swept_upload_temp_files', { removed })
	} catch (error) {
		logger.warn('worker.temp_sweep_failed', { errorName: error instanceof Error ? error.name : 'unknown' })
	}
	return {
		events,
		releaseRunner: async () => {
			const ids = runnerIds
			runnerIds = []
			await liveness.untrack(ids)
			await recover()
		},
		stop: async () => {
			clearTimeout(again)
			await liveness.stop()
		},
	}
}
