import { Form, useNavigation } from '@remix-run/react'
import { Button } from '#app/components/ui/button.tsx'
import { Card } from '#app/components/ui/card.tsx'
import { SUBJECT_TEXTS } from '#server/documents/shared/messages.ts'
import type { SubjectMatch } from '#server/documents/shared/subject-match.ts'
import { DeleteDocumentButton } from './delete-document.tsx'

function usePendingIntent() {
	const navigation = useNavigation()
	return navigation.state !== 'idle' && navigation.formMethod?.toUpperCase() === 'POST' ? navigation.formData?.get('intent') : null
}

/**
 * 'Is this you?' on a record that names another patient, with its three
 * answers; on a record answered 'Someone else', its label and the way back.
 * Plain POST forms (`intent`): they work without JavaScript.
 */
export function SubjectQuestion({
	documentId,
	documentType,
	subjectMatch,
	printedPatient,
	isSeveral = false,
	held = null,
}: {
	documentId: string
	documentType: string | null
	subjectMatch: SubjectMatch
	printedPatient: { name: string | null; bornIn: string | null }
	isSeveral?: boolean
	/** appointments and other records the file holds back until the answer */
	held?: { appointments: number; records: number } | null
}) {
	const pending = usePendingIntent()
	if (subjectMatch === 'mismatch') {
		return (
			<Card className="space-y-3 border-amber-300 bg-amber-50 dark:border-amber-700 dark:bg-amber-950" data-testid="subject-question">
				<h2 className="text-lg font-semibold text-amber-950 dark:text-amber-100">{SUBJECT_TEXTS.questionTitle}</h2>
				<p className="text-sm text-amber-900 dark:text-amber-200">
					{SUBJECT_TEXTS.question(printedPatient, { noun: documentType === 'lab_report' || documentType === 'imaging' ? 'report' : 'record', isSeveral })}
				</p>
				{held && held.appointments + held.records > 0 ? (
					<p className="text-sm text-amber-900 dark:text-amber-200">{SUBJECT_TEXTS.heldImport(held.appointments, held.records)}</p>
				) : null}
				<div className="flex flex-wrap items-start gap-3">
					<Form method="post" action={`/records/${documentId}`}>
						<input type="hidden" name="intent" value="this-is-me" />
						<Button type="submit" isPending={pending === 'this-is-me'}>
							{SUBJECT_TEXTS.thisIsMe}
						</Button>
					</Form>
					<Form method="post" action={`/records/${documentId}`}>
						<input type="hidden" name="intent" value="someone-else" />
						<Button type="submit" variant="secondary" isPending={pending === 'someone-else'}>
							{SUBJECT_TEXTS.someoneElse}
						</Button>
					</Form>
					<DeleteDocumentButton documentId={documentId} />
				</div>
			</Card>
		)
	}
	if (subjectMatch === 'someone_else') {
		return (
			<Card className="space-y-3" data-testid="subject-someone-else">
				<p className="text-sm text-slate-700 dark:text-slate-300">{SUBJECT_TEXTS.someoneElseNote}</p>
				<Form method="post" action={`/records/${documentId}`}>
					<input type="hidden" name="intent" value="this-is-me" />
					<Button type="submit" variant="secondary" isPending={pending === 'this-is-me'}>
						{SUBJECT_TEXTS.thisIsMe}
					</Button>
				</Form>
			</Card>
		)
	}
	return null
}

/** The label a record answered 'Someone else' carries (its page and the timeline). */
export function SomeoneElseBadge() {
	return (
		<span
			className="inline-flex items-center rounded-full bg-slate-200 px-2.5 py-0.5 text-xs font-semibold text-slate-800 dark:bg-slate-700 dark:text-slate-100"
			data-testid="someone-else-label"
		>
			{SUBJECT_TEXTS.someoneElseLabel}
		</span>
	)
}
