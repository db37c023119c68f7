import { getFormProps, getInputProps, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod'
import type { ActionFunctionArgs, MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useNavigation } from '@remix-run/react'
import { Alert } from '#app/components/ui/alert.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { Card } from '#app/components/ui/card.tsx'
import { Field } from '#app/components/ui/field.tsx'
import { requestPasswordReset } from '#server/account/index.ts'
import { ACCOUNT_MESSAGES } from '#server/account/shared/messages.ts'
import { ResetRequestSchema } from '#server/account/shared/schemas.ts'
import { formReply } from '#server/errors/index.ts'
import { redirectWithToast } from '#server/notices/index.ts'
import { appOrigin } from '#server/http/app-origin.ts'

export async function action({ request, context }: ActionFunctionArgs) {
	const submission = parseWithZod(await request.formData(), { schema: ResetRequestSchema })
	if (submission.status !== 'success') return formReply(submission)
	const origin = appOrigin(request)
	const result = await requestPasswordReset({ email: submission.value.email, ipAddress: context.clientIp, origin })
	if (!result.ok) return formReply(submission, result)
	// The same answer whether or not the address has an account.
	return redirectWithToast(request, '/login', { title: ACCOUNT_MESSAGES.resetRequested, description: ACCOUNT_MESSAGES.resetRequestedDescription, tone: 'info' })
}

export const meta: MetaFunction = () => [{ title: 'Forgot password · Carebook' }]

export default function ForgotPasswordRoute() {
	const actionData = useActionData<typeof action>()
	const isSubmitting = useNavigation().state === 'submitting'
	const [form, fields] = useForm({
		id: 'forgot-password',
		lastResult: actionData?.result,
		onValidate: ({ formData }) => parseWithZod(formData, { schema: ResetRequestSchema }),
	})
	return (
		<Card>
			<h1 className="text-xl font-semibold">Reset your password</h1>
			<p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
				Enter the email address of your account. We will send you a link to choose a new password.
			</p>
			<Form method="post" className="mt-6 space-y-5" {...getFormProps(form)}>
				{form.errors?.length ? <Alert id={form.errorId}>{form.errors[0]}</Alert> : null}
				<fieldset disabled={isSubmitting} className="space-y-5">
					<Field
						label="Email"
						inputProps={{ ...getInputProps(fields.email, { type: 'email' }), autoComplete: 'email', autoFocus: true }}
						errors={fields.email.errors}
					/>
					<Button type="submit" className="w-full" isPending={isSubmitting}>
						Send reset link
					</Button>
				</fieldset>
			</Form>
			<p className="mt-6 text-center text-sm">
				<Link to="/login" className="font-semibold text-brand-700 hover:underline dark:text-brand-100">
					Back to sign in
				</Link>
			</p>
		</Card>
	)
}
