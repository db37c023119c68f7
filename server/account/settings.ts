import QRCode from 'qrcode'
import type { SignedInPatient } from '#server/auth/index.ts'
import { getTwoFactorStatus } from '#server/auth/index.ts'
import { resolvePatientTimeZone } from '#server/appointments/patient-time-zone.ts'
import { listDataExports } from '#server/exports/index.ts'
import { getUserPreferences } from '#server/preferences/index.ts'
import { getAddressConfirmation } from './email-confirmation.ts'

/** What the second factor's part of Settings shows (both portals). */
export async function getTwoFactorView(user: { id: string; email: string }) {
	const status = await getTwoFactorStatus(user)
	const pendingSetup = status.pendingSetup
		? {
				qrCodeDataUrl: `data:image/svg+xml;base64,${Buffer.from(await QRCode.toString(status.pendingSetup.uri, { type: 'svg', margin: 1 })).toString('base64')}`,
				manualKey: status.pendingSetup.secret.replace(/(.{4})/g, '$1 ').trim(),
			}
		: null
	return { isEnabled: status.isEnabled, recoveryCodesLeft: status.recoveryCodesLeft, pendingSetup }
}

/** Everything /settings shows: preferences, the second factor, recent exports, and the zone to show times in. */
export async function getSettings(patient: SignedInPatient) {
	const [preferences, twoFactor, exports, address] = await Promise.all([
		getUserPreferences(patient.userId),
		getTwoFactorView(patient.user),
		listDataExports(patient.userId),
		getAddressConfirmation(patient.userId),
	])
	return { preferences, twoFactor, exports, address, timeZone: resolvePatientTimeZone(patient.user.timeZone) }
}
