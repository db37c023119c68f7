import { appointments } from '#db/schema/tenant.ts'
import { selectHeldEntryKeys, type TenantTransaction } from '#server/tenancy/index.ts'
import type { StructuredAppointment } from '#server/extraction/shared/structured-types.ts'
import { TEXT_LIMITS, toAllowedText } from '#server/validation/shared/text.ts'
import { storedPatientTimeZone } from './patient-time-zone.ts'
import { scheduleAppointmentReminders } from './reminders.ts'

/**
 * Appointments read from an imported FHIR file (another app's export, or
 * this app's own: the round trip of the account export). Each is stored once
 * per patient, known by its key in the file, so importing the same file
 * again, or processing it again, adds none twice. They become the patient's
 * appointments like any other (editable, with reminders when still ahead),
 * in the patient's time zone; deleting the imported record leaves them.
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
	const rows = await tx
		.insert(appointments)
		.values(
			fresh.map((value) => ({
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
			})),
		)
		.returning({ id: appointments.id, status: appointments.status, startsAt: appointments.startsAt })
	for (const row of rows) await scheduleAppointmentReminders(tx, owner.organizationId, row, now)
	return rows.length
}
