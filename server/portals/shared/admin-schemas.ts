import { z } from 'zod'

/** The admin 'Portal connections' page's forms, one intent each. */
export const PortalAdminActionSchema = z.discriminatedUnion('intent', [
	z.object({
		intent: z.literal('save-registration'),
		key: z.string().min(1).max(120),
		clientId: z.string({ required_error: 'Enter the client id the portal gave you.' }).trim().min(1).max(300),
		authMethod: z.enum(['none', 'client_secret_basic', 'private_key_jwt']),
		clientSecret: z.string().max(500).optional(),
	}),
	z.object({ intent: z.literal('remove-registration'), key: z.string().min(1).max(120) }),
	z.object({
		intent: z.literal('add-endpoint'),
		name: z.string({ required_error: 'Enter the provider’s name.' }).trim().min(1).max(120),
		fhirBaseUrl: z
			.string({ required_error: 'Enter the provider’s FHIR address.' })
			.trim()
			.url('Enter the provider’s FHIR address, starting with https://.')
			.max(500),
	}),
	z.object({ intent: z.literal('remove-endpoint'), endpointId: z.string().uuid() }),
	z.object({ intent: z.literal('rotate-key') }),
	z.object({ intent: z.literal('delete-key'), kid: z.string().min(1).max(100) }),
])

export const AUTH_METHOD_LABELS = {
	none: 'Public client (no secret)',
	client_secret_basic: 'Client secret (client_secret_basic)',
	private_key_jwt: 'Carebook’s key (private_key_jwt, JWKS URL)',
} as const
