import { hash, verify } from '@node-rs/argon2'

// Argon2id with the library's defaults (19 MiB, t=2, p=1): OWASP's baseline.
export function hashPassword(password: string) {
	return hash(password)
}

export async function verifyPassword(passwordHash: string, password: string) {
	try {
		return await verify(passwordHash, password)
	} catch {
		return false
	}
}

// Verifying against this keeps a login for an unknown e-mail as slow as a real one.
let dummyHash: Promise<string> | undefined
export function dummyPasswordHash() {
	dummyHash ??= hash('carebook-timing-equaliser')
	return dummyHash
}
