import type { LoaderFunctionArgs } from '@remix-run/node'
import { requirePatient } from '#server/auth/index.ts'
import { redirectWithToast } from '#server/notices/index.ts'
import { completePortalSignIn } from '#server/portals/index.ts'
import { PORTAL_MESSAGES } from '#server/portals/shared/messages.ts'

/**
 * SMART App Launch's redirect URI: the portal sends the browser back here with a code and the
 * state (or an error). Every outcome goes back to the Connections page with a notice, never an
 * error page; the code and state never reach a log (the request log writes route patterns).
 */
export async function loader({ request }: LoaderFunctionArgs) {
	const patient = await requirePatient(request)
	const result = await completePortalSignIn(patient, new URL(request.url))
	if (!result.ok) return redirectWithToast(request, '/connections', { title: result.message, tone: 'error' })
	return redirectWithToast(request, '/connections', {
		title: result.isReconnect ? PORTAL_MESSAGES.reconnected(result.name) : PORTAL_MESSAGES.connected(result.name),
		tone: 'success',
	})
}
