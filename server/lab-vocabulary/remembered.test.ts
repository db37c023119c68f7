import { describe, expect, it } from 'vitest'
import { remembered } from './remembered.ts'

describe('remembered', () => {
	it('asks the lookup once per key, remembers null answers too, and freezes object answers', () => {
		const asked: string[] = []
		const lookup = remembered((key: string) => {
			asked.push(key)
			return key === 'none' ? null : { key }
		})
		expect(lookup('a')).toEqual({ key: 'a' })
		expect(lookup('a')).toBe(lookup('a'))
		expect(lookup('none')).toBeNull()
		expect(lookup('none')).toBeNull()
		expect(asked).toEqual(['a', 'none'])
		expect(Object.isFrozen(lookup('a'))).toBe(true)
	})

	it('starts again after 20,000 answers instead of growing without end', () => {
		let calls = 0
		const lookup = remembered((key: string) => {
			calls++
			return key.length
		})
		for (let index = 0; index < 20_000; index++) lookup(`k${index}`)
		lookup('k0')
		expect(calls).toBe(20_000)
		lookup('new')
		lookup('k0')
		expect(calls).toBe(20_002)
	})
})
