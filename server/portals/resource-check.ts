import { createHash } from 'node:crypto'

/**
 * One resource from a portal, checked before it goes anywhere (issue 40, point 5: malformed
 * FHIR is refused per resource, never for the whole sync): a JSON object of the type asked
 * for (or a Medication a medication search included), with a FHIR id, within size and depth
 * limits, and about the connection's patient. Anything else is counted as refused.
 */
export const MAX_RESOURCE_BYTES = 1_000_000
export const MAX_RESOURCE_DEPTH = 60
const FHIR_ID = /^[A-Za-z0-9\-.]{1,64}$/

export type PortalResource = { resourceType: string; id: string; [key: string]: unknown }

export type ResourceCheck =
	| { ok: true; resource: PortalResource; bytes: number }
	| { ok: false; reason: 'not_a_resource' | 'unexpected_type' | 'bad_id' | 'too_large' | 'too_deep' | 'reserved_key' | 'other_patient' }

/** Keys the document importer refuses in a whole file (server/extraction/structured/safe-json.ts): refused here per resource. */
const RESERVED_KEYS = new Set(['__proto__', 'constructor', 'prototype'])

/** Its depth (stopping past `limit`), or -1 when a reserved key appears anywhere in it. */
function depthOf(value: unknown, limit: number): number {
	let deepest = 0
	const stack: [unknown, number][] = [[value, 1]]
	while (stack.length > 0) {
		const [item, depth] = stack.pop()!
		if (depth > deepest) deepest = depth
		if (deepest > limit) return deepest
		if (!item || typeof item !== 'object') continue
		for (const key of Object.keys(item)) {
			if (RESERVED_KEYS.has(key)) return -1
			const child = (item as Record<string, unknown>)[key]
			if (child && typeof child === 'object') stack.push([child, depth + 1])
		}
	}
	return deepest
}

const PATIENT_REFERENCE_FIELDS = ['subject', 'patient'] as const

/** Whether a reference names the patient: 'Patient/<id>' or an absolute address ending with it. */
function isPatientReference(reference: unknown, patientId: string) {
	if (typeof reference !== 'string') return false
	return reference === `Patient/${patientId}` || reference.endsWith(`/Patient/${patientId}`)
}

export function checkResource(value: unknown, expected: { types: readonly string[]; patientId: string }): ResourceCheck {
	if (!value || typeof value !== 'object' || Array.isArray(value)) return { ok: false, reason: 'not_a_resource' }
	const resource = value as Record<string, unknown>
	if (typeof resource.resourceType !== 'string') return { ok: false, reason: 'not_a_resource' }
	if (!expected.types.includes(resource.resourceType)) return { ok: false, reason: 'unexpected_type' }
	if (typeof resource.id !== 'string' || !FHIR_ID.test(resource.id)) return { ok: false, reason: 'bad_id' }
	const bytes = Buffer.byteLength(JSON.stringify(resource))
	if (bytes > MAX_RESOURCE_BYTES) return { ok: false, reason: 'too_large' }
	const depth = depthOf(resource, MAX_RESOURCE_DEPTH)
	if (depth < 0) return { ok: false, reason: 'reserved_key' }
	if (depth > MAX_RESOURCE_DEPTH) return { ok: false, reason: 'too_deep' }
	if (resource.resourceType === 'Patient') {
		if (resource.id !== expected.patientId) return { ok: false, reason: 'other_patient' }
	} else if (resource.resourceType !== 'Medication') {
		// a resource about someone else (a hostile or broken server) never joins this patient's record
		for (const field of PATIENT_REFERENCE_FIELDS) {
			const reference = (resource[field] as { reference?: unknown } | undefined)?.reference
			if (reference !== undefined && !isPatientReference(reference, expected.patientId)) return { ok: false, reason: 'other_patient' }
		}
	}
	return { ok: true, resource: resource as PortalResource, bytes }
}

/** The version of a resource as Carebook saw it: a hash of its content without `meta` (a server touching lastUpdated alone changes nothing). */
export function versionHashOf(resource: PortalResource): string {
	const { meta: _meta, ...content } = resource
	return createHash('sha256').update(JSON.stringify(content)).digest('base64url')
}
