import { getFormProps, getInputProps, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod'
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useNavigation } from '@remix-run/react'
import { Alert } from '#app/components/ui/alert.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { Card } from '#app/components/ui/card.tsx'
import { Field } from '#app/components/ui/field.tsx'
import { AUTH_MESSAGES } from '#server/auth/shared/messages.ts'
import { RegisterSchema } from '#server/auth/shared/schemas.ts'
import { createSession, getSession, sessionCookie, signUpPatient } from '#server/auth/index.ts'
import { formReply } from '#server/errors/index.ts'
import { getDb } from '#db/client.ts'
import { sendAddressConfirmation } from '#server/account/index.ts'
import { ACCOUNT_MESSAGES } from '#server/account/shared/messages.ts'
import { redirectWithToast } from '#server/notices/index.ts'
import { appOrigin } from '#server/http/app-origin.ts'
import { saveDateOfBirth } from '#server/health/index.ts'
import { describeError, logger } from '#server/logger.ts'

export async function loader({ request }: LoaderFunctionArgs) {
	if (await getSession(request, 'patient')) throw redirect('/')
	return null
}

export async function action({ request, context }: ActionFunctionArgs) {
	const formData = await request.formData()
	const submission = parseWithZod(formData, { schema: RegisterSchema })
	const hideFields = ['password', 'confirmPassword']
	if (submission.status !== 'success') return formReply(submission, null, { hideFields })
	let created: Awaited<ReturnType<typeof signUpPatient>>
	try {
		created = await signUpPatient({ ...submission.value, ipAddress: context.clientIp, origin: appOrigin(request) })
	} catch (error) {
		logger.error('auth.register_failed', { requestId: context.requestId, ...describeError(error) })
		return data({ result: submission.reply({ formErrors: [AUTH_MESSAGES.registrationFailed], hideFields }) }, { status: 500 })
	}
	if (!created.ok) {
		// spec section 8: a 429 is a rate-limit warning in the log.
		if (created.kind === 'rate-limited') logger.warn('auth.register_rate_limited', { requestId: context.requestId, reason: created.code })
		return formReply(submission, created, { hideFields })
	}
	// The date of birth is the health profile's (matching records to their patient, decision 033).
	const { dateOfBirth } = submission.value
	if (dateOfBirth) await saveDateOfBirth({ userId: created.user.id, organizationId: created.organization.id }, dateOfBirth)
	const session = await createSession({
		userId: created.user.id,
		kind: 'patient',
		organizationId: created.organization.id,
	})
	// no e-mail but this link goes to the address until its owner opens it (server/account/email-confirmation.ts)
	await sendAddressConfirmation(getDb(), created.user, appOrigin(request))
	throw await redirectWithToast(
		request,
		'/',
		{ title: ACCOUNT_MESSAGES.checkEmailToConfirm, description: ACCOUNT_MESSAGES.checkEmailToConfirmDescription, tone: 'info' },
		{ headers: { 'Set-Cookie': sessionCookie('patient', session.token, request) } },
	)
}

export const meta: MetaFunction = () => [{ title: 'Create an account · Carebook' }]

export default function RegisterRoute() {
	const actionData = useActionData<typeof action>()
	const isSubmitting = useNavigation().state === 'submitting'
	const [form, fields] = useForm({
		id: 'register',
		lastResult: actionData?.result,
		onValidate: ({ formData }) => parseWithZod(formData, { schema: RegisterSchema }),
	})

	return (
		<Card>
			<h1 className="text-xl font-semibold">Create an account</h1>
			<p className="mt-1 text-sm text-slate-600 dark:text-slate-300">Keep your health records in one private place.</p>
			<Form method="post" className="mt-6 space-y-5" {...getFormProps(form)}>
				{form.errors?.length ? <Alert id={form.errorId}>{form.errors[0]}</Alert> : null}
				<fieldset disabled={isSubmitting} className="space-y-5">
					<Field
						label="Full Name"
						inputProps={{ ...getInputProps(fields.name, { type: 'text' }), autoComplete: 'name', autoFocus: true }}
						errors={fields.name.errors}
					/>
					<Field label="Email" inputProps={{ ...getInputProps(fields.email, { type: 'email' }), autoComplete: 'email' }} errors={fields.email.errors} />
					<Field
						label="Password"
						inputProps={{ ...getInputProps(fields.password, { type: 'password' }), autoComplete: 'new-password' }}
						errors={fields.password.errors}
					/>
					<Field
						label="Confirm Password"
						inputProps={{ ...getInputProps(fields.confirmPassword, { type: 'password' }), autoComplete: 'new-password' }}
						errors={fields.confirmPassword.errors}
					/>
					<Field
						label="Date of Birth (optional)"
						hint={AUTH_MESSAGES.dateOfBirthHint}
						inputProps={{ ...getInputProps(fields.dateOfBirth, { type: 'date' }), autoComplete: 'bday' }}
						errors={fields.dateOfBirth.errors}
					/>
					<Button type="submit" className="w-full" isPending={isSubmitting}>
						{isSubmitting ? 'Creating account...' : 'Create account'}
					</Button>
				</fieldset>
			</Form>
			<p className="mt-6 text-center text-sm text-slate-600 dark:text-slate-300">
				Already have an account?{' '}
				<Link to="/login" className="font-semibold text-brand-600 hover:underline">
					Sign in
				</Link>
			</p>
		</Card>
	)
}
