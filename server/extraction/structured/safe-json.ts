/**
 * A FHIR JSON file parsed safely: nesting depth capped before JSON.parse
 * runs (its recursion would otherwise overflow the stack), and keys that
 * could reach an object's prototype (`__proto__`, `constructor`,
 * `prototype`) refused, so nothing downstream that copies or merges the
 * parsed objects can pollute Object.prototype. The size is capped by the
 * upload limit before the file gets here.
 */

export const MAX_JSON_DEPTH = 100

export type JsonRefusal = 'too_deep' | 'forbidden_key' | 'malformed'

export class UnsafeJsonError extends Error {
	constructor(
		readonly refusal: JsonRefusal,
		message: string,
	) {
		super(message)
		this.name = 'UnsafeJsonError'
	}
}

export const JSON_REFUSAL_MESSAGES: Record<JsonRefusal, string> = {
	too_deep: `The JSON file nests objects more than ${MAX_JSON_DEPTH} levels deep.`,
	forbidden_key: 'The JSON file uses a reserved key (__proto__, constructor or prototype) and is not accepted.',
	malformed: 'The JSON file is not valid JSON and cannot be read.',
}

const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype'])

/** The deepest nesting of objects and arrays, counted outside strings. */
function exceedsDepth(text: string, max: number): boolean {
	let depth = 0
	let inString = false
	for (let i = 0; i < text.length; i++) {
		const code = text.charCodeAt(i)
		if (inString) {
			if (code === 0x5c) i++
			else if (code === 0x22) inString = false
		} else if (code === 0x22) inString = true
		else if (code === 0x7b || code === 0x5b) {
			if (++depth > max) return true
		} else if (code === 0x7d || code === 0x5d) depth--
	}
	return false
}

/** Whether any object in the parsed value has a forbidden own key (JSON.parse makes `__proto__` an own key, never a prototype). */
function hasForbiddenKey(value: unknown): boolean {
	const pending: unknown[] = [value]
	while (pending.length) {
		const next = pending.pop()
		if (next === null || typeof next !== 'object') continue
		if (Array.isArray(next)) {
			for (const item of next) if (item !== null && typeof item === 'object') pending.push(item)
			continue
		}
		for (const key of Object.keys(next)) {
			if (FORBIDDEN_KEYS.has(key)) return true
			const item = (next as Record<string, unknown>)[key]
			if (item !== null && typeof item === 'object') pending.push(item)
		}
	}
	return false
}

export function parseSafeJson(text: string): unknown {
	if (exceedsDepth(text, MAX_JSON_DEPTH)) throw new UnsafeJsonError('too_deep', JSON_REFUSAL_MESSAGES.too_deep)
	let parsed: unknown
	try {
		// no reviver: it made a 19 MB file's parse three to ten times slower; the keys are checked after
		parsed = JSON.parse(text)
	} catch {
		throw new UnsafeJsonError('malformed', JSON_REFUSAL_MESSAGES.malformed)
	}
	if (hasForbiddenKey(parsed)) throw new UnsafeJsonError('forbidden_key', JSON_REFUSAL_MESSAGES.forbidden_key)
	return parsed
}
