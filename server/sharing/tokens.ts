import { sha256 } from '@oslojs/crypto/sha2'
import { encodeBase32LowerCaseNoPadding, encodeHexLowerCase } from '@oslojs/encoding'
import { sharedPagePath } from './shared/paths.ts'
import { appOrigin } from '#server/http/app-origin.ts'

/**
 * A share link's token: 32 random bytes in base32 (52 characters). The only
 * copy is the link given to the patient; the database keeps its SHA-256.
 */
const TOKEN_PATTERN = /^[a-z2-7]{52}$/

export function generateShareToken(): string {
	const bytes = new Uint8Array(32)
	crypto.getRandomValues(bytes)
	return encodeBase32LowerCaseNoPadding(bytes)
}

export function hashShareToken(token: string): string {
	return encodeHexLowerCase(sha256(new TextEncoder().encode(token)))
}

/** True when the text can be a token (anything else is refused before a query). */
export function isShareTokenShaped(token: string | undefined): token is string {
	return typeof token === 'string' && TOKEN_PATTERN.test(token)
}

/** The address the link opens: APP_ORIGIN (required in production), else the origin the request came to (development, tests). */
export function shareLinkUrl(request: Request, token: string): string {
	const origin = appOrigin(request)
	return `${origin}${sharedPagePath(token)}`
}
