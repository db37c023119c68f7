import { Form, useNavigation, useSubmit } from '@remix-run/react'
import { useRef, useState } from 'react'
import { Button } from '#app/components/ui/button.tsx'
import { ConfirmDialog } from '#app/components/ui/confirm-dialog.tsx'
import { formatHealthDate, formatHealthDateTime } from '#server/health/shared/format.ts'
import { READING_FORM_TEXTS } from '#server/health/shared/texts.ts'
import { useHydrated } from '#app/lib/health/use-hydrated.ts'
import type { ManualReadingEntry } from '#server/health/shared/manual-reading-groups.ts'
import { readingLine } from '#server/health/shared/manual-reading-groups.ts'

export const DELETE_READING_INTENT = 'delete-reading'

/** The patient's manual readings, each with Delete (confirmed in a dialog when JavaScript runs). */
export function ManualReadingsList({ readings, timeZone, action }: { readings: ManualReadingEntry[]; timeZone: string | null; action: string }) {
	return (
		<section aria-labelledby="manual-readings-heading" id="manual-readings" className="scroll-mt-6">
			<h2 id="manual-readings-heading" className="text-lg font-semibold">
				{READING_FORM_TEXTS.listTitle}
			</h2>
			{readings.length === 0 ? (
				<p className="mt-2 text-sm text-slate-600 dark:text-slate-300">{READING_FORM_TEXTS.listEmpty}</p>
			) : (
				<ul className="mt-3 divide-y divide-slate-100 dark:divide-slate-800" data-testid="manual-readings">
					{readings.map((reading) => (
						<li key={reading.id} className="flex flex-wrap items-center justify-between gap-3 py-3" data-testid="manual-reading">
							<div>
								<p className="text-sm font-medium">{readingLine(reading)}</p>
								<p className="text-xs text-slate-500 dark:text-slate-400">
									{formatHealthDate(reading.testDate)} · {READING_FORM_TEXTS.addedOn(formatHealthDateTime(reading.addedAt, timeZone))}
								</p>
							</div>
							<DeleteReadingButton reading={reading} action={action} />
						</li>
					))}
				</ul>
			)}
		</section>
	)
}

function DeleteReadingButton({ reading, action }: { reading: ManualReadingEntry; action: string }) {
	const formRef = useRef<HTMLFormElement>(null)
	const [isOpen, setIsOpen] = useState(false)
	const isHydrated = useHydrated()
	const submit = useSubmit()
	const navigation = useNavigation()
	const isDeleting =
		navigation.state !== 'idle' && navigation.formData?.get('intent') === DELETE_READING_INTENT && navigation.formData?.get('id') === reading.id
	const date = formatHealthDate(reading.testDate)
	return (
		<Form method="post" action={action} preventScrollReset ref={formRef}>
			<input type="hidden" name="intent" value={DELETE_READING_INTENT} />
			<input type="hidden" name="id" value={reading.id} />
			<Button
				type="submit"
				variant="secondary"
				isPending={isDeleting}
				aria-label={READING_FORM_TEXTS.deleteLabel(reading.label, date)}
				onClick={(event) => {
					if (!isHydrated) return
					event.preventDefault()
					setIsOpen(true)
				}}
			>
				{READING_FORM_TEXTS.delete}
			</Button>
			<ConfirmDialog
				isOpen={isOpen}
				onClose={() => setIsOpen(false)}
				onConfirm={() => {
					setIsOpen(false)
					if (formRef.current) submit(formRef.current)
				}}
				title={READING_FORM_TEXTS.confirmTitle}
				description={READING_FORM_TEXTS.confirmDescription(reading.label, reading.summary, date)}
				confirmLabel={READING_FORM_TEXTS.confirm}
				cancelLabel={READING_FORM_TEXTS.cancel}
				isPending={isDeleting}
			/>
		</Form>
	)
}
