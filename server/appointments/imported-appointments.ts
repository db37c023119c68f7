import { appointments } from '#db/schema/tenant.ts'
import { inChunks, selectHeldEntryKeys, type TenantTransaction } from '#server/tenancy/index.ts'
import type { StructuredAppointment } from '#server/extraction/shared/structured-types.ts'
import { TEXT_LIMITS, toAllowedText } from '#server/validation/shared/text.ts'
import { storedPatientTimeZone } from './patient-time-zone.ts'

/**
 * Appointments read from an imported FHIR file (another app's export, or
 * this app's own: the round trip of the account export). Each is stored once
 * per patient, known by its key in the file, so importing the same file
 * again, or processing it again, adds none twice. They become the patient's
 * appointments (editable, in the patient's time zone), but what a file says
 * is not proof that they are: each waits for the patient's 'Confirm
 * appointment' before its reminders are queued (issue 41: a file of 3,000
 * appointments queued 6,000 reminders). Deleting the imported record leaves them.
 */

/** An appointment as the FHIR reader gives it (server/extraction/shared/structured-types.ts). */
export type ImportedAppointment = StructuredAppointment

/** Stores the appointments the owner does not hold yet; returns how many were added. The caller holds the owner's import lock. */
export async function storeImportedAppointments(
	tx: TenantTransaction,
	owner: { organizationId: string; userId: string },
	values: ImportedAppointment[],
	now = new Date(),
): Promise<number> {
	if (values.length === 0) return 0
	const heldKeys = await selectHeldEntryKeys(
		tx,
		appointments,
		owner.userId,
		values.map((value) => value.key),
	)
	const fresh = values.filter((value) => !heldKeys.has(value.key))
	if (fresh.length === 0) return 0
	const timeZone = await storedPatientTimeZone(owner.userId)
	let added = 0
	for (const chunk of inChunks(fresh)) {
		const rows = await tx
			.insert(appointments)
			.values(
				chunk.map((value) => ({
					ownerId: owner.userId,
					title: toAllowedText(value.title, TEXT_LIMITS.title) || 'Appointment',
					provider: toAllowedText(value.provider, TEXT_LIMITS.provider) || 'Unknown provider',
					specialty: toAllowedText(value.specialty, TEXT_LIMITS.specialty) || 'General',
					location: value.location ? toAllowedText(value.location, TEXT_LIMITS.location) || null : null,
					type: 'other' as const,
					status: value.status,
					startsAt: new Date(value.startsAt),
					durationMinutes: Math.min(Math.max(Math.round(value.durationMinutes), 1), 24 * 60),
					timeZone,
					notes: value.notes ? toAllowedText(value.notes, TEXT_LIMITS.notes, { multiline: true }) || null : null,
					cancelReason: value.cancelReason ? toAllowedText(value.cancelReason, TEXT_LIMITS.reason, { multiline: true }) || null : null,
					cancelledAt: value.status === 'cancelled' ? now : null,
					entryKeys: [value.key],
					// no reminders (e-mails among them) until the patient confirms it on its page
					needsConfirmation: value.status !== 'cancelled',
				})),
			)
			.returning({ id: appointments.id })
		added += rows.length
	}
	return added
}
