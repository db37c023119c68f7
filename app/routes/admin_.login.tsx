import { getFormProps, getInputProps, useForm } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod'
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, useActionData, useNavigation, useSearchParams } from '@remix-run/react'
import { useState } from 'react'
import { Alert } from '#app/components/ui/alert.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { Card } from '#app/components/ui/card.tsx'
import { Field } from '#app/components/ui/field.tsx'
import { AUTH_MESSAGES } from '#server/auth/shared/messages.ts'
import { LoginSchema } from '#server/auth/shared/schemas.ts'
import { getSession } from '#server/auth/index.ts'
import { answerSignIn } from '#server/account/sign-in-action.ts'

export async function loader({ request }: LoaderFunctionArgs) {
	if (await getSession(request, 'admin')) throw redirect('/admin')
	return null
}

export async function action({ request, context }: ActionFunctionArgs) {
	return answerSignIn(request, context, 'admin')
}

export const meta: MetaFunction = () => [{ title: 'Admin sign in · Carebook' }]

export default function AdminLoginRoute() {
	const actionData = useActionData<typeof action>()
	const [searchParams] = useSearchParams()
	const isSubmitting = useNavigation().state === 'submitting'
	const [isPasswordVisible, setPasswordVisible] = useState(false)
	const [form, fields] = useForm({
		id: 'admin-login',
		lastResult: actionData?.result,
		onValidate: ({ formData }) => parseWithZod(formData, { schema: LoginSchema }),
	})

	return (
		<div className="flex min-h-full flex-col justify-center bg-slate-900 px-6 py-12">
			<div className="sm:mx-auto sm:w-full sm:max-w-md">
				<p className="text-center text-2xl font-bold text-white">Carebook Admin</p>
				<Card className="mt-8">
					<h1 className="text-xl font-semibold">Administrator sign in</h1>
					<p className="mt-1 text-sm text-slate-600 dark:text-slate-300">{AUTH_MESSAGES.adminRestricted}</p>
					<Form method="post" className="mt-6 space-y-5" {...getFormProps(form)}>
						<input type="hidden" name="redirectTo" value={searchParams.get('redirectTo') ?? ''} />
						{form.errors?.length ? <Alert id={form.errorId}>{form.errors[0]}</Alert> : null}
						<fieldset disabled={isSubmitting} className="space-y-5">
							<Field
								label="Email"
								inputProps={{ ...getInputProps(fields.email, { type: 'email' }), autoComplete: 'username', autoFocus: true }}
								errors={fields.email.errors}
							/>
							<Field
								label="Password"
								inputProps={{
									...getInputProps(fields.password, { type: isPasswordVisible ? 'text' : 'password' }),
									autoComplete: 'current-password',
								}}
								errors={fields.password.errors}
								trailing={
									<button
										type="button"
										className="rounded px-2 py-1 text-xs font-semibold text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-700"
										aria-pressed={isPasswordVisible}
										onClick={() => setPasswordVisible((visible) => !visible)}
									>
										{isPasswordVisible ? 'Hide' : 'Show'}
									</button>
								}
							/>
							<Button type="submit" className="w-full" isPending={isSubmitting}>
								{isSubmitting ? 'Signing in...' : 'Sign in'}
							</Button>
						</fieldset>
					</Form>
				</Card>
			</div>
		</div>
	)
}
