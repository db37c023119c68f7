import type { Patient } from '#server/auth/patient.ts'
import { findClientRegistration } from './client-registrations.ts'
import { portalsAreAvailable } from './connect.ts'
import { listPortalConnections } from './connections.ts'
import { listEndpoints } from './endpoints.ts'
import { PORTAL_DIRECTORY } from './shared/directory.ts'

/** What the Connections page shows: the patient's connections, and the directory with which entries this server is registered for. */
export async function connectPageData(patient: Patient) {
	const endpoints = await listEndpoints()
	const registered = await Promise.all(endpoints.map((endpoint) => findClientRegistration(endpoint.key, endpoint.platform)))
	return {
		isAvailable: portalsAreAvailable(),
		directoryVersion: PORTAL_DIRECTORY.version,
		endpoints: endpoints.map((endpoint, index) => ({
			key: endpoint.key,
			name: endpoint.name,
			note: endpoint.note,
			platform: endpoint.platform,
			isRegistered: registered[index] !== null,
		})),
		connections: await listPortalConnections(patient),
	}
}
