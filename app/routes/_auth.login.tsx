import { getFormProps, getInputProps, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation, useSearchParams } from '@remix-run/react'
import { Alert } from '#app/components/ui/alert.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { Card } from '#app/components/ui/card.tsx'
import { Field } from '#app/components/ui/field.tsx'
import { LoginSchema } from '#server/auth/shared/schemas.ts'
import { DEMO_ACCOUNTS } from '#db/demo-accounts.ts'
import { getSession } from '#server/auth/index.ts'
import { answerSignIn } from '#server/account/sign-in-action.ts'
import { getEnv } from '#server/env.server.ts'

export async function loader({ request }: LoaderFunctionArgs) {
	if (await getSession(request, 'patient')) throw redirect('/')
	return { demoAccounts: getEnv().isDemoMode ? DEMO_ACCOUNTS : null }
}

export async function action({ request, context }: ActionFunctionArgs) {
	return answerSignIn(request, context, 'patient')
}

export const meta: MetaFunction = () => [{ title: 'Sign in · Carebook' }]

export default function LoginRoute() {
	const { demoAccounts } = useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>()
	const [searchParams] = useSearchParams()
	const isSubmitting = useNavigation().state === 'submitting'
	const [form, fields] = useForm({
		id: 'login',
		lastResult: actionData?.result,
		constraint: getZodConstraint(LoginSchema),
		onValidate: ({ formData }) => parseWithZod(formData, { schema: LoginSchema }),
	})

	return (
		<Card>
			<h1 className="text-xl font-semibold">Sign in</h1>
			<p className="mt-1 text-sm text-slate-600 dark:text-slate-300">to your health records</p>
			<Form method="post" className="mt-6 space-y-5" {...getFormProps(form)}>
				<input type="hidden" name="redirectTo" value={searchParams.get('redirectTo') ?? ''} />
				{form.errors?.length ? <Alert id={form.errorId}>{form.errors[0]}</Alert> : null}
				<fieldset disabled={isSubmitting} className="space-y-5">
					<Field
						label="Email"
						inputProps={{ ...getInputProps(fields.email, { type: 'email' }), autoComplete: 'email', autoFocus: true }}
						errors={fields.email.errors}
					/>
					<Field
						label="Password"
						inputProps={{ ...getInputProps(fields.password, { type: 'password' }), autoComplete: 'current-password' }}
						errors={fields.password.errors}
					/>
					<p className="-mt-3 text-right text-sm">
						<Link to="/forgot-password" className="font-semibold text-brand-700 hover:underline dark:text-brand-100">
							Forgot password?
						</Link>
					</p>
					<Button type="submit" className="w-full" isPending={isSubmitting}>
						{isSubmitting ? 'Signing in...' : 'Sign in'}
					</Button>
				</fieldset>
			</Form>
			<p className="mt-6 text-center text-sm text-slate-600 dark:text-slate-300">
				Don&apos;t have an account?{' '}
				<Link to="/register" className="font-semibold text-brand-600 hover:underline">
					Sign up
				</Link>
			</p>
			{demoAccounts ? (
				<div className="mt-6 rounded-md border border-dashed border-amber-300 bg-amber-50 p-4 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100">
					<p className="font-semibold">Admin Test Credentials</p>
					<p className="mt-1">
						Super-admin (sign in at{' '}
						<Link to="/admin/login" className="underline">
							/admin/login
						</Link>
						): <code>{demoAccounts.superadmin.email}</code> / <code>{demoAccounts.superadmin.password}</code>
					</p>
					<p className="mt-1">
						Demo patient: <code>{demoAccounts.patient.email}</code> / <code>{demoAccounts.patient.password}</code>
					</p>
				</div>
			) : null}
		</Card>
	)
}
