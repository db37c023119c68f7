import * as oauth from 'oauth4webapi'
import type { ClientRegistration } from './client-registrations.ts'
import type { PortalFetcher } from './fetch-policy.ts'
import { currentSigningKey, SIGNING_ALGORITHM } from './signing-keys.ts'

/**
 * The OAuth side of SMART App Launch through oauth4webapi (docs/decisions/031): the
 * authorization request (code + PKCE S256, state, nonce, aud), the code exchange, refresh and
 * revocation. Every request goes through the portal fetch (safe-fetch.ts); http is allowed
 * only where the fetch policy already allowed it (loopback outside production).
 */
export type TokenEndpoints = { issuer: string | null; fhirBaseUrl: string; tokenEndpoint: string; revocationEndpoint: string | null }

export type PortalTokens = { accessToken: string; refreshToken: string | null; expiresAt: Date | null; scope: string | null; patient: string | null }

export class TokenRefusedError extends Error {
	constructor(
		/** invalid_grant: the refresh token expired or was revoked (the patient reconnects); other: any other refusal. */
		readonly reason: 'invalid_grant' | 'refused' | 'bad_response',
		readonly oauthError: string | null = null,
	) {
		super(`Token request refused: ${reason}${oauthError ? ` (${oauthError})` : ''}`)
	}
}

function authorizationServer(endpoints: TokenEndpoints & { authorizationEndpoint?: string }): oauth.AuthorizationServer {
	return {
		// a server that names no issuer: its FHIR base stands in (no ID token is asked for then; discovery.ts chooseScopes)
		issuer: endpoints.issuer ?? endpoints.fhirBaseUrl,
		authorization_endpoint: endpoints.authorizationEndpoint,
		token_endpoint: endpoints.tokenEndpoint,
		revocation_endpoint: endpoints.revocationEndpoint ?? undefined,
	}
}

function requestOptions(fetcher: PortalFetcher, endpoint: string) {
	return {
		[oauth.customFetch]: (url: string, init: oauth.CustomFetchOptions<string, unknown>) =>
			fetcher(url, {
				method: init.method,
				headers: init.headers as Record<string, string>,
				body: init.body as string | URLSearchParams | null,
				redirect: 'manual',
				signal: init.signal,
			}),
		// http only reaches here for loopback outside production (the fetch policy refuses it otherwise)
		[oauth.allowInsecureRequests]: endpoint.startsWith('http:'),
	}
}

async function clientAuthentication(registration: ClientRegistration, tokenEndpoint: string): Promise<oauth.ClientAuth> {
	if (registration.authMethod === 'client_secret_basic') return oauth.ClientSecretBasic(registration.clientSecret ?? '')
	if (registration.authMethod === 'private_key_jwt') {
		const signing = await currentSigningKey()
		return oauth.PrivateKeyJwt(
			{ key: signing.key, kid: signing.kid },
			{
				// SMART (and Epic) want the token endpoint as the assertion's audience
				[oauth.modifyAssertion]: (header, payload) => {
					header.alg = SIGNING_ALGORITHM
					payload.aud = tokenEndpoint
				},
			},
		)
	}
	return oauth.None()
}

/** The server, the client and its authentication, as oauth4webapi takes them. */
async function parties(endpoints: TokenEndpoints, registration: ClientRegistration) {
	return {
		as: authorizationServer(endpoints),
		client: { client_id: registration.clientId } satisfies oauth.Client,
		auth: await clientAuthentication(registration, endpoints.tokenEndpoint),
	}
}

export type AuthorizationRequest = { url: string; state: string; nonce: string | null; codeVerifier: string }

export async function buildAuthorizationRequest(input: {
	authorizationEndpoint: string
	fhirBaseUrl: string
	registration: ClientRegistration
	redirectUri: string
	scopes: string[]
}): Promise<AuthorizationRequest> {
	const codeVerifier = oauth.generateRandomCodeVerifier()
	const state = oauth.generateRandomState()
	const nonce = input.scopes.includes('openid') ? oauth.generateRandomNonce() : null
	const url = new URL(input.authorizationEndpoint)
	url.searchParams.set('response_type', 'code')
	url.searchParams.set('client_id', input.registration.clientId)
	url.searchParams.set('redirect_uri', input.redirectUri)
	url.searchParams.set('scope', input.scopes.join(' '))
	url.searchParams.set('state', state)
	url.searchParams.set('aud', input.fhirBaseUrl)
	url.searchParams.set('code_challenge', await oauth.calculatePKCECodeChallenge(codeVerifier))
	url.searchParams.set('code_challenge_method', 'S256')
	if (nonce) url.searchParams.set('nonce', nonce)
	return { url: url.href, state, nonce, codeVerifier }
}

