import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { Alert } from '#app/components/ui/alert.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { Card } from '#app/components/ui/card.tsx'
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
	const isSubmitting = useNavigation().state === 'submitting'
	return (
		<Card>
			<h1 className="text-xl font-semibold">Confirm your email address</h1>
			{actionData?.message ? <Alert className="mt-6">{actionData.message}</Alert> : null}
			{isUsable ? (
				<Form method="post" className="mt-6">
					<input type="hidden" name="token" value={token} />
					<Button type="submit" className="w-full" isPending={isSubmitting}>
						Confirm email address
					</Button>
				</Form>
			) : (
				<Alert className="mt-6">{ACCOUNT_MESSAGES.linkInvalid}</Alert>
			)}
		</Card>
	)
}
