import { getEnv } from '#server/env.server.ts'
import { refuse, type Refusal } from '#server/errors/shared/result.ts'
import { giveBackAttempt, takeAttempt } from '#server/rate-limits/index.ts'
import { DOCUMENT_MESSAGES } from './shared/messages.ts'

/**
 * The upload rate limits: UPLOAD_USER_MAX_PER_WINDOW per user and
 * UPLOAD_ORGANIZATION_MAX_PER_WINDOW per organization within
 * UPLOAD_WINDOW_MINUTES, counted per request before its body is read, so one
 * client cannot fill the processing queue. Null when the upload may go on;
 * else a 429 refusal (the user's slot is given back when the organization's
 * limit refuses).
 */
export async function takeUploadSlot(uploader: { userId: string; organizationId: string }): Promise<Refusal<'too-many-uploads'> | null> {
	const env = getEnv()
	const windowMinutes = env.UPLOAD_WINDOW_MINUTES
	const userSlot = await takeAttempt({ bucket: 'upload-user', max: env.UPLOAD_USER_MAX_PER_WINDOW, windowMinutes }, uploader.userId)
	if (!userSlot) return refuse('rate-limited', 'too-many-uploads', DOCUMENT_MESSAGES.tooManyUploads)
	const organizationSlot = await takeAttempt(
		{ bucket: 'upload-organization', max: env.UPLOAD_ORGANIZATION_MAX_PER_WINDOW, windowMinutes },
		uploader.organizationId,
	)
	if (organizationSlot) return null
	await giveBackAttempt(userSlot.id)
	return refuse('rate-limited', 'too-many-uploads', DOCUMENT_MESSAGES.tooManyUploads)
}
