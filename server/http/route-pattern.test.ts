import path from 'node:path'
// The same flat-routes convention the Remix Vite plugin applies to app/routes.
import { flatRoutes } from '@remix-run/dev/dist/config/flat-routes.js'
import type { ServerBuild } from '@remix-run/node'
import { describe, expect, it } from 'vitest'
import { PROJECT_ROOT } from '#server/project-root.ts'
import { routePatternFromParams, routePatternIn, routePatternOf } from './route-pattern.ts'

/** The app's real route manifest, as the server build has it (without the modules). */
function appRoutes(): ServerBuild['routes'] {
	const appDirectory = path.join(PROJECT_ROOT, 'app')
	const routes = flatRoutes(appDirectory, ['**/*.test.*', '**/*.server.ts']) as Record<
		string,
		{ id: string; parentId?: string; path?: string; index?: boolean }
	>
	const manifest: Record<string, unknown> = { root: { id: 'root', path: '', module: {} } }
	for (const route of Object.values(routes)) manifest[route.id] = { ...route, parentId: route.parentId ?? 'root', module: {} }
	return manifest as ServerBuild['routes']
}

describe('route patterns for the request log', () => {
	const routes = appRoutes()

	it('writes a calendar feed request as its pattern, without the token', () => {
		const pattern = routePatternIn(routes, '/calendar/Zk3xVqT9wPbL2mNcR8sYdA.ics')
		expect(pattern).toBe('/calendar/:token')
		expect(pattern).not.toContain('Zk3x')
	})

	it('writes ids as their parameter names', () => {
		expect(routePatternIn(routes, '/records/0b2211e7-7fef-4023-ba69-52b4158c1769')).toBe('/records/:documentId')
		expect(routePatternIn(routes, '/appointments/9c652265-c09e-4d1f-881b-4f6346a87779/edit')).toBe('/appointments/:appointmentId/edit')
		expect(routePatternIn(routes, '/api/documents/9c652265-c09e-4d1f-881b-4f6346a87779/file')).toBe('/api/documents/:documentId/file')
	})

	it('keeps static routes, ranks them above parameters, and names pathless layouts nowhere', () => {
		expect(routePatternIn(routes, '/')).toBe('/')
		expect(routePatternIn(routes, '/records')).toBe('/records')
		expect(routePatternIn(routes, '/appointments/new')).toBe('/appointments/new')
		expect(routePatternIn(routes, '/appointments/calendar')).toBe('/appointments/calendar')
		expect(routePatternIn(routes, '/admin/login')).toBe('/admin/login')
		expect(routePatternIn(routes, '/api/trpc/documents.list,health.risk')).toBe('/api/trpc/*')
	})

	it('writes static assets as /assets/* and unknown paths as *', () => {
		expect(routePatternIn(routes, '/assets/entry.client-AbC123.js')).toBe('/assets/*')
		expect(routePatternIn(routes, '/PHI-MARKER/secret/path')).toBe('*')
		expect(routePatternIn(routes, '/%E0%A4%A')).toBe('*')
	})

	it('reads the routes from a production build object or a development build function', async () => {
		const build = { routes } as ServerBuild
		expect(await routePatternOf(build, '/calendar/abc.ics')).toBe('/calendar/:token')
		expect(await routePatternOf(async () => build, '/calendar/abc.ics')).toBe('/calendar/:token')
		expect(await routePatternOf(async () => Promise.reject(new Error('vite failed')), '/calendar/abc.ics')).toBe('*')
		expect(await routePatternOf(undefined, '/calendar/abc.ics')).toBe('*')
	})
})

describe('route patterns from a matched request (Remix handleError)', () => {
	it('puts parameter names in place of their values', () => {
		expect(routePatternFromParams('/calendar/Zk3xVqT9wPbL2mNcR8sYdA.ics', { token: 'Zk3xVqT9wPbL2mNcR8sYdA.ics' })).toBe('/calendar/:token')
		expect(routePatternFromParams('/appointments/9c65/edit.data', { appointmentId: '9c65' })).toBe('/appointments/:appointmentId/edit')
		expect(routePatternFromParams('/records/a%20b', { documentId: 'a b' })).toBe('/records/:documentId')
	})

	it('reads single-fetch data URLs as their page and splats as *', () => {
		expect(routePatternFromParams('/_root.data', {})).toBe('/')
		expect(routePatternFromParams('/records.data', {})).toBe('/records')
		expect(routePatternFromParams('/PHI-MARKER/x', { '*': 'PHI-MARKER/x' })).toBe('*')
		expect(routePatternFromParams('/api/trpc/documents.list', { '*': 'documents.list' })).toBe('/api/trpc/*')
	})
})
