import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { ConfirmLinkCard } from '#app/components/account/confirm-link-card.tsx'
import { confirmAddress, isAccountTokenUsable } from '#server/account/index.ts'
import { ACCOUNT_MESSAGES } from '#server/account/shared/messages.ts'
import { redirectWithToast } from '#server/notices/index.ts'

/** The sign-up confirmation link: a button that confirms (a GET changes nothing, so link scanners cannot confirm). */
export async function loader({ request }: LoaderFunctionArgs) {
	const token = new URL(request.url).searchParams.get('token') ?? ''
	const isUsable = await isAccountTokenUsable(token, 'email_confirm')
	// Only a usable token goes back into the page (its hidden field); anything else is not repeated.
	return { token: isUsable ? token : '', isUsable }
}

export async function action({ request, context }: ActionFunctionArgs) {
	const token = String((await request.formData()).get('token') ?? '').slice(0, 200)
	const result = await confirmAddress({ token, ipAddress: context.clientIp })
	if (!result.ok) return { message: result.message }
	return redirectWithToast(request, '/settings', {
		title: ACCOUNT_MESSAGES.addressConfirmed,
		description: ACCOUNT_MESSAGES.addressConfirmedDescription,
		tone: 'success',
	})
}

export const meta: MetaFunction = () => [{ title: 'Confirm your email address · Carebook' }]

export default function ConfirmAddressRoute() {
	const { token, isUsable } = useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>()
	return <ConfirmLinkCard token={token} isUsable={isUsable} message={actionData?.message} />
}
