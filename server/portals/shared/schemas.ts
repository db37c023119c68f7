import { z } from 'zod'
import { PORTAL_MESSAGES } from './messages.ts'

/** The Connections page's forms (one intent each), shared by the page and its action. */
const connectionId = z.string({ required_error: PORTAL_MESSAGES.notFound }).uuid(PORTAL_MESSAGES.notFound)

export const ConnectEndpointSchema = z.object({ intent: z.literal('connect'), endpointKey: z.string().min(1).max(120) })
export const ConnectUrlSchema = z.object({
	intent: z.literal('connect-url'),
	fhirBaseUrl: z.string({ required_error: PORTAL_MESSAGES.badUrl }).trim().max(500, PORTAL_MESSAGES.badUrl).url(PORTAL_MESSAGES.badUrl),
})
export const ConnectionActionSchema = z.discriminatedUnion('intent', [
	ConnectEndpointSchema,
	ConnectUrlSchema,
	z.object({ intent: z.literal('sync'), connectionId }),
	z.object({ intent: z.literal('reconnect'), connectionId }),
	z.object({ intent: z.literal('disconnect'), connectionId, records: z.enum(['keep', 'delete'], { required_error: 'Choose whether to keep the records.' }) }),
])

/** What the counts by kind are called on the page. */
export const RESOURCE_KIND_LABELS: Record<string, string> = {
	Observation: 'Results and vital signs',
	Condition: 'Conditions',
	MedicationRequest: 'Prescriptions',
	MedicationStatement: 'Medications taken',
	Medication: 'Medication details',
	AllergyIntolerance: 'Allergies',
	Immunization: 'Immunizations',
	DiagnosticReport: 'Reports',
	DocumentReference: 'Documents',
	Patient: 'Patient details',
}