function tokensOf(response: oauth.TokenEndpointResponse): PortalTokens {
	return {
		accessToken: response.access_token,
		refreshToken: response.refresh_token ?? null,
		expiresAt: typeof response.expires_in === 'number' ? new Date(Date.now() + response.expires_in * 1000) : null,
		scope: response.scope ?? null,
		patient: typeof response.patient === 'string' ? response.patient : null,
	}
}

function refusal(error: unknown): never {
	if (error instanceof oauth.ResponseBodyError) {
		throw Object.assign(new TokenRefusedError(error.error === 'invalid_grant' ? 'invalid_grant' : 'refused', error.error), { cause: error })
	}
	if (error instanceof oauth.AuthorizationResponseError) throw new TokenRefusedError('refused', error.error)
	if (error instanceof oauth.OperationProcessingError) throw Object.assign(new TokenRefusedError('bad_response', error.code ?? null), { cause: error })
	throw error
}

/**
 * The callback: the state checked against the one stored for this session (the caller found
 * it by the state's hash), the code exchanged with the verifier, the nonce checked when an ID
 * token came.
 */
export async function exchangeAuthorizationCode(input: {
	endpoints: TokenEndpoints
	registration: ClientRegistration
	callbackUrl: URL
	expectedState: string
	redirectUri: string
	codeVerifier: string
	nonce: string | null
	fetcher: PortalFetcher
}): Promise<PortalTokens> {
	const { as, client, auth } = await parties(input.endpoints, input.registration)
	try {
		// A server that named no issuer in discovery cannot have its `iss` response parameter checked (RFC 9207):
		// the state, bound to this session and this server's token endpoint, is what ties the answer to the request.
		const callbackUrl = new URL(input.callbackUrl)
		if (!input.endpoints.issuer) callbackUrl.searchParams.delete('iss')
		const parameters = oauth.validateAuthResponse(as, client, callbackUrl, input.expectedState)
		const response = await oauth.authorizationCodeGrantRequest(
			as,
			client,
			auth,
			parameters,
			input.redirectUri,
			input.codeVerifier,
			requestOptions(input.fetcher, input.endpoints.tokenEndpoint),
		)
		const result = await oauth.processAuthorizationCodeResponse(as, client, response, {
			expectedNonce: input.nonce ?? oauth.expectNoNonce,
			requireIdToken: false,
		})
		return tokensOf(result)
	} catch (error) {
		refusal(error)
	}
}

export async function refreshTokens(input: {
	endpoints: TokenEndpoints
	registration: ClientRegistration
	refreshToken: string
	fetcher: PortalFetcher
}): Promise<PortalTokens> {
	const { as, client, auth } = await parties(input.endpoints, input.registration)
	try {
		const response = await oauth.refreshTokenGrantRequest(as, client, auth, input.refreshToken, requestOptions(input.fetcher, input.endpoints.tokenEndpoint))
		const tokens = tokensOf(await oauth.processRefreshTokenResponse(as, client, response))
		// a server that does not rotate refresh tokens keeps the one we have
		return { ...tokens, refreshToken: tokens.refreshToken ?? input.refreshToken }
	} catch (error) {
		refusal(error)
	}
}

/** Revokes a token where the server offers revocation; answers whether it did. */
export async function revokeToken(input: {
	endpoints: TokenEndpoints
	registration: ClientRegistration
	token: string
	fetcher: PortalFetcher
}): Promise<boolean> {
	if (!input.endpoints.revocationEndpoint) return false
	const { as, client, auth } = await parties(input.endpoints, input.registration)
	try {
		const response = await oauth.revocationRequest(as, client, auth, input.token, requestOptions(input.fetcher, input.endpoints.revocationEndpoint))
		await oauth.processRevocationResponse(response)
		return true
	} catch {
		return false
	}
}
