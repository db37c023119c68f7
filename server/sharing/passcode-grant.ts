import { createCookie } from '@remix-run/node'
import { z } from 'zod'
import { isServedOverHttps } from '#server/auth/cookies.ts'
import { signingSecret } from '#server/http/signing-secret.ts'

/**
 * After a right passcode the visitor's browser keeps a signed cookie naming
 * the share (never the token or the passcode) for an hour, so the page and
 * its files open without asking again. Scoped to /shared; HttpOnly; Secure
 * with the `__Secure-` prefix over https. The link itself is checked on
 * every request: a revoked link refuses whatever the cookie says.
 */
export const PASSCODE_GRANT_MS = 60 * 60 * 1000
const MAX_GRANTS = 20
const COOKIE_NAME = 'carebook_share_access'

const GrantsSchema = z.array(z.object({ s: z.string().uuid(), u: z.number().int() })).max(MAX_GRANTS)
type Grants = z.infer<typeof GrantsSchema>

const cookies = new Map<string, ReturnType<typeof createCookie>>()

function grantCookie(request: Request) {
	const isHttps = isServedOverHttps(request)
	const name = isHttps ? `__Secure-${COOKIE_NAME}` : COOKIE_NAME
	let cookie = cookies.get(name)
	if (!cookie) {
		cookie = createCookie(name, {
			path: '/shared',
			httpOnly: true,
			sameSite: 'lax',
			secure: isHttps,
			maxAge: PASSCODE_GRANT_MS / 1000,
			secrets: [signingSecret()],
		})
		cookies.set(name, cookie)
	}
	return cookie
}

async function readGrants(request: Request, now: number): Promise<Grants> {
	const parsed = GrantsSchema.safeParse(await grantCookie(request).parse(request.headers.get('cookie')))
	return parsed.success ? parsed.data.filter((grant) => grant.u > now) : []
}

/** The shares this browser gave the right passcode for, within the last hour. */
export async function grantedShareIds(request: Request, now = Date.now()): Promise<string[]> {
	return (await readGrants(request, now)).map((grant) => grant.s)
}

/** The Set-Cookie value that adds `shareId` to the browser's grants (the newest kept). */
export async function grantShareCookie(request: Request, shareId: string, now = Date.now()): Promise<string> {
	const kept = (await readGrants(request, now)).filter((grant) => grant.s !== shareId)
	const grants: Grants = [...kept, { s: shareId, u: now + PASSCODE_GRANT_MS }].slice(-MAX_GRANTS)
	return grantCookie(request).serialize(grants)
}
