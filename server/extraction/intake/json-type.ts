/**
 * Whether a JSON file is FHIR, told by its structure as it streams in, not
 * by a prefix: a small tokenizer that keeps no document, only the stack of
 * open containers, and looks for a resourceType where the FHIR reader
 * (structured/fhir-import.ts) takes one:
 *  - at the root object's own level (depth 1): a resource or a Bundle;
 *  - in the root object's `entry` list, in an item's `resource`: a bundle
 *    written without its own resourceType (test servers' seed transactions);
 *  - in an item of a root list: a list of resources.
 * A resourceType is a string of the form 'Patient' (a capital, then
 * letters); one nested anywhere else (a contained resource, a narrative)
 * does not count. A key written with escapes ("resource\u0054ype") is read
 * as JSON.parse would read it.
 *
 * It answers 'fhir' as soon as it finds one (a seed transaction's after a
 * long Patient narrative, thousands of bytes in), 'not_fhir' when the root
 * closes without one, when the text is not JSON, or when JSON_TYPE_MAX_BYTES
 * pass without an answer. Work is linear in the bytes read and memory is
 * bounded: strings are skipped, not kept, except short keys and values of
 * interest (at most MAX_KEPT_STRING bytes each), and nesting past
 * MAX_TRACKED_DEPTH ends the reading ('not_fhir'; safe-json.ts refuses
 * such a file anyway).
 */

/** The most bytes read to type a JSON file: the upload limit, so any file the app accepts is typed by all it holds. */
export const JSON_TYPE_MAX_BYTES = 20_971_520

/** Nesting beyond this ends the reading: FHIR files nest a few dozen levels, safe-json.ts refuses more than 100. */
const MAX_TRACKED_DEPTH = 512
/** Keys and resourceType values longer than this are not of interest ('resourceType' has 12 characters, resource names fewer than 40). */
const MAX_KEPT_STRING = 64

export type JsonTypeVerdict = 'fhir' | 'not_fhir' | 'not_json' | 'undecided'

/** What a container is to the search: where a resourceType counts, where an entry list or its items are, or nothing. */
type Role =
	/** a resource: the root object, a root list's item, an entry's resource */
	| 'resource'
	/** the root object's `entry` list */
	| 'entries'
	/** an item of the entry list */
	| 'entry'
	/** the root list */
	| 'resource_list'
	/** anything else */
	| 'other'

/** What may come next. */
type Expected =
	/** a value: at the start, after ':' or after ',' in a list, or right after '[' */
	| 'value'
	/** a key or '}' (right after '{') */
	| 'key_or_end'
	/** a key (after ',' in an object) */
	| 'key'
	/** ':' after a key */
	| 'colon'
	/** ',' or the container's end */
	| 'comma_or_end'
	/** nothing more: the root closed */
	| 'done'

const BOM = [0xef, 0xbb, 0xbf]
const QUOTE = 0x22
const BACKSLASH = 0x5c

/** The role of a container opened inside `parent` (under `key` in an object), the parent being the root when `parentIsRoot`. */
function roleOfChild(parent: Role, parentIsRoot: boolean, key: string | null, isObject: boolean): Role {
	switch (parent) {
		case 'resource':
			// only the root object's entry list: a Bundle's own, or a bundle written without its resourceType
			return parentIsRoot && key === 'entry' && !isObject ? 'entries' : 'other'
		case 'entries':
			return isObject ? 'entry' : 'other'
		case 'entry':
			return key === 'resource' && isObject ? 'resource' : 'other'
		case 'resource_list':
			return isObject ? 'resource' : 'other'
		default:
			return 'other'
	}
}

/**
 * A JSON tokenizer fed chunk by chunk (push), answering whether the file is
 * FHIR as soon as it can tell (see the module's comment).
 */
export class FhirJsonTyper {
	private answer: JsonTypeVerdict = 'undecided'
	private bytesRead = 0
	private expected: Expected = 'value'
	/** the roles of the open containers, innermost last */
	private roles: Role[] = []
	/** whether each open container is an object */
	private isObject: boolean[] = []
	/** the last key read in each open object (null in lists), when of interest */
	private keys: Array<string | null> = []
	/** inside a string: its kind, whether its bytes are kept, the bytes kept so far and whether the last byte was a backslash */
	private inString = false
	private stringKind: 'key' | 'value' = 'value'
	private keepString = false
	private kept: number[] = []
	private keptTooLong = false
	private escaped = false
	/** inside a number or a literal (true, false, null) */
	private inScalar = false
	/** how many bytes of a UTF-8 byte-order mark opened the text (3 once past the start) */
	private bomBytes = 0

