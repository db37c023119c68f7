/**
 * The one shape of a domain answer (docs/decisions/010-errors-and-notices.md).
 * A domain function that can refuse returns `Result<T>`: `{ ok: true, ...T }`
 * or a `Refusal` naming why in the domain's words (`code`), the text the user
 * reads (`message`, from the domain's messages module), optionally the form
 * field it is about, and its `kind`. The kind, not the domain, decides the
 * HTTP status (REFUSAL_STATUS) and the tRPC code: domain code never speaks
 * HTTP. Browser-safe: forms and tRPC clients read refusals too.
 */

export const REFUSAL_STATUS = {
	/** The input breaks a rule (a past date, the same time again). */
	invalid: 400,
	/** Wrong credentials. */
	unauthenticated: 401,
	/** Signed in, but this role or plan does not allow it (a member changing the plan, the API on Basic). */
	forbidden: 403,
	/** Nothing of this patient's with that id: "not yours" answers the same. */
	'not-found': 404,
	/** The thing changed meanwhile or is in a state that forbids it (already cancelled). */
	conflict: 409,
	/** Over a size or plan limit. */
	'too-large': 413,
	/** A file of a type we do not take. */
	unsupported: 415,
	/** Locked for a while (too many wrong passwords in a row). */
	locked: 423,
	/** Too many attempts: try later. */
	'rate-limited': 429,
	/** The server cannot do it at all as configured (no e-mail relay). */
	unavailable: 503,
	/** The server's storage (its disk, the database's disk) is full: nothing was kept. */
	'storage-full': 507,
} as const

export type RefusalKind = keyof typeof REFUSAL_STATUS

export type Refusal<Code extends string = string, Field extends string = string> = {
	ok: false
	kind: RefusalKind
	code: Code
	message: string
	field?: Field
}

export type Result<T extends object = object, Code extends string = string, Field extends string = string> = ({ ok: true } & T) | Refusal<Code, Field>

/** A success with its values. */
export function succeed<T extends object>(values: T): { ok: true } & T {
	return { ok: true, ...values }
}

/** A refusal; `field` names the form field the message belongs beside. */
export function refuse<Code extends string, Field extends string = never>(kind: RefusalKind, code: Code, message: string, field?: Field): Refusal<Code, Field> {
	return field === undefined ? { ok: false, kind, code, message } : { ok: false, kind, code, message, field }
}

export function isRefusal(value: unknown): value is Refusal {
	return typeof value === 'object' && value !== null && (value as { ok?: unknown }).ok === false && typeof (value as { kind?: unknown }).kind === 'string'
}

/** The HTTP status of a refusal. */
export function refusalStatus(refusal: Pick<Refusal, 'kind'>): number {
	return REFUSAL_STATUS[refusal.kind]
}
