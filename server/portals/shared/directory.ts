/**
 * The bundled directory of patient-portal endpoints offered on Connect (issue 40, point 1).
 * Versioned: a release that changes an address or adds a provider bumps `version`, shown on
 * the Connect form so support can tell which list a patient saw. Providers the deployment adds
 * (admin 'Portal connections') and, outside production, the local test portal join it at run
 * time (server/portals/endpoints.ts).
 */
export type PortalPlatform = 'smart-sandbox' | 'epic' | 'oracle' | 'test' | 'other'

export type DirectoryEndpoint = {
	key: string
	name: string
	platform: PortalPlatform
	fhirBaseUrl: string
	/** What the patient should know before signing in there. */
	note: string
}

export const PORTAL_DIRECTORY = {
	version: '2026.11.1',
	endpoints: [
		{
			key: 'smart-sandbox',
			name: 'SMART Health IT sandbox',
			platform: 'smart-sandbox',
			fhirBaseUrl: 'https://launch.smarthealthit.org/v/r4/fhir',
			note: 'A public test server with synthetic patients: choose any patient when it asks.',
		},
		{
			key: 'epic-sandbox',
			name: 'Epic sandbox (fhir.epic.com)',
			platform: 'epic',
			fhirBaseUrl: 'https://fhir.epic.com/interconnect-fhir-oauth/api/FHIR/R4',
			note: "Epic's public sandbox: sign in with one of Epic's published test patients (fhir.epic.com, Documentation > Test Data).",
		},
		{
			key: 'oracle-sandbox',
			name: 'Oracle Health sandbox (Cerner)',
			platform: 'oracle',
			fhirBaseUrl: 'https://fhir-myrecord.cerner.com/r4/ec2458f2-1e24-41c8-b71b-0e701af7583d',
			note: "Oracle Health's public patient sandbox: sign in with one of its published test patients (code.cerner.com).",
		},
	] satisfies DirectoryEndpoint[],
} as const

export const PLATFORM_NAMES: Record<PortalPlatform, string> = {
	'smart-sandbox': 'SMART Health IT sandbox',
	epic: 'Epic (all Epic organizations)',
	oracle: 'Oracle Health / Cerner (all organizations)',
	test: 'Test portal (development)',
	other: 'Any other FHIR server (typed address)',
}
