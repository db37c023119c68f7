import { describe, expect, it } from 'vitest'
import { isAllowedText, parseSearchQuery, safeText, TEXT_LIMITS, TEXT_MESSAGES, toAllowedText } from './text.ts'

describe('allowed text', () => {
	it('accepts ordinary text in any script, with emoji', () => {
		for (const value of ['Ann Lee', 'Zoë Ørsted-Łukasz', '李小龍', 'Dr. O’Brien — cardiology', 'blood 🩸 test', '']) {
			expect(isAllowedText(value)).toBe(true)
		}
	})

	it('refuses NUL and the other C0 controls, DEL and the C1 controls', () => {
		for (const value of ['a\u0000b', '\u0001', 'x\u0008', '\u001b[31m', '\u007f', '\u0085', '\u009f']) {
			expect(isAllowedText(value)).toBe(false)
			expect(isAllowedText(value, { multiline: true })).toBe(false)
		}
	})

	it('allows tab and line breaks only in multi-line fields', () => {
		for (const value of ['line one\nline two', 'a\r\nb', 'a\tb']) {
			expect(isAllowedText(value)).toBe(false)
			expect(isAllowedText(value, { multiline: true })).toBe(true)
		}
	})

	it('refuses noncharacters and unpaired surrogates', () => {
		for (const value of ['\ufffe', 'a\uffffb', '\ufdd0', '\u{10ffff}', 'a\ud800', '\udc00b']) {
			expect(isAllowedText(value, { multiline: true })).toBe(false)
		}
	})

	it('gives field messages for refused characters and length', () => {
		const schema = safeText({ max: 5 }).trim().min(1, 'Required')
		expect(schema.safeParse(' abc ').data).toBe('abc')
		expect(schema.safeParse('ab\u0000').error?.issues.map((issue) => issue.message)).toEqual([TEXT_MESSAGES.notAllowedCharacters])
		expect(schema.safeParse('abcdefg').error?.issues.map((issue) => issue.message)).toEqual([TEXT_MESSAGES.tooLong(5)])
	})
})

describe('search queries from the URL', () => {
	it('trims a normal query', () => {
		expect(parseSearchQuery('  glucose ')).toEqual({ query: 'glucose', error: null })
		expect(parseSearchQuery(null)).toEqual({ query: '', error: null })
	})

	it('turns refused characters or an over-long text into an empty query with a message', () => {
		expect(parseSearchQuery('PHI\u0000')).toEqual({ query: '', error: TEXT_MESSAGES.notAllowedCharacters })
		expect(parseSearchQuery('x'.repeat(TEXT_LIMITS.search + 1))).toEqual({ query: '', error: TEXT_MESSAGES.tooLong(TEXT_LIMITS.search) })
	})
})

describe('text read from a file', () => {
	it('becomes allowed text: refused characters replaced, trimmed, cut at the limit', () => {
		expect(toAllowedText('Annual\u0000 check-up\u0007', 200)).toBe('Annual  check-up')
		expect(toAllowedText('line one\nline two', 200)).toBe('line one line two')
		expect(toAllowedText('line one\nline two', 200, { multiline: true })).toBe('line one\nline two')
		expect(toAllowedText('x'.repeat(300), 200)).toHaveLength(200)
		expect(isAllowedText(toAllowedText('\uFFFEbad\uD800', 200))).toBe(true)
	})
})
