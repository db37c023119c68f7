import { describe, expect, it } from 'vitest'
import { chooseScopes, type SmartServer } from './discovery.ts'
import { retryAfterMs } from './fhir-reader.ts'

const base: SmartServer = {
	fhirBaseUrl: 'https://fhir.example.org/r4',
	issuer: 'https://auth.example.org',
	authorizationEndpoint: 'https://auth.example.org/authorize',
	tokenEndpoint: 'https://auth.example.org/token',
	revocationEndpoint: null,
	scopesSupported: [],
	capabilities: [],
	codeChallengeMethods: ['S256'],
	authMethods: null,
	platform: null,
	source: 'smart-configuration',
}

describe('the scopes Carebook asks for follow what the server declares', () => {
	it('asks for v2 scopes from a server that offers them', () => {
		expect(chooseScopes({ ...base, capabilities: ['permission-v2'] })).toEqual(['launch/patient', 'offline_access', 'openid', 'fhirUser', 'patient/*.rs'])
	})

	it('asks for v1 scopes from a v1 server, and no ID token without an issuer', () => {
		expect(chooseScopes({ ...base, issuer: null, capabilities: ['permission-v1'] })).toEqual(['launch/patient', 'offline_access', 'patient/*.read'])
	})

	it('asks per type when the server lists only per-type scopes, and only declared extras', () => {
		const scopes = chooseScopes({
			...base,
			scopesSupported: ['launch/patient', 'openid', 'fhirUser', 'patient/Patient.read', 'patient/Observation.read', 'patient/Condition.rs'],
		})
		expect(scopes).toEqual(['launch/patient', 'openid', 'fhirUser', 'patient/Patient.read', 'patient/Observation.read', 'patient/Condition.rs'])
	})
})

describe('Retry-After', () => {
	it('reads seconds and dates, and caps the wait at a minute', () => {
		expect(retryAfterMs('2', 500)).toBe(2000)
		expect(retryAfterMs('3600', 500)).toBe(60_000)
		expect(retryAfterMs(null, 500)).toBe(500)
		expect(retryAfterMs(new Date(Date.now() + 5000).toUTCString(), 500)).toBeGreaterThan(3000)
		expect(retryAfterMs('soon', 500)).toBe(500)
	})
})
