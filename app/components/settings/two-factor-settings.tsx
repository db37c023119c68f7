import { getFormProps, getInputProps, useForm, type SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod'
import { Form, useNavigation } from '@remix-run/react'
import { Alert } from '#app/components/ui/alert.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { Field } from '#app/components/ui/field.tsx'
import { TwoFactorCodeSchema } from '#server/auth/shared/schemas.ts'
import { isSubmittingIntent } from './section.tsx'

export type TwoFactorView = {
	isEnabled: boolean
	recoveryCodesLeft: number
	/** A set-up in progress: the QR code (an SVG data URL) and the key to type in by hand. */
	pendingSetup: { qrCodeDataUrl: string; manualKey: string } | null
}

function CodeForm({
	intent,
	label,
	submitLabel,
	lastResult,
	variant = 'primary',
}: {
	intent: string
	label: string
	submitLabel: string
	lastResult?: SubmissionResult<string[]>
	variant?: 'primary' | 'destructive'
}) {
	const isSaving = isSubmittingIntent(useNavigation(), intent)
	const [form, fields] = useForm({
		id: `two-factor-${intent}`,
		lastResult,
		onValidate: ({ formData }) => parseWithZod(formData, { schema: TwoFactorCodeSchema }),
	})
	return (
		<Form method="post" className="mt-4 space-y-3" {...getFormProps(form)}>
			<input type="hidden" name="intent" value={intent} />
			{form.errors?.length ? <Alert id={form.errorId}>{form.errors[0]}</Alert> : null}
			<Field
				label={label}
				inputProps={{ ...getInputProps(fields.code, { type: 'text' }), autoComplete: 'one-time-code', className: 'max-w-xs' }}
				errors={fields.code.errors}
			/>
			<Button type="submit" variant={variant} isPending={isSaving}>
				{submitLabel}
			</Button>
		</Form>
	)
}

/**
 * Two-Factor Authentication in Settings (both portals): Setup 2FA, then the
 * QR code and manual key with a code to confirm, the recovery codes once,
 * and turning it off with a code.
 */
export function TwoFactorSettings({
	status,
	recoveryCodes,
	lastResult,
	lastIntent,
}: {
	status: TwoFactorView
	recoveryCodes: string[] | null
	lastResult?: SubmissionResult<string[]>
	lastIntent?: string
}) {
	const navigation = useNavigation()
	return (
		<div id="two-factor">
			<h3 className="text-base font-semibold">Two-Factor Authentication</h3>
			{recoveryCodes ? (
				<Alert tone="success" title="Recovery codes" className="mt-3">
					<p>Two-factor authentication is on. Keep these codes somewhere safe: each works once if you lose your phone. They are shown only now.</p>
					<ul aria-label="Recovery codes" className="mt-3 grid grid-cols-2 gap-2 font-mono text-sm">
						{recoveryCodes.map((code) => (
							<li key={code}>{code}</li>
						))}
					</ul>
				</Alert>
			) : null}
			{status.isEnabled ? (
				<>
					<p className="mt-2 text-sm text-slate-600 dark:text-slate-300">
						Two-factor authentication is on. Signing in asks for a code from your authenticator app. Recovery codes left: {status.recoveryCodesLeft}.
					</p>
					<CodeForm
						intent="2fa-disable"
						label="Code to turn it off"
						submitLabel="Disable 2FA"
						variant="destructive"
						lastResult={lastIntent === '2fa-disable' ? lastResult : undefined}
					/>
				</>
			) : status.pendingSetup ? (
				<>
					<p className="mt-2 text-sm text-slate-600 dark:text-slate-300">
						Scan this QR code with your authenticator app, or type in the key by hand, then enter the 6-digit code it shows.
					</p>
					<div className="mt-4 flex flex-wrap items-start gap-6">
						<img src={status.pendingSetup.qrCodeDataUrl} alt="QR code for your authenticator app" width={180} height={180} className="rounded bg-white p-2" />
						<div>
							<p className="text-sm font-medium">Manual key</p>
							<code data-testid="totp-manual-key" className="mt-1 block break-all rounded bg-slate-100 px-2 py-1 font-mono text-sm dark:bg-slate-800">
								{status.pendingSetup.manualKey}
							</code>
						</div>
					</div>
					<CodeForm
						intent="2fa-confirm"
						label="Authentication code"
						submitLabel="Verify and enable"
						lastResult={lastIntent === '2fa-confirm' ? lastResult : undefined}
					/>
					<Form method="post" className="mt-2">
						<input type="hidden" name="intent" value="2fa-cancel" />
						<Button type="submit" variant="ghost" isPending={isSubmittingIntent(navigation, '2fa-cancel')}>
							Cancel setup
						</Button>
					</Form>
				</>
			) : (
				<>
					<p className="mt-2 text-sm text-slate-600 dark:text-slate-300">Add a second step to signing in: a code from an authenticator app on your phone.</p>
					<Form method="post" className="mt-3">
						<input type="hidden" name="intent" value="2fa-begin" />
						<Button type="submit" variant="secondary" isPending={isSubmittingIntent(navigation, '2fa-begin')}>
							Setup 2FA
						</Button>
					</Form>
				</>
			)}
		</div>
	)
}
