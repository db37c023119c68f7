import { getFormProps, getInputProps, useForm, type SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod'
import { Form, Link, useNavigation, useSearchParams } from '@remix-run/react'
import { Alert } from '#app/components/ui/alert.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { Field } from '#app/components/ui/field.tsx'
import { TwoFactorCodeSchema } from '#server/auth/shared/schemas.ts'

/** The second step of a sign-in (both portals): a code from the app, or a recovery code. */
export function TwoFactorForm({ lastResult, loginPath }: { lastResult?: SubmissionResult<string[]>; loginPath: string }) {
	const [searchParams] = useSearchParams()
	const isSubmitting = useNavigation().state === 'submitting'
	const [form, fields] = useForm({
		id: 'two-factor',
		lastResult,
		onValidate: ({ formData }) => parseWithZod(formData, { schema: TwoFactorCodeSchema }),
	})
	return (
		<>
			<h1 className="text-xl font-semibold">Two-factor authentication</h1>
			<p className="mt-1 text-sm text-slate-600 dark:text-slate-300">Enter the 6-digit code from your authenticator app, or one of your recovery codes.</p>
			<Form method="post" className="mt-6 space-y-5" {...getFormProps(form)}>
				<input type="hidden" name="redirectTo" value={searchParams.get('redirectTo') ?? ''} />
				{form.errors?.length ? <Alert id={form.errorId}>{form.errors[0]}</Alert> : null}
				<fieldset disabled={isSubmitting} className="space-y-5">
					<Field
						label="Authentication code"
						inputProps={{ ...getInputProps(fields.code, { type: 'text' }), autoComplete: 'one-time-code', inputMode: 'text', autoFocus: true }}
						errors={fields.code.errors}
					/>
					<Button type="submit" className="w-full" isPending={isSubmitting}>
						Verify
					</Button>
				</fieldset>
			</Form>
			<p className="mt-6 text-center text-sm">
				<Link to={loginPath} className="font-semibold text-brand-700 hover:underline dark:text-brand-100">
					Back to sign in
				</Link>
			</p>
		</>
	)
}