	constructor(private readonly maxBytes = JSON_TYPE_MAX_BYTES) {}

	get verdict(): JsonTypeVerdict {
		return this.answer
	}

	/** Reads the next bytes of the file; the verdict so far (bytes past a verdict are not read). */
	push(chunk: Uint8Array): JsonTypeVerdict {
		if (this.answer !== 'undecided') return this.answer
		const room = this.maxBytes - this.bytesRead
		const bytes = chunk.length > room ? chunk.subarray(0, room) : chunk
		this.bytesRead += bytes.length
		this.readBytes(bytes)
		if (this.answer === 'undecided' && this.bytesRead >= this.maxBytes) this.answer = 'not_fhir'
		return this.answer
	}

	/**
	 * The answer if the file ended here: 'undecided' becomes 'not_fhir' (or 'not_json' when only
	 * blanks were read). Asking changes nothing: more bytes may still be pushed.
	 */
	end(): Exclude<JsonTypeVerdict, 'undecided'> {
		if (this.answer !== 'undecided') return this.answer
		return this.expected === 'value' && this.roles.length === 0 ? 'not_json' : 'not_fhir'
	}

	private readBytes(bytes: Uint8Array) {
		let i = 0
		// a UTF-8 byte-order mark may open the text
		while (this.bomBytes < 3 && i < bytes.length && bytes[i] === BOM[this.bomBytes]) {
			i++
			this.bomBytes++
		}
		if (i < bytes.length) this.bomBytes = 3
		for (; i < bytes.length && this.answer === 'undecided'; i++) {
			if (this.inString) {
				i = this.readString(bytes, i)
				continue
			}
			const byte = bytes[i]!
			if (this.inScalar) {
				if (isScalarByte(byte)) continue
				this.inScalar = false
				this.expected = 'comma_or_end'
			}
			if (byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09) continue
			this.readToken(byte)
		}
	}

	/** Reads string bytes from `start` up to its closing quote (or the chunk's end); the index of the last byte read. */
	private readString(bytes: Uint8Array, start: number): number {
		let i = start
		if (!this.keepString && !this.escaped) {
			// the common case, a string skipped: a tight loop to its closing quote (faster than indexOf for the short strings JSON is made of)
			const end = bytes.length
			for (; i < end; i++) {
				const byte = bytes[i]!
				if (byte === QUOTE) {
					this.closeString()
					return i
				}
				if (byte === BACKSLASH) {
					if (i + 1 >= end) {
						this.escaped = true
						return end - 1
					}
					i++
				}
			}
			return end - 1
		}
		for (; i < bytes.length; i++) {
			const byte = bytes[i]!
			if (this.escaped) {
				this.escaped = false
				this.keep(byte)
				continue
			}
			if (byte === BACKSLASH) {
				this.escaped = true
				this.keep(byte)
				continue
			}
			if (byte === QUOTE) {
				this.closeString()
				return i
			}
			this.keep(byte)
		}
		return bytes.length - 1
	}

	private keep(byte: number) {
		if (!this.keepString) return
		if (this.kept.length >= MAX_KEPT_STRING) this.keptTooLong = true
		else this.kept.push(byte)
	}

	private closeString() {
		this.inString = false
		const text = this.keepString && !this.keptTooLong ? decodeJsonString(this.kept) : null
		if (this.stringKind === 'key') {
			this.keys[this.keys.length - 1] = text
			this.expected = 'colon'
			return
		}
		this.expected = 'comma_or_end'
		if (text !== null && this.roles.at(-1) === 'resource' && this.keys.at(-1) === 'resourceType' && /^[A-Z][A-Za-z]+$/.test(text)) {
			this.answer = 'fhir'
		}
	}

