import { randomBytes } from 'node:crypto'
import { getEnv } from '#server/env.server.ts'

let processSecret: string | undefined

/**
 * The key of everything we sign (file links, the flash-toast cookie):
 * SIGNING_SECRET, required in production; without it (development, tests)
 * a random key for this process (signed things live minutes anyway).
 */
export function signingSecret(): string {
	const configured = getEnv().SIGNING_SECRET
	if (configured) return configured
	processSecret ??= randomBytes(32).toString('base64url')
	return processSecret
}
