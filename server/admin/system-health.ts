import { readFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { createRequire } from 'node:module'
import { sql } from 'drizzle-orm'
import { getDb } from '#db/client.ts'
import { getOutboxSummary } from '#server/email/index.ts'
import { getEnv } from '#server/env.server.ts'
import { repeatedJobFailures } from '#server/queue/job-outcomes.ts'
import { lowDiskAlert } from './alerts.ts'
import { hostLoad } from './host.ts'

const require = createRequire(import.meta.url)

function packageVersion(name: string) {
	try {
		return (require(`${name}/package.json`) as { version: string }).version
	} catch {
		return null
	}
}

/** The app's version from the package.json it runs from (npm start and dev run in the project folder). */
function appVersion() {
	try {
		return (JSON.parse(readFileSync(path.join(process.cwd(), 'package.json'), 'utf8')) as { version: string }).version
	} catch {
		return null
	}
}

/** The worker processes' liveness connections (server/jobs/job-recovery.ts) refresh every 15 s: a heartbeat older than a minute means none is alive. */
const HEARTBEAT_STALE_SECONDS = 60

/**
 * Live figures of this machine, the database, the job queue, the worker and
 * the e-mail outbox (superadmin only).
 */
export async function getSystemHealth() {
	const db = getDb()
	const host = await hostLoad()
	const machine = {
		cpuLoadPercent: host.cpuPercent,
		memoryUsedPercent: host.memoryPercent,
		diskUsedPercent: host.storagePercent,
		diskFreeBytes: host.diskFreeBytes,
		diskTotalBytes: host.diskTotalBytes,
		isDiskLow: lowDiskAlert(host, new Date()) !== null,
		dataDir: getEnv().dataDir,
		totalMemoryBytes: host.totalMemoryBytes,
		cpus: host.cpus,
		uptimeSeconds: Math.round(process.uptime()),
		hostUptimeSeconds: Math.round(os.uptime()),
		nodeVersion: process.version,
		versions: {
			app: appVersion(),
			remix: packageVersion('@remix-run/node'),
			graphileWorker: packageVersion('graphile-worker'),
			drizzle: packageVersion('drizzle-orm'),
		},
	}
	const started = performance.now()
	const [database] = await db.execute<{ size: string; connections: number; version: string }>(
		sql`select pg_database_size(current_database())::bigint as size, (select count(*)::int from pg_stat_activity where datname = current_database()) as connections, current_setting('server_version') as version`,
	)
	const databaseMs = performance.now() - started
	const [[queue], [tenants], [worker]] = await Promise.all([
		// waiting: due now and not taken (what 'Oldest waiting' is the oldest of); scheduled: due later (a retry's back-off, a timed job)
		db.execute<{ pending: number; scheduled: number; running: number; failed: number; failedLastDay: number; oldestWaiting: Date | null }>(sql`
			select count(*) filter (where locked_at is null and attempts < max_attempts and run_at <= now())::int as pending,
				count(*) filter (where locked_at is null and attempts < max_attempts and run_at > now())::int as scheduled,
				count(*) filter (where locked_at is not null)::int as running,
				count(*) filter (where attempts >= max_attempts)::int as failed,
				count(*) filter (where attempts >= max_attempts and updated_at > now() - interval '24 hours')::int as "failedLastDay",
				min(run_at) filter (where locked_at is null and attempts < max_attempts and run_at <= now()) as "oldestWaiting"
			from graphile_worker.jobs`),
		db.execute<{ schemas: number }>(sql`select count(*)::int as schemas from pg_namespace where nspname like 'org\\_%'`),
		db.execute<{ processes: number; lastHeartbeat: Date | null }>(sql`
			select count(*)::int as processes, max(coalesce(state_change, backend_start)) as "lastHeartbeat"
			from pg_stat_activity where application_name = 'carebook-worker-liveness'`),
	])
	const lastHeartbeat = worker!.lastHeartbeat ? new Date(worker!.lastHeartbeat) : null
	const isAlive = worker!.processes > 0 && !!lastHeartbeat && Date.now() - lastHeartbeat.getTime() < HEARTBEAT_STALE_SECONDS * 1000 * 5
	const repeatedFailures = await repeatedJobFailures()
	return {
		database: {
			isReachable: true,
			version: database!.version,
			sizeBytes: Number(database!.size),
			connections: database!.connections,
			responseMs: Math.round(databaseMs * 10) / 10,
			tenantSchemas: tenants!.schemas,
		},
		queue: {
			pending: queue!.pending,
			scheduled: queue!.scheduled,
			running: queue!.running,
			failed: queue!.failed,
			failedLastDay: queue!.failedLastDay,
			oldestWaiting: queue!.oldestWaiting ? new Date(queue!.oldestWaiting).toISOString() : null,
		},
		worker: {
			processes: worker!.processes,
			lastHeartbeat: lastHeartbeat?.toISOString() ?? null,
			isAlive,
			/** 'degraded': alive, but some task's last attempts all failed the same way (they are listed). */
			status: !isAlive ? ('no-heartbeat' as const) : repeatedFailures.length ? ('degraded' as const) : ('alive' as const),
			repeatedFailures,
		},
		email: await getOutboxSummary(),
		machine,
	}
}
