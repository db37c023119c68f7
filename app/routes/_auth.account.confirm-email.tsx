import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { ConfirmLinkCard } from '#app/components/account/confirm-link-card.tsx'
import { confirmEmailChange, isAccountTokenUsable } from '#server/account/index.ts'
import { ACCOUNT_MESSAGES } from '#server/account/shared/messages.ts'
import { redirectWithToast } from '#server/notices/index.ts'

/** The e-mail change's link: a button that confirms (a GET changes nothing, so link scanners cannot confirm). */
export async function loader({ request }: LoaderFunctionArgs) {
	const token = new URL(request.url).searchParams.get('token') ?? ''
	const isUsable = await isAccountTokenUsable(token, 'email_change')
	// Only a usable token goes back into the page (its hidden field); anything else is not repeated.
	return { token: isUsable ? token : '', isUsable }
}

export async function action({ request, context }: ActionFunctionArgs) {
	const token = String((await request.formData()).get('token') ?? '').slice(0, 200)
	const result = await confirmEmailChange({ token, ipAddress: context.clientIp })
	if (!result.ok) return { message: result.message }
	return redirectWithToast(request, '/profile', {
		title: ACCOUNT_MESSAGES.emailChangeConfirmed,
		description: ACCOUNT_MESSAGES.emailChangeConfirmedDescription,
		tone: 'success',
	})
}

export const meta: MetaFunction = () => [{ title: 'Confirm your email address · Carebook' }]

export default function ConfirmEmailRoute() {
	const { token, isUsable } = useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>()
	return <ConfirmLinkCard token={token} isUsable={isUsable} message={actionData?.message} />
}
