import { sha256 } from '@oslojs/crypto/sha2'
import { encodeBase32LowerCaseNoPadding, encodeHexLowerCase } from '@oslojs/encoding'

/** 32 random bytes, base32: the only copy lives in the visitor's cookie. */
export function generateSessionToken() {
	const bytes = new Uint8Array(32)
	crypto.getRandomValues(bytes)
	return encodeBase32LowerCaseNoPadding(bytes)
}

/** What the database keeps: the SHA-256 of the token, hex. */
export function sessionIdFromToken(token: string) {
	return encodeHexLowerCase(sha256(new TextEncoder().encode(token)))
}
