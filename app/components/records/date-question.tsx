import { Form, useNavigation } from '@remix-run/react'
import { Button } from '#app/components/ui/button.tsx'
import { Card } from '#app/components/ui/card.tsx'
import { formatCalendarDate } from '#server/documents/shared/format.ts'
import { DATE_CHOICE_TEXTS } from '#server/documents/shared/messages.ts'

/**
 * 'Which date is this record from?' on a record whose printed date reads two ways: one plain POST
 * form per reading (`intent` choose-date, `date`), so it works without JavaScript.
 */
export function DateQuestion({ documentId, choices, error }: { documentId: string; choices: string[] | null; error?: string }) {
	const navigation = useNavigation()
	const pendingDate = navigation.state !== 'idle' && navigation.formData?.get('intent') === 'choose-date' ? navigation.formData.get('date') : null
	if (!choices || choices.length !== 2) return null
	return (
		<Card className="space-y-3 border-amber-300 bg-amber-50 dark:border-amber-700 dark:bg-amber-950" data-testid="date-question">
			<h2 className="text-lg font-semibold text-amber-950 dark:text-amber-100">{DATE_CHOICE_TEXTS.title}</h2>
			<p className="text-sm text-amber-900 dark:text-amber-200">{DATE_CHOICE_TEXTS.question}</p>
			<div className="flex flex-wrap items-start gap-3">
				{choices.map((date) => (
					<Form key={date} method="post" action={`/records/${documentId}`}>
						<input type="hidden" name="intent" value="choose-date" />
						<input type="hidden" name="date" value={date} />
						<Button type="submit" variant="secondary" isPending={pendingDate === date}>
							{formatCalendarDate(date)}
						</Button>
					</Form>
				))}
			</div>
			{error ? (
				<p role="alert" className="text-sm font-medium text-red-700 dark:text-red-300">
					{error}
				</p>
			) : null}
		</Card>
	)
}