	private openString(kind: 'key' | 'value') {
		this.inString = true
		this.stringKind = kind
		this.escaped = false
		this.kept = []
		this.keptTooLong = false
		const role = this.roles.at(-1)
		// keys of a resource or an entry item, and the value of a resource's resourceType
		this.keepString = kind === 'key' ? role === 'resource' || role === 'entry' : role === 'resource' && this.keys.at(-1) === 'resourceType'
	}

	private readToken(byte: number) {
		switch (this.expected) {
			case 'done':
				// something after the root closed: not JSON, so not a FHIR file
				this.answer = 'not_fhir'
				return
			case 'colon':
				if (byte === 0x3a) this.expected = 'value'
				else this.answer = 'not_fhir'
				return
			case 'key_or_end':
			case 'key':
				if (byte === QUOTE) this.openString('key')
				else if (byte === 0x7d && this.expected === 'key_or_end') this.closeContainer(true)
				else this.answer = 'not_fhir'
				return
			case 'comma_or_end':
				if (byte === 0x2c) this.expected = this.isObject.at(-1) ? 'key' : 'value'
				else if (byte === 0x7d || byte === 0x5d) this.closeContainer(byte === 0x7d)
				else this.answer = 'not_fhir'
				return
			case 'value':
				this.readValue(byte)
		}
	}

	private readValue(byte: number) {
		const isRoot = this.roles.length === 0
		if (byte === 0x7b || byte === 0x5b) {
			const isObject = byte === 0x7b
			if (this.roles.length >= MAX_TRACKED_DEPTH) {
				this.answer = 'not_fhir'
				return
			}
			const role = isRoot
				? isObject
					? 'resource'
					: 'resource_list'
				: roleOfChild(this.roles.at(-1)!, this.roles.length === 1, this.keys.at(-1) ?? null, isObject)
			this.roles.push(role)
			this.isObject.push(isObject)
			this.keys.push(null)
			this.expected = isObject ? 'key_or_end' : 'value'
			return
		}
		if (isRoot) {
			// a text that does not open with an object or a list: not a JSON file this app reads
			this.answer = 'not_json'
			return
		}
		if (byte === 0x5d && !this.isObject.at(-1)) {
			// ']' right after '[' (an empty list) or, leniently, after a trailing comma
			this.closeContainer(false)
			return
		}
		if (byte === QUOTE) this.openString('value')
		else if (isScalarStart(byte)) this.inScalar = true
		else this.answer = 'not_fhir'
	}

	private closeContainer(isObject: boolean) {
		if (this.isObject.at(-1) !== isObject) {
			this.answer = 'not_fhir'
			return
		}
		this.roles.pop()
		this.isObject.pop()
		this.keys.pop()
		if (this.roles.length === 0) {
			// the root closed without a resourceType where one counts
			this.expected = 'done'
			this.answer = 'not_fhir'
		} else this.expected = 'comma_or_end'
	}
}

function isScalarStart(byte: number): boolean {
	// a number (digit or minus) or true, false, null
	return (byte >= 0x30 && byte <= 0x39) || byte === 0x2d || byte === 0x74 || byte === 0x66 || byte === 0x6e
}

function isScalarByte(byte: number): boolean {
	// digits, letters (true, false, null, exponents), '.', '+', '-'
	return (byte >= 0x30 && byte <= 0x39) || (byte >= 0x61 && byte <= 0x7a) || (byte >= 0x41 && byte <= 0x5a) || byte === 0x2e || byte === 0x2b || byte === 0x2d
}

/** A kept string's text as JSON.parse reads it (escapes decoded); null when it is not valid. */
function decodeJsonString(bytes: number[]): string | null {
	const raw = Buffer.from(bytes).toString('utf8')
	if (!raw.includes('\\')) return raw
	try {
		return JSON.parse(`"${raw}"`) as string
	} catch {
		return null
	}
}

/** Types a whole JSON text at once (the same tokenizer): 'fhir', 'not_fhir', or 'not_json' when it does not open with an object or a list. */
export function typeJson(bytes: Uint8Array, maxBytes = JSON_TYPE_MAX_BYTES): Exclude<JsonTypeVerdict, 'undecided'> {
	const typer = new FhirJsonTyper(maxBytes)
	typer.push(bytes)
	return typer.end()
}
