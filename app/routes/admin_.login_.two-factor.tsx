import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useActionData } from '@remix-run/react'
import { TwoFactorForm } from '#app/components/two-factor-form.tsx'
import { Card } from '#app/components/ui/card.tsx'
import { answerTwoFactorChallenge, requireOpenChallenge } from '#server/account/two-factor-page.ts'

export async function loader({ request }: LoaderFunctionArgs) {
	return requireOpenChallenge(request, 'admin')
}

export async function action({ request, context }: ActionFunctionArgs) {
	return answerTwoFactorChallenge(request, 'admin', context.clientIp)
}

export const meta: MetaFunction = () => [{ title: 'Two-factor authentication · Carebook Admin' }]

export default function AdminTwoFactorRoute() {
	const actionData = useActionData<typeof action>()
	return (
		<div className="flex min-h-full flex-col justify-center bg-slate-900 px-6 py-12">
			<div className="sm:mx-auto sm:w-full sm:max-w-md">
				<p className="text-center text-2xl font-bold text-white">Carebook Admin</p>
				<Card className="mt-8">
					<TwoFactorForm lastResult={actionData?.result} loginPath="/admin/login" />
				</Card>
			</div>
		</div>
	)
}
