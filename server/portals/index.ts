/** Patient-portal connections: SMART on FHIR sign-in, sync through the FHIR importer (issue 40, docs/decisions/031-portal-connections.md). */
export { startPortalSignIn, completePortalSignIn, portalsAreAvailable, type ConnectInput } from './connect.ts'
export { listPortalConnections, requestPortalSync, disconnectPortal, type ConnectionSummary } from './connections.ts'
export { syncPortalConnection, scheduleNextPortalSync, type SyncOutcome, type SyncProgress, type SyncOptions } from './sync.ts'
export { listEndpoints, findEndpoint, addDeploymentEndpoint, removeDeploymentEndpoint, TEST_PORTAL_KEY } from './endpoints.ts'
export {
	findClientRegistration,
	registrationByKey,
	saveClientRegistration,
	deleteClientRegistration,
	listStoredRegistrations,
	environmentRegistrations,
	platformKey,
	type ClientAuthMethod,
} from './client-registrations.ts'
export { publicJwks, listSigningKeys, rotateSigningKey, deleteRetiredSigningKey, currentSigningKey } from './signing-keys.ts'
export { resealPortalSecrets } from './reseal.ts'
export { connectPageData } from './page-data.ts'
export {
	portalAdminOverview,
	savePortalRegistration,
	removePortalRegistration,
	addPortalEndpoint,
	removePortalEndpoint,
	rotatePortalSigningKey,
	deletePortalSigningKey,
	PORTAL_ADMIN_MESSAGES,
} from './admin-settings.ts'
