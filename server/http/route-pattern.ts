/**
 * The route pattern of a request path (`/calendar/:token`,
 * `/records/:documentId`), for logs: a raw path can hold a feed token, a
 * document id or anything a visitor typed. Matched against the Remix build's
 * route manifest with Remix's own matcher, so it ranks routes as Remix does.
 */
import { matchRoutes } from '@remix-run/react'
import type { ServerBuild } from '@remix-run/node'

type Manifest = ServerBuild['routes']
type PatternRoute = { path?: string; index?: boolean; caseSensitive?: boolean; children?: PatternRoute[] }

/** Every path that matches no route (and the catch-all splat route) logs as this. */
export const UNKNOWN_ROUTE = '*'
export const STATIC_ASSETS_ROUTE = '/assets/*'

const trees = new WeakMap<Manifest, PatternRoute[]>()

function routeTree(manifest: Manifest): PatternRoute[] {
	let tree = trees.get(manifest)
	if (!tree) {
		const byParent = new Map<string | undefined, Manifest[string][]>()
		for (const route of Object.values(manifest)) {
			const siblings = byParent.get(route.parentId) ?? []
			siblings.push(route)
			byParent.set(route.parentId, siblings)
		}
		const build = (parentId: string | undefined): PatternRoute[] =>
			(byParent.get(parentId) ?? []).map((route) => ({
				path: route.path,
				index: route.index,
				caseSensitive: route.caseSensitive,
				children: route.index ? undefined : build(route.id),
			}))
		tree = build(undefined)
		trees.set(manifest, tree)
	}
	return tree
}

function isDecodable(pathname: string) {
	try {
		for (const segment of pathname.split('/')) decodeURIComponent(segment)
		return true
	} catch {
		return false
	}
}

/** The pattern of the route a path matches in this build, or '*'. */
export function routePatternIn(manifest: Manifest, pathname: string): string {
	if (pathname === '/assets' || pathname.startsWith('/assets/')) return STATIC_ASSETS_ROUTE
	// The matcher warns on the console, with the path, about a bad percent encoding.
	if (!isDecodable(pathname)) return UNKNOWN_ROUTE
	let matches: ReturnType<typeof matchRoutes> = null
	try {
		matches = matchRoutes(routeTree(manifest) as Parameters<typeof matchRoutes>[0], pathname)
	} catch {
		return UNKNOWN_ROUTE
	}
	if (!matches || matches.length === 0) return UNKNOWN_ROUTE
	const segments = matches.map((match) => match.route.path ?? '').filter((path) => path !== '')
	if (segments.length === 1 && segments[0] === '*') return UNKNOWN_ROUTE
	return `/${segments.join('/')}`.replace(/\/{2,}/g, '/')
}

/**
 * The same for the build the server runs: an imported build in production,
 * Vite's loader function in development (it answers from its module cache).
 */
export async function routePatternOf(build: ServerBuild | (() => Promise<ServerBuild>) | undefined, pathname: string): Promise<string> {
	try {
		const resolved = typeof build === 'function' ? await build() : build
		return resolved ? routePatternIn(resolved.routes, pathname) : UNKNOWN_ROUTE
	} catch {
		return UNKNOWN_ROUTE
	}
}

/**
 * The route pattern from a matched request's path and params (Remix's
 * handleError gets these, not the build): each segment holding a param's
 * value becomes `:name`, a splat's part becomes `*`. Single-fetch data URLs
 * (`/records.data`, `/_root.data`) read as their page.
 */
export function routePatternFromParams(pathname: string, params: Record<string, string | undefined>): string {
	if (pathname === '/assets' || pathname.startsWith('/assets/')) return STATIC_ASSETS_ROUTE
	if (!isDecodable(pathname)) return UNKNOWN_ROUTE
	let path = pathname.endsWith('.data') ? pathname.slice(0, -'.data'.length) : pathname
	if (path === '/_root') path = '/'
	let segments = path
		.split('/')
		.filter((segment) => segment !== '')
		.map((segment) => decodeURIComponent(segment))
	const splat = params['*']
	if (splat !== undefined) {
		const splatLength = splat.split('/').filter((segment) => segment !== '').length
		segments = [...segments.slice(0, segments.length - splatLength), '*']
		if (segments.length === 1) return UNKNOWN_ROUTE
	}
	const byValue = new Map<string, string>()
	for (const [name, value] of Object.entries(params)) {
		if (name !== '*' && value !== undefined && value !== '') byValue.set(value, `:${name}`)
	}
	return `/${segments.map((segment) => byValue.get(segment) ?? segment).join('/')}`
}
