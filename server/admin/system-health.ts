import os from 'node:os'
import { statfs } from 'node:fs/promises'
import { sql } from 'drizzle-orm'
import { getDb } from '#db/client.ts'
import { getOutboxSummary } from '#server/email/index.ts'
import { getEnv } from '#server/env.server.ts'

/** Live figures of this machine, the database, the job queue and the e-mail outbox (superadmin only). */
export async function getSystemHealth() {
	const db = getDb()
	const started = performance.now()
	const [database] = await db.execute<{ size: string; connections: number; version: string }>(
		sql`select pg_database_size(current_database())::bigint as size, (select count(*)::int from pg_stat_activity where datname = current_database()) as connections, current_setting('server_version') as version`,
	)
	const databaseMs = performance.now() - started
	const [queue] = await db.execute<{ pending: number; running: number; failed: number }>(
		sql`select count(*) filter (where locked_at is null and attempts < max_attempts)::int as pending, count(*) filter (where locked_at is not null)::int as running, count(*) filter (where attempts >= max_attempts)::int as failed from graphile_worker.jobs`,
	)
	const [tenants] = await db.execute<{ schemas: number }>(sql`select count(*)::int as schemas from pg_namespace where nspname like 'org\\_%'`)
	const disk = await statfs(getEnv().dataDir).catch(() => null)
	const memoryUsedPercent = ((os.totalmem() - os.freemem()) / os.totalmem()) * 100
	const cpuLoadPercent = (os.loadavg()[0]! / os.cpus().length) * 100
	return {
		database: {
			version: database!.version,
			sizeBytes: Number(database!.size),
			connections: database!.connections,
			responseMs: Math.round(databaseMs * 10) / 10,
			tenantSchemas: tenants!.schemas,
		},
		queue: queue!,
		email: await getOutboxSummary(),
		machine: {
			cpuLoadPercent: Math.round(cpuLoadPercent),
			memoryUsedPercent: Math.round(memoryUsedPercent),
			diskUsedPercent: disk ? Math.round((1 - disk.bavail / disk.blocks) * 100) : null,
			uptimeSeconds: Math.round(process.uptime()),
			nodeVersion: process.version,
		},
	}
}
