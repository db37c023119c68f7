import { describe, expect, it } from 'vitest'
import { checkResource, versionHashOf } from './resource-check.ts'

const expected = { types: ['Observation', 'Patient', 'Medication'], patientId: 'p1' }

describe('a portal resource is checked on its own', () => {
	it('takes a resource of the type asked for, about the patient', () => {
		const check = checkResource({ resourceType: 'Observation', id: 'o-1', subject: { reference: 'Patient/p1' } }, expected)
		expect(check.ok).toBe(true)
	})

	it('refuses malformed resources with a reason', () => {
		expect(checkResource('text', expected)).toEqual({ ok: false, reason: 'not_a_resource' })
		expect(checkResource({ id: 'x' }, expected)).toEqual({ ok: false, reason: 'not_a_resource' })
		expect(checkResource({ resourceType: 'Claim', id: 'x' }, expected)).toEqual({ ok: false, reason: 'unexpected_type' })
		expect(checkResource({ resourceType: 'Observation', id: '../../etc' }, expected)).toEqual({ ok: false, reason: 'bad_id' })
		expect(checkResource({ resourceType: 'Observation', id: 'o', subject: { reference: 'Patient/p2' } }, expected)).toEqual({
			ok: false,
			reason: 'other_patient',
		})
		expect(checkResource({ resourceType: 'Patient', id: 'p2' }, expected)).toEqual({ ok: false, reason: 'other_patient' })
		let deep: Record<string, unknown> = {}
		const root = { resourceType: 'Observation', id: 'deep', extension: deep }
		for (let index = 0; index < 100; index++) deep = (deep.child = {}) as Record<string, unknown>
		expect(checkResource(root, expected)).toEqual({ ok: false, reason: 'too_deep' })
		expect(checkResource(JSON.parse('{"resourceType":"Observation","id":"o","code":{"__proto__":{"x":1}}}'), expected)).toEqual({
			ok: false,
			reason: 'reserved_key',
		})
		expect(checkResource({ resourceType: 'Observation', id: 'big', note: 'x'.repeat(1_100_000) }, expected)).toEqual({ ok: false, reason: 'too_large' })
	})

	it('sees the same version when only meta changed', () => {
		const first = { resourceType: 'Observation', id: 'o', valueQuantity: { value: 1 }, meta: { lastUpdated: '2020' } }
		const touched = { ...first, meta: { lastUpdated: '2021' } }
		const changed = { ...first, valueQuantity: { value: 2 } }
		expect(versionHashOf(first)).toBe(versionHashOf(touched))
		expect(versionHashOf(first)).not.toBe(versionHashOf(changed))
	})
})
