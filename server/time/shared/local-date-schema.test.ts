import { describe, expect, it } from 'vitest'
import { LocalDateSchema } from './local-date-schema.ts'

describe('LocalDateSchema', () => {
	it('accepts a real calendar date and refuses other shapes and impossible days', () => {
		expect(LocalDateSchema.safeParse('2024-02-29').success).toBe(true)
		expect(LocalDateSchema.safeParse('2025-02-29').success).toBe(false)
		expect(LocalDateSchema.safeParse('2025-02-31').success).toBe(false)
		expect(LocalDateSchema.safeParse('2025-2-3').success).toBe(false)
		expect(LocalDateSchema.safeParse('2025-02-03T00:00').success).toBe(false)
	})
})
