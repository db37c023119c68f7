import { sql } from 'drizzle-orm'
import { getDb } from '#db/client.ts'
import { adminAlertAcknowledgements } from '#db/schema/platform.ts'
import { PLANS, type PlanId } from '#server/billing/index.ts'
import { auditAdminAction, type AdminActor } from './actor.ts'
import { documentCounters, type TenantDocumentTotals } from '#server/documents/index.ts'
import { SMTP_NOT_CONFIGURED } from '#server/email/index.ts'
import { repeatedJobFailures } from '#server/queue/job-outcomes.ts'
import { hostLoad } from './host.ts'

export type AdminAlert = {
	/** Stable per event, so an acknowledgement hides that event and no other. */
	key: string
	level: 'warning' | 'info' | 'success'
	title: string
	message: string
	at: string
	href: string | null
	acknowledgedAt: string | null
}

const DAY_MS = 86_400_000
/** Organizations above this share of their plan's storage raise an alert. */
export const STORAGE_ALERT_PERCENT = 90
/** Account lockouts of one user within a day that raise an alert. */
export const REPEATED_LOCKOUTS = 2
/** The data directory's disk raises an alert below this share free, or below LOW_DISK_FREE_BYTES, well before uploads are refused for want of room. */
export const LOW_DISK_FREE_PERCENT = 10
export const LOW_DISK_FREE_BYTES = 1_000_000_000

/**
 * Alerts from real events, newest first: low disk space where the data
 * lives, a worker whose jobs keep failing the same way (degraded),
 * permanently failed jobs, e-mails that could not be sent in the last day
 * (one alert), past-due subscriptions, organizations near their storage
 * limit, repeated login lockouts (warnings); organizations created in the
 * last day (info);
 * payments processed in the last day (success). Acknowledged ones are left
 * out unless asked for.
 */
export async function listAlerts(options: { now?: Date; limit?: number; includeAcknowledged?: boolean; documents?: TenantDocumentTotals[] } = {}) {
	const now = options.now ?? new Date()
	const since = new Date(now.getTime() - DAY_MS).toISOString()
	const db = getDb()
	const [failedJobs, pastDue, lockouts, newOrganizations, payments, plans, acknowledged, failedEmails, repeatedFailures, host] = await Promise.all([
		db.execute<{ id: string; task: string; attempts: number; at: Date }>(sql`
			select id::text, task_identifier as task, attempts, updated_at as at from graphile_worker.jobs
			where attempts >= max_attempts order by updated_at desc limit 50`),
		db.execute<{ id: string; organizationId: string; name: string; at: Date }>(sql`
			select s.id, o.id as "organizationId", o.name, s.updated_at as at from app.subscriptions s join app.organizations o on o.id = s.organization_id
			where s.status = 'past_due' order by s.updated_at desc limit 50`),
		db.execute<{ userId: string; locks: number; at: Date }>(sql`
			select actor_user_id as "userId", count(*)::int as locks, max(created_at) as at from app.audit_log
			where action = 'auth.account_locked' and created_at >= ${since}::timestamptz and actor_user_id is not null
			group by actor_user_id having count(*) >= ${REPEATED_LOCKOUTS} order by max(created_at) desc limit 50`),
		db.execute<{ id: string; name: string; at: Date }>(sql`
			select id, name, created_at as at from app.organizations where kind = 'organization' and created_at >= ${since}::timestamptz order by created_at desc limit 20`),
		db.execute<{ id: string; subscriptionId: string; at: Date }>(sql`
			select id, target_id as "subscriptionId", created_at as at from app.audit_log
			where action = 'subscription.payment_processed' and created_at >= ${since}::timestamptz order by created_at desc limit 20`),
		db.execute<{ organizationId: string; name: string; plan: PlanId }>(sql`
			select o.id as "organizationId", o.name, coalesce(s.plan, 'basic') as plan from app.organizations o left join app.subscriptions s on s.organization_id = o.id`),
		db.select().from(adminAlertAcknowledgements),
		db.execute<{ failed: number; notConfigured: number; at: Date | null }>(sql`
			select count(*)::int as failed, count(*) filter (where last_error_code = ${SMTP_NOT_CONFIGURED})::int as "notConfigured",
				max(coalesce(last_attempt_at, created_at)) as at
			from app.email_outbox where status = 'failed' and coalesce(last_attempt_at, created_at) >= ${since}::timestamptz`),
		repeatedJobFailures(),
		hostLoad(),
	])
	const documents = options.documents ?? (await documentCounters(now))
	const bytesById = new Map(documents.map((row) => [row.organizationId, row.bytes]))
	const alerts: Omit<AdminAlert, 'acknowledgedAt'>[] = []
	const disk = lowDiskAlert(host, now)
	if (disk) alerts.push(disk)
	for (const failure of repeatedFailures) {
		alerts.push({
			// Keyed by the latest failure: acknowledging hides this run of failures, a new one raises it again.
			key: `worker-degraded:${failure.task}:${failure.errorCode}:${new Date(failure.lastFailedAt).getTime()}`,
			level: 'warning',
			title: 'Worker degraded',
			message: `The last ${failure.failures} ${failure.task} jobs failed the same way (${failure.errorCode}${failure.errorMessage ? `: ${failure.errorMessage}` : ''}).`,
			at: failure.lastFailedAt,
			href: '/admin/system',
		})
	}
	for (const job of failedJobs) {
		alerts.push({
			key: `job:${job.id}:${job.attempts}`,
			level: 'warning',
			title: 'Background job failed',
			message: `A ${job.task} job failed after ${job.attempts} attempts.`,
			at: iso(job.at),
			href: '/admin/documents',
		})
	}
	const emails = failedEmails[0]
	if (emails && emails.failed > 0 && emails.at) {
		alerts.push({
			// Keyed by the latest failure: acknowledging hides these, a new failure raises it again.
			key: `email-failures:${new Date(emails.at).getTime()}`,
			level: 'warning',
			title: emailFailureTitle(emails),
			message: emailFailureMessage(emails),
			at: iso(emails.at),
			href: '/admin/system',
		})
	}
	for (const row of pastDue) {
		alerts.push({
			key: `past-due:${row.id}:${new Date(row.at).getTime()}`,
			level: 'warning',
			title: 'Subscription past due',
			message: `${row.name} has a past-due subscription.`,
			at: iso(row.at),
			href: `/admin/subscriptions/${row.id}`,
		})
	}
	for (const row of plans) {
		const usedMb = (bytesById.get(row.organizationId) ?? 0) / 1_000_000
		const percent = (usedMb / PLANS[row.plan].storageLimitMb) * 100
		if (percent > STORAGE_ALERT_PERCENT) {
			alerts.push({
				key: `storage:${row.organizationId}:${row.plan}`,
				level: 'warning',
				title: 'Storage almost full',
				message: `${row.name} uses ${Math.round(percent)}% of its storage.`,
				at: now.toISOString(),
				href: `/admin/tenants/${row.organizationId}`,
			})
		}
	}
	for (const row of lockouts) {
		alerts.push({
			key: `lockouts:${row.userId}:${new Date(row.at).getTime()}`,
			level: 'warning',
			title: 'Repeated login lockouts',
			message: `An account was locked ${row.locks} times in the last 24 hours.`,
			at: iso(row.at),
			href: `/admin/users/${row.userId}`,
		})
	}
	for (const row of newOrganizations) {
		alerts.push({
			key: `organization:${row.id}`,
			level: 'info',
			title: 'New organization',
			message: `${row.name} was created.`,
			at: iso(row.at),
			href: `/admin/tenants/${row.id}`,
		})
	}
	for (const row of payments) {
		alerts.push({
			key: `payment:${row.id}`,
			level: 'success',
			title: 'Payment processed',
			message: 'A past-due payment was processed.',
			at: iso(row.at),
			href: `/admin/subscriptions/${row.subscriptionId}`,
		})
	}
	const acknowledgedAt = new Map(acknowledged.map((row) => [row.alertKey, row.acknowledgedAt.toISOString()]))
	return alerts
		.map((alert) => ({ ...alert, acknowledgedAt: acknowledgedAt.get(alert.key) ?? null }))
		.filter((alert) => options.includeAcknowledged || !alert.acknowledgedAt)
		.sort((a, b) => b.at.localeCompare(a.at))
		.slice(0, options.limit ?? 200)
}

