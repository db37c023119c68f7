import { getEnv } from '#server/env.server.ts'

/**
 * The app's public origin for links we hand out (e-mails, share links, calendar feeds,
 * sign-in redirects): APP_ORIGIN where set (always in production), else the request's
 * own origin, else (a job, no request) the local server.
 */
export function appOrigin(request?: Request): string {
	const env = getEnv()
	if (env.APP_ORIGIN) return env.APP_ORIGIN
	return request ? new URL(request.url).origin : `http://localhost:${env.PORT}`
}
