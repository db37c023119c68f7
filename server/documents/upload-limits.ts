import { getEnv } from '#server/env.server.ts'
import type { Executor } from '#db/client.ts'
import { refuse, type Refusal } from '#server/errors/shared/result.ts'
import { countAttempts, giveBackAttempt, takeAttempt } from '#server/rate-limits/index.ts'
import { DOCUMENT_MESSAGES } from './shared/messages.ts'

/**
 * The upload limits: UPLOAD_USER_MAX_PER_WINDOW files per user and
 * UPLOAD_ORGANIZATION_MAX_PER_WINDOW per organization within
 * UPLOAD_WINDOW_MINUTES, so one client cannot fill the processing queue or
 * the store. One slot per file stored, whichever way it came: the upload
 * page's form (with or without JavaScript), the upload API, the REST API, the
 * records a FHIR file's references make, a retry (which processes the file
 * again), and any way files arrive later, since all of them store through
 * storeUploadedDocument or take a slot here.
 */

type Uploader = { userId: string; organizationId: string }

function limits() {
	const env = getEnv()
	const windowMinutes = env.UPLOAD_WINDOW_MINUTES
	return {
		user: { bucket: 'upload-user', max: env.UPLOAD_USER_MAX_PER_WINDOW, windowMinutes },
		organization: { bucket: 'upload-organization', max: env.UPLOAD_ORGANIZATION_MAX_PER_WINDOW, windowMinutes },
	}
}

export function tooManyUploads() {
	return refuse('rate-limited', 'too-many-uploads', DOCUMENT_MESSAGES.tooManyUploads)
}

/**
 * Takes one slot for a file about to be stored (given the caller's
 * transaction, it commits or rolls back with the file's row). Null when the
 * file may be stored; else a 429 refusal (the user's slot is given back when
 * the organization's limit refuses).
 */
export async function takeUploadSlot(uploader: Uploader, executor?: Executor): Promise<Refusal<'too-many-uploads'> | null> {
	const { user, organization } = limits()
	const userSlot = await takeAttempt(user, uploader.userId, executor)
	if (!userSlot) return tooManyUploads()
	const organizationSlot = await takeAttempt(organization, uploader.organizationId, executor)
	if (organizationSlot) return null
	await giveBackAttempt(userSlot.id, executor)
	return tooManyUploads()
}

/** Takes up to `wanted` slots, one at a time, until a limit refuses: how many were taken. */
export async function takeUploadSlots(uploader: Uploader, wanted: number, executor?: Executor): Promise<number> {
	let taken = 0
	while (taken < wanted && !(await takeUploadSlot(uploader, executor))) taken++
	return taken
}

/**
 * Whether the uploader has a slot left (read only, before a request's body
 * is read, so a client over the limit is refused without sending its files;
 * each file stored still takes its own slot).
 */
export async function refuseWithoutUploadSlot(uploader: Uploader): Promise<Refusal<'too-many-uploads'> | null> {
	const { user, organization } = limits()
	const [byUser, byOrganization] = await Promise.all([countAttempts(user, uploader.userId), countAttempts(organization, uploader.organizationId)])
	return byUser >= user.max || byOrganization >= organization.max ? tooManyUploads() : null
}
