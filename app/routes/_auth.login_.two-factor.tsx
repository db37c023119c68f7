import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useActionData } from '@remix-run/react'
import { TwoFactorForm } from '#app/components/two-factor-form.tsx'
import { Card } from '#app/components/ui/card.tsx'
import { answerTwoFactorChallenge, requireOpenChallenge } from '#server/account/two-factor-page.ts'

export async function loader({ request }: LoaderFunctionArgs) {
	return requireOpenChallenge(request, 'patient')
}

export async function action({ request, context }: ActionFunctionArgs) {
	return answerTwoFactorChallenge(request, 'patient', context.clientIp)
}

export const meta: MetaFunction = () => [{ title: 'Two-factor authentication · Carebook' }]

export default function PatientTwoFactorRoute() {
	const actionData = useActionData<typeof action>()
	return (
		<Card>
			<TwoFactorForm lastResult={actionData?.result} loginPath="/login" />
		</Card>
	)
}
