import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { data } from '@remix-run/node'
import { useActionData, useLoaderData } from '@remix-run/react'
import { TwoFactorSettings } from '#app/components/settings/two-factor-settings.tsx'
import { Card } from '#app/components/ui/card.tsx'
import { getTwoFactorView } from '#server/account/index.ts'
import { answerTwoFactorIntent, isTwoFactorIntent } from '#server/account/two-factor-actions.ts'
import { requireAdmin } from '#server/auth/index.ts'

/** The administrator's own account security: the same two-factor set-up as the patients' Settings. */
export async function loader({ request }: LoaderFunctionArgs) {
	const { user } = await requireAdmin(request)
	return { twoFactor: await getTwoFactorView(user) }
}

export async function action({ request, context }: ActionFunctionArgs) {
	const { user } = await requireAdmin(request)
	const formData = await request.formData()
	const intent = String(formData.get('intent') ?? '')
	// An unknown intent is not repeated back.
	if (!isTwoFactorIntent(intent)) return data({ intent: '', result: undefined, recoveryCodes: null }, { status: 400 })
	return answerTwoFactorIntent(request, { userId: user.id, ipAddress: context.clientIp }, intent, formData, '/admin/security')
}

export const meta: MetaFunction = () => [{ title: 'Account security · Carebook Admin' }]

export default function AdminSecurityRoute() {
	const { twoFactor } = useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>()
	return (
		<div className="mx-auto max-w-3xl space-y-6">
			<h1 className="text-2xl font-semibold">Account security</h1>
			<Card>
				<TwoFactorSettings
					status={twoFactor}
					recoveryCodes={actionData?.recoveryCodes ?? null}
					lastResult={actionData?.result}
					lastIntent={actionData?.intent}
				/>
			</Card>
		</div>
	)
}
