import { z } from 'zod'
import { safeText, TEXT_LIMITS } from '#server/validation/shared/text.ts'

/** Every key starts with this, so a leaked one is recognisable (and a session token is never taken for one). */
export const API_KEY_PREFIX = 'cbk_'
export const MAX_ACTIVE_API_KEYS = 10
const API_KEY_NAME_REQUIRED = 'Please enter a name for the key.'

/** The create-key form (Settings > API keys), shared by the form and its action. */
export const CreateApiKeySchema = z.object({
	intent: z.literal('create'),
	name: z.string({ required_error: API_KEY_NAME_REQUIRED }).pipe(safeText({ max: TEXT_LIMITS.title }).trim().min(1, API_KEY_NAME_REQUIRED)),
})

export const RevokeApiKeySchema = z.object({ intent: z.literal('revoke'), keyId: z.string().uuid() })
