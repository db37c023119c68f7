import { ConfirmPanel } from '#app/components/ui/confirm-dialog.tsx'

/** Disconnect's question, in the page: the tokens are revoked and deleted; the records it brought stay or go, as the patient chooses. */
export function DisconnectPanel({ connection, isPending }: { connection: { id: string; name: string; records: number }; isPending: boolean }) {
	return (
		<ConfirmPanel
			title={`Disconnect ${connection.name}?`}
			description={
				<p>
					Carebook stops syncing, asks the portal to revoke its access where the portal offers it, and deletes its sign-in. Choose what happens to the{' '}
					{connection.records} record{connection.records === 1 ? '' : 's'} it brought.
				</p>
			}
			confirmLabel="Disconnect"
			cancelLabel="Cancel"
			cancelHref="/connections"
			action="/connections"
			intent="disconnect"
			isPending={isPending}
		>
			<input type="hidden" name="connectionId" value={connection.id} />
			<fieldset className="space-y-2 text-sm text-red-900 dark:text-red-100">
				<legend className="sr-only">The records from this portal</legend>
				<label className="flex items-center gap-2">
					<input type="radio" name="records" value="keep" defaultChecked /> Keep the records in Carebook
				</label>
				<label className="flex items-center gap-2">
					<input type="radio" name="records" value="delete" /> Delete the records it brought
				</label>
			</fieldset>
		</ConfirmPanel>
	)
}
