import { parseWithZod } from '@conform-to/zod'
import type { ActionFunctionArgs, MetaFunction } from '@remix-run/node'
import { useActionData, useNavigation } from '@remix-run/react'
import { MedicationForm } from '#app/components/medications/medication-form.tsx'
import { Card } from '#app/components/ui/card.tsx'
import { requirePatient } from '#server/auth/index.ts'
import { formReply } from '#server/errors/index.ts'
import { createMedication, MEDICATION_MESSAGES, MedicationFormSchema } from '#server/medications/index.ts'
import { redirectWithToast } from '#server/notices/index.ts'

export async function loader({ request }: { request: Request }) {
	await requirePatient(request)
	return null
}

export async function action({ request }: ActionFunctionArgs) {
	const patient = await requirePatient(request)
	const submission = parseWithZod(await request.formData(), { schema: MedicationFormSchema })
	if (submission.status !== 'success') return formReply(submission)
	const { id } = await createMedication(patient, submission.value)
	return redirectWithToast(request, `/medications/${id}`, { title: MEDICATION_MESSAGES.added, tone: 'success' })
}

export const meta: MetaFunction = () => [{ title: 'Add Medication · Carebook' }]

export default function NewMedicationRoute() {
	const actionData = useActionData<typeof action>()
	const isSubmitting = useNavigation().state === 'submitting'
	return (
		<div className="mx-auto max-w-2xl space-y-6">
			<h1 className="text-2xl font-bold tracking-tight">Add Medication</h1>
			<Card>
				<MedicationForm
					id="new-medication"
					lastResult={actionData?.result}
					submitLabel="Add Medication"
					cancelHref="/medications"
					isSubmitting={isSubmitting}
				/>
			</Card>
		</div>
	)
}
