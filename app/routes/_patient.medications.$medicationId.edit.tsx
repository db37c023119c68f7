import { parseWithZod } from '@conform-to/zod'
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { useActionData, useLoaderData, useNavigation } from '@remix-run/react'
import { GeneralErrorBoundary } from '#app/components/error-boundary.tsx'
import { MedicationForm } from '#app/components/medications/medication-form.tsx'
import { MedicationNotFound } from '#app/components/medications/medication-not-found.tsx'
import { Card } from '#app/components/ui/card.tsx'
import { requirePatient } from '#server/auth/index.ts'
import { formReply, notFound } from '#server/errors/index.ts'
import { getMedication, MEDICATION_MESSAGES, MedicationFormSchema, updateMedication } from '#server/medications/index.ts'
import { redirectWithToast } from '#server/notices/index.ts'

export async function loader({ request, params }: LoaderFunctionArgs) {
	const patient = await requirePatient(request)
	const medication = await getMedication(patient, params.medicationId ?? '')
	if (!medication) notFound(MEDICATION_MESSAGES.notFoundTitle)
	return { medication }
}

export async function action({ request, params }: ActionFunctionArgs) {
	const patient = await requirePatient(request)
	const submission = parseWithZod(await request.formData(), { schema: MedicationFormSchema })
	if (submission.status !== 'success') return formReply(submission)
	const id = params.medicationId ?? ''
	if (!(await updateMedication(patient, id, submission.value))) notFound(MEDICATION_MESSAGES.notFoundTitle)
	return redirectWithToast(request, `/medications/${id}`, { title: MEDICATION_MESSAGES.saved, tone: 'success' })
}

export const meta: MetaFunction = () => [{ title: 'Edit Medication · Carebook' }]

export default function EditMedicationRoute() {
	const { medication } = useLoaderData<typeof loader>()
	const actionData = useActionData<typeof action>()
	const isSubmitting = useNavigation().state === 'submitting'
	return (
		<div className="mx-auto max-w-2xl space-y-6">
			<h1 className="text-2xl font-bold tracking-tight">Edit Medication</h1>
			<Card>
				<MedicationForm
					id="edit-medication"
					lastResult={actionData?.result}
					defaultValue={medication}
					submitLabel="Save Changes"
					cancelHref={`/medications/${medication.id}`}
					isSubmitting={isSubmitting}
				/>
			</Card>
		</div>
	)
}

export function ErrorBoundary() {
	return <GeneralErrorBoundary statusHandlers={{ 404: () => <MedicationNotFound /> }} />
}
