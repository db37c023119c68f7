import { getFormProps, getInputProps, getSelectProps, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod'
import { type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from '@remix-run/node'
import { Form, Link, useActionData, useLoaderData, useNavigation, useSearchParams } from '@remix-run/react'
import { Alert } from '#app/components/ui/alert.tsx'
import { Button, buttonClassName } from '#app/components/ui/button.tsx'
import { Card } from '#app/components/ui/card.tsx'
import { Field } from '#app/components/ui/field.tsx'
import { SelectField } from '#app/components/ui/select-field.tsx'
import { getProfile, updateProfile } from '#server/account/index.ts'
import { ACCOUNT_MESSAGES } from '#server/account/shared/messages.ts'
import { ProfileSchema } from '#server/account/shared/schemas.ts'
import { timeZoneChoices, timeZoneLabel } from '#server/account/shared/time-zones.ts'
import { requirePatient } from '#server/auth/index.ts'
import { formReply, notFound } from '#server/errors/index.ts'
import { formatCalendarDate } from '#server/documents/shared/format.ts'
import { SEX_LABELS, SEXES } from '#server/health/shared/health-profile.ts'
import { redirectWithToast } from '#server/notices/index.ts'
import { appOrigin } from '#server/http/app-origin.ts'

export async function loader({ request }: LoaderFunctionArgs) {
	const patient = await requirePatient(request)
	const profile = await getProfile(patient)
	if (!profile) notFound()
	return { profile, timeZones: timeZoneChoices(profile.timeZone) }
}

export async function action({ request }: ActionFunctionArgs) {
	const patient = await requirePatient(request)
	const submission = parseWithZod(await request.formData(), { schema: ProfileSchema })
	if (submission.status !== 'success') return formReply(submission, null, { hideFields: ['currentPassword'] })
	const origin = appOrigin(request)
	const result = await updateProfile(patient, submission.value, { origin })
	if (!result.ok) return formReply(submission, result, { hideFields: ['currentPassword'] })
	return redirectWithToast(
		request,
		'/profile',
		result.emailChangeRequested
			? { title: ACCOUNT_MESSAGES.emailChangeSent, description: ACCOUNT_MESSAGES.emailChangeSentDescription, tone: 'info' }
			: { title: ACCOUNT_MESSAGES.profileSaved, description: ACCOUNT_MESSAGES.profileSavedDescription, tone: 'success' },
	)
}

export const meta: MetaFunction = () => [{ title: 'My Profile · Carebook' }]

function ProfileValue({ label, value }: { label: string; value: string | null }) {
	return (
		<div className="py-3 sm:grid sm:grid-cols-3 sm:gap-4">
			<dt className="text-sm font-medium text-slate-600 dark:text-slate-300">{label}</dt>
			<dd className="mt-1 text-sm sm:col-span-2 sm:mt-0">{value || ACCOUNT_MESSAGES.notSet}</dd>
		</div>
	)
}

export default function ProfileRoute() {
	const { profile, timeZones } = useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>()
	const [searchParams] = useSearchParams()
	const navigation = useNavigation()
	const isSaving = navigation.state !== 'idle' && navigation.formMethod?.toUpperCase() === 'POST'
	const isEditing = searchParams.get('edit') === '1' || !!actionData
	const [form, fields] = useForm({
		id: 'profile',
		lastResult: actionData?.result,
		constraint: getZodConstraint(ProfileSchema),
		defaultValue: {
			name: profile.name,
			email: profile.email,
			phone: profile.phone ?? '',
			dateOfBirth: profile.dateOfBirth ?? '',
			sex: profile.sex ?? '',
			timeZone: profile.timeZone ?? '',
		},
		onValidate: ({ formData }) => parseWithZod(formData, { schema: ProfileSchema }),
		shouldValidate: 'onBlur',
	})

	return (
		<div className="mx-auto max-w-3xl space-y-6">
			<h1 className="text-2xl font-semibold">{ACCOUNT_MESSAGES.profileTitle}</h1>
			{profile.pendingEmail ? (
				<Alert tone="info">
					A confirmation link was sent to <strong>{profile.pendingEmail}</strong>. Your email changes when you open it.
				</Alert>
			) : null}
			<Card>
				{isEditing ? (
					<Form method="post" action="/profile?edit=1" className="space-y-5" {...getFormProps(form)}>
						{form.errors?.length ? <Alert id={form.errorId}>{form.errors[0]}</Alert> : null}
						<Field label="Full Name" inputProps={{ ...getInputProps(fields.name, { type: 'text' }), autoComplete: 'name' }} errors={fields.name.errors} />
						<Field
							label="Email Address"
							inputProps={{ ...getInputProps(fields.email, { type: 'email' }), autoComplete: 'email' }}
							errors={fields.email.errors}
						/>
						<Field
							label="Current Password (only to change your email address)"
							inputProps={{ ...getInputProps(fields.currentPassword, { type: 'password' }), autoComplete: 'current-password' }}
							errors={fields.currentPassword.errors}
						/>
						<Field
							label="Phone Number"
							inputProps={{ ...getInputProps(fields.phone, { type: 'tel' }), autoComplete: 'tel', placeholder: '+1 555 123 4567' }}
							errors={fields.phone.errors}
						/>
						<Field
							label="Date of Birth"
							inputProps={{ ...getInputProps(fields.dateOfBirth, { type: 'date' }), min: '1900-01-01' }}
							errors={fields.dateOfBirth.errors}
						/>
						<SelectField
							label="Sex"
							selectProps={getSelectProps(fields.sex)}
							options={[{ value: '', label: ACCOUNT_MESSAGES.notSet }, ...SEXES.map((sex) => ({ value: sex, label: SEX_LABELS[sex] }))]}
							errors={fields.sex.errors}
							hint="Used by the health risk calculators."
						/>
						<SelectField
							label="Time Zone"
							selectProps={getSelectProps(fields.timeZone)}
							options={[{ value: '', label: ACCOUNT_MESSAGES.notSet }, ...timeZones.map((zone) => ({ value: zone, label: timeZoneLabel(zone) }))]}
							errors={fields.timeZone.errors}
							hint="Appointment times and 'today' are shown in this zone."
						/>
						<div className="flex flex-wrap gap-3">
							<Button type="submit" isPending={isSaving}>
								Save Changes
							</Button>
							<Link to="/profile" className={buttonClassName('secondary')}>
								Cancel
							</Link>
						</div>
					</Form>
				) : (
					<>
						<dl className="divide-y divide-slate-200 dark:divide-slate-700">
							<ProfileValue label="Full Name" value={profile.name} />
							<ProfileValue
								label="Email Address"
								value={profile.isEmailConfirmed ? profile.email : `${profile.email} (${ACCOUNT_MESSAGES.addressNotConfirmedShort})`}
							/>
							<ProfileValue label="Phone Number" value={profile.phone} />
							<ProfileValue label="Date of Birth" value={profile.dateOfBirth ? formatCalendarDate(profile.dateOfBirth) : null} />
							<ProfileValue label="Sex" value={profile.sex ? SEX_LABELS[profile.sex] : null} />
							<ProfileValue label="Time Zone" value={profile.timeZone ? timeZoneLabel(profile.timeZone) : null} />
						</dl>
						<Link
							to="/profile?edit=1"
							className="mt-4 inline-flex items-center rounded-md bg-brand-600 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-brand-700"
						>
							Edit Profile
						</Link>
					</>
				)}
			</Card>
		</div>
	)
}
