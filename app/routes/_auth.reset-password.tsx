import { getFormProps, getInputProps, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { Alert } from '#app/components/ui/alert.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { Card } from '#app/components/ui/card.tsx'
import { Field } from '#app/components/ui/field.tsx'
import { isAccountTokenUsable, resetPassword } from '#server/account/index.ts'
import { ACCOUNT_MESSAGES } from '#server/account/shared/messages.ts'
import { ResetPasswordSchema } from '#server/account/shared/schemas.ts'
import { formReply } from '#server/errors/index.ts'
import { redirectWithToast } from '#server/notices/index.ts'

export async function loader({ request }: LoaderFunctionArgs) {
	const token = new URL(request.url).searchParams.get('token') ?? ''
	const isUsable = await isAccountTokenUsable(token, 'password_reset')
	// Only a usable token goes back into the page (its hidden field); anything else is not repeated.
	return { token: isUsable ? token : '', isUsable }
}

export async function action({ request, context }: ActionFunctionArgs) {
	const submission = parseWithZod(await request.formData(), { schema: ResetPasswordSchema })
	const hideFields = ['newPassword', 'confirmPassword']
	if (submission.status !== 'success') return formReply(submission, null, { hideFields })
	const result = await resetPassword({ ...submission.value, ipAddress: context.clientIp })
	if (!result.ok) return formReply(submission, result, { hideFields })
	return redirectWithToast(request, '/login', { title: ACCOUNT_MESSAGES.resetDone, description: ACCOUNT_MESSAGES.resetDoneDescription, tone: 'success' })
}

export const meta: MetaFunction = () => [{ title: 'Choose a new password · Carebook' }]

export default function ResetPasswordRoute() {
	const { token, isUsable } = useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>()
	const isSubmitting = useNavigation().state === 'submitting'
	const [form, fields] = useForm({
		id: 'reset-password',
		lastResult: actionData?.result,
		onValidate: ({ formData }) => parseWithZod(formData, { schema: ResetPasswordSchema }),
	})
	return (
		<Card>
			<h1 className="text-xl font-semibold">Choose a new password</h1>
			{isUsable ? (
				<Form method="post" className="mt-6 space-y-5" {...getFormProps(form)}>
					<input type="hidden" name="token" value={token} />
					{form.errors?.length ? <Alert id={form.errorId}>{form.errors[0]}</Alert> : null}
					<fieldset disabled={isSubmitting} className="space-y-5">
						<Field
							label="New Password"
							inputProps={{ ...getInputProps(fields.newPassword, { type: 'password' }), autoComplete: 'new-password', autoFocus: true }}
							errors={fields.newPassword.errors}
						/>
						<Field
							label="Confirm New Password"
							inputProps={{ ...getInputProps(fields.confirmPassword, { type: 'password' }), autoComplete: 'new-password' }}
							errors={fields.confirmPassword.errors}
						/>
						<Button type="submit" className="w-full" isPending={isSubmitting}>
							Reset password
						</Button>
					</fieldset>
				</Form>
			) : (
				<Alert className="mt-6">{ACCOUNT_MESSAGES.linkInvalid}</Alert>
			)}
			<p className="mt-6 text-center text-sm">
				<Link to={isUsable ? '/login' : '/forgot-password'} className="font-semibold text-brand-700 hover:underline dark:text-brand-100">
					{isUsable ? 'Back to sign in' : 'Ask for a new link'}
				</Link>
			</p>
		</Card>
	)
}
