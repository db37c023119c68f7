import { getFormProps, getInputProps, useForm, type SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod'
import { Form, useNavigation } from '@remix-run/react'
import { useEffect, useRef } from 'react'
import { Alert } from '#app/components/ui/alert.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { Field } from '#app/components/ui/field.tsx'
import { ChangePasswordSchema } from '#server/account/shared/schemas.ts'
import { isSubmittingIntent } from './section.tsx'

export function ChangePasswordForm({ lastResult }: { lastResult?: SubmissionResult<string[]> }) {
	const isSaving = isSubmittingIntent(useNavigation(), 'password')
	const [form, fields] = useForm({
		id: 'change-password',
		lastResult,
		onValidate: ({ formData }) => parseWithZod(formData, { schema: ChangePasswordSchema }),
		shouldRevalidate: 'onSubmit',
	})
	// A change that succeeded redirects back here without a reply: the three fields are emptied.
	const formRef = useRef<HTMLFormElement>(null)
	const wasSaving = useRef(false)
	useEffect(() => {
		if (isSaving) {
			wasSaving.current = true
			return
		}
		if (!wasSaving.current) return
		wasSaving.current = false
		if (!lastResult) {
			form.reset()
			formRef.current?.reset()
		}
	}, [isSaving, lastResult, form])
	return (
		<Form method="post" className="space-y-4" ref={formRef} {...getFormProps(form)}>
			<h3 className="text-base font-semibold">Change Password</h3>
			<input type="hidden" name="intent" value="password" />
			{form.errors?.length ? <Alert id={form.errorId}>{form.errors[0]}</Alert> : null}
			<Field
				label="Current Password"
				inputProps={{ ...getInputProps(fields.currentPassword, { type: 'password' }), autoComplete: 'current-password' }}
				errors={fields.currentPassword.errors}
			/>
			<Field
				label="New Password"
				inputProps={{ ...getInputProps(fields.newPassword, { type: 'password' }), autoComplete: 'new-password' }}
				errors={fields.newPassword.errors}
			/>
			<Field
				label="Confirm New Password"
				inputProps={{ ...getInputProps(fields.confirmPassword, { type: 'password' }), autoComplete: 'new-password' }}
				errors={fields.confirmPassword.errors}
			/>
			<Button type="submit" isPending={isSaving}>
				Change Password
			</Button>
		</Form>
	)
}
