import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto'
import { getEnv } from '#server/env.server.ts'

/**
 * Secrets at rest (portal tokens, PKCE verifiers, client secrets, Carebook's private signing
 * keys): AES-256-GCM under PORTAL_TOKEN_KEY, a fresh 12-byte IV per seal. A sealed value names
 * its key by a short fingerprint, so during a rotation PORTAL_TOKEN_KEY_PREVIOUS still opens
 * what the old key sealed (docs/decisions/031-portal-connections.md). Nothing here is logged.
 *
 *   v1.<key fingerprint>.<iv>.<tag>.<ciphertext>   (base64url parts)
 */

/** Outside production only: a fixed key, so tokens from the local test portal survive a restart. Never used in production. */
const DEVELOPMENT_KEY = createHash('sha256').update('carebook development portal token key (not for production)').digest()

export class SealKeyMissingError extends Error {
	constructor() {
		super('PORTAL_TOKEN_KEY is not set')
	}
}

export class SealOpenError extends Error {
	constructor(readonly reason: 'unknown_key' | 'malformed' | 'tampered') {
		super(`Sealed value could not be opened (${reason})`)
	}
}

export type SealKeys = { current: Buffer; previous: Buffer | null }

function fingerprint(key: Buffer) {
	return createHash('sha256').update(key).digest('base64url').slice(0, 8)
}

/** The keys from the environment; null in production without PORTAL_TOKEN_KEY (connections are then off). */
export function sealKeysFromEnv(env = getEnv()): SealKeys | null {
	const previous = env.PORTAL_TOKEN_KEY_PREVIOUS ? Buffer.from(env.PORTAL_TOKEN_KEY_PREVIOUS, 'base64') : null
	if (env.PORTAL_TOKEN_KEY) return { current: Buffer.from(env.PORTAL_TOKEN_KEY, 'base64'), previous }
	return env.isProduction ? null : { current: DEVELOPMENT_KEY, previous }
}

function requireKeys(keys: SealKeys | null): SealKeys {
	if (!keys) throw new SealKeyMissingError()
	return keys
}

export function seal(plain: string, keys: SealKeys | null = sealKeysFromEnv()): string {
	const { current } = requireKeys(keys)
	const iv = randomBytes(12)
	const cipher = createCipheriv('aes-256-gcm', current, iv)
	const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()])
	return ['v1', fingerprint(current), iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.')
}

export function open(sealed: string, keys: SealKeys | null = sealKeysFromEnv()): string {
	const { current, previous } = requireKeys(keys)
	const parts = sealed.split('.')
	if (parts.length !== 5 || parts[0] !== 'v1') throw new SealOpenError('malformed')
	const [, keyId, iv, tag, body] = parts as [string, string, string, string, string]
	const key = [current, previous].find((candidate) => candidate && fingerprint(candidate) === keyId)
	if (!key) throw new SealOpenError('unknown_key')
	try {
		const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'))
		decipher.setAuthTag(Buffer.from(tag, 'base64url'))
		return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8')
	} catch {
		throw new SealOpenError('tampered')
	}
}

/** Whether a sealed value was sealed by a key other than the current one (a rotation's leftover: seal it again). */
export function isSealedWithOldKey(sealed: string, keys: SealKeys | null = sealKeysFromEnv()): boolean {
	const { current } = requireKeys(keys)
	return sealed.split('.')[1] !== fingerprint(current)
}

export function sealJson(value: unknown, keys?: SealKeys | null): string {
	return seal(JSON.stringify(value), keys)
}

export function openJson<T>(sealed: string, keys?: SealKeys | null): T {
	return JSON.parse(open(sealed, keys)) as T
}