/** A warning while the data directory's disk has little room left (checked on each read of the alerts; one a day once acknowledged). */
export function lowDiskAlert(host: { diskFreeBytes: number | null; diskTotalBytes: number | null }, now: Date): Omit<AdminAlert, 'acknowledgedAt'> | null {
	if (host.diskFreeBytes === null || !host.diskTotalBytes) return null
	const freePercent = (host.diskFreeBytes / host.diskTotalBytes) * 100
	if (freePercent >= LOW_DISK_FREE_PERCENT && host.diskFreeBytes >= LOW_DISK_FREE_BYTES) return null
	return {
		key: `disk-low:${now.toISOString().slice(0, 10)}`,
		level: 'warning',
		title: 'Disk space low',
		message: `The disk holding the data directory has ${(host.diskFreeBytes / 1e9).toFixed(1)} GB free (${Math.floor(freePercent)}%). Uploads are refused once it is full: make room or grow the volume.`,
		at: now.toISOString(),
		href: '/admin/system',
	}
}

function emailFailureTitle(emails: { failed: number; notConfigured: number }) {
	return emails.notConfigured > 0 ? 'E-mail is not configured' : 'E-mail delivery failing'
}

function emailFailureMessage(emails: { failed: number; notConfigured: number }) {
	const count = emails.failed === 1 ? '1 e-mail' : `${emails.failed} e-mails`
	return emails.notConfigured > 0
		? `${count} could not be sent in the last 24 hours: no e-mail relay is set (SMTP_URL and MAIL_FROM, see the README).`
		: `${count} could not be delivered in the last 24 hours. See System Health for the error codes.`
}

function iso(value: Date | string) {
	return new Date(value).toISOString()
}

export async function acknowledgeAlert(actor: AdminActor, alertKey: string) {
	await getDb().transaction(async (tx) => {
		await tx.insert(adminAlertAcknowledgements).values({ alertKey, acknowledgedBy: actor.userId }).onConflictDoNothing()
		await auditAdminAction(actor, 'alert.acknowledge', { type: 'alert', id: alertKey.slice(0, 200) }, undefined, tx)
	})
}
