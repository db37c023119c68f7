import { redirect } from '@remix-run/node'
import { clearedSessionCookie, readSessionToken } from './cookies.ts'
import { validateSessionToken, type SessionKind } from './sessions.ts'
import { clientIpOf } from '#server/http/client-ip.ts'
import { patientOf, type PatientContext, type SignedInPatient } from './patient.ts'

export const LOGIN_PATH: Record<SessionKind, string> = { patient: '/login', admin: '/admin/login' }

export async function getSession(request: Request, kind: SessionKind) {
	const token = readSessionToken(request, kind)
	if (!token) return null
	return validateSessionToken(token, kind)
}

function loginRedirect(request: Request, kind: SessionKind) {
	const url = new URL(request.url)
	const here = `${url.pathname}${url.search}`
	const search = here && here !== '/' ? `?${new URLSearchParams({ redirectTo: here })}` : ''
	return redirect(`${LOGIN_PATH[kind]}${search}`, {
		headers: { 'Set-Cookie': clearedSessionCookie(kind, request) },
	})
}

export type { PatientContext } from './patient.ts'

export type PatientSessionResult = { ok: true; session: PatientContext } | { ok: false; reason: 'signed-out' | 'not-a-patient' }

/**
 * The one patient guard: the request's session resolved to a patient with an
 * organization. Page loaders, resource routes and tRPC answer a failure each
 * their own way (redirect, 401 JSON, UNAUTHORIZED) but share this lookup.
 */
export async function resolvePatientSession(request: Request): Promise<PatientSessionResult> {
	const session = await getSession(request, 'patient')
	if (!session) return { ok: false, reason: 'signed-out' }
	if (session.user.role !== 'patient' || !session.organizationId) return { ok: false, reason: 'not-a-patient' }
	return { ok: true, session: session as PatientContext }
}

/**
 * The signed-in patient (organization, user, the request's address) for the
 * domain calls, or a redirect to /login: `const patient = await requirePatient(request)`.
 */
export async function requirePatient(request: Request): Promise<SignedInPatient> {
	const result = await resolvePatientSession(request)
	if (result.ok) return patientOf(result.session, clientIpOf(request))
	if (result.reason === 'signed-out') throw loginRedirect(request, 'patient')
	throw redirect('/unauthorized')
}

/** A signed-in administrator (optionally of one role), or /admin/login; the wrong role goes to /unauthorized. */
export async function requireAdmin(request: Request, options: { role?: 'superadmin' } = {}) {
	const session = await getSession(request, 'admin')
	if (!session) throw loginRedirect(request, 'admin')
	if (session.user.role !== 'admin' && session.user.role !== 'superadmin') throw redirect('/unauthorized')
	if (options.role && session.user.role !== options.role) throw redirect('/unauthorized')
	return session
}

/** For resource routes called by scripts (fetch/XHR): 401 instead of a redirect. */
export async function requirePatientApi(request: Request): Promise<SignedInPatient> {
	const result = await resolvePatientSession(request)
	if (!result.ok) throw Response.json({ error: 'UNAUTHORIZED' }, { status: 401 })
	return patientOf(result.session, clientIpOf(request))
}
