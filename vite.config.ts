import path from 'node:path'
import { vitePlugin as remix } from '@remix-run/dev'
import tailwindcss from '@tailwindcss/vite'
import { defineConfig, type Plugin } from 'vite'

declare module '@remix-run/node' {
	interface Future {
		v3_singleFetch: true
	}
}

/**
 * Every package the browser code imports (route components, app/components, app/lib),
 * pre-bundled when the dev server starts, so it never re-bundles mid-visit. Remix adds
 * react, react-dom/client and @remix-run/react itself. A package missing here still works:
 * Vite finds it on first use and re-bundles, at the cost of a page reload on that visit;
 * tests/e2e-dev/dev-server.spec.ts names it. `optimizeDeps.entries` over the route modules
 * cannot replace this list: the scanner reads route files before Remix removes loaders and
 * actions, follows their `#server/*` imports and tries to bundle argon2, sharp and
 * @napi-rs/canvas for the browser (measured: the dev server then fails to start).
 */
export const CLIENT_PACKAGES = [
	'@conform-to/react',
	'@conform-to/zod',
	'@headlessui/react',
	'@tanstack/react-query',
	'@trpc/client',
	'@trpc/tanstack-react-query',
	'chart.js',
	'react-chartjs-2',
	'superjson',
	'zod',
]

/**
 * Keeps packages that only server code imports out of the browser's dependency bundle.
 * Vite 6's backward-compatible `moduleGraph.getModuleByUrl` resolves a URL in the client
 * environment as well as the server one, and Remix's dev CSS collection walks each server
 * render's module graph through it. So every server import (argon2, drizzle-orm,
 * postgres, ...) was registered as a newly found browser dependency on each page load:
 * the optimizer re-ran, failed on argon2's browser build, and the browser packages found
 * in the same run answered 504 'Outdated Optimize Dep' for as long as the server ran.
 * Such lookups carry no importer (Vite then names `<root>/index.html`, a file this app
 * does not have); module imports always name their importer and browser requests are
 * paths. Those lookups are answered here as not-a-client-module; packages imported by
 * browser code are still found and optimized as usual.
 */
function keepServerPackagesOutOfClientBundle(): Plugin {
	let defaultImporter = ''
	return {
		name: 'carebook:keep-server-packages-out-of-client-bundle',
		apply: 'serve',
		enforce: 'pre',
		applyToEnvironment: (environment) => environment.name === 'client',
		configResolved(config) {
			defaultImporter = path.join(config.root, 'index.html')
		},
		resolveId(source, importer) {
			const hasNoImporter = importer === undefined || importer === defaultImporter
			if (!hasNoImporter || !isBarePackageName(source) || /\.css(\?|$)/.test(source)) return null
			return { id: source, external: true }
		},
	}
}

function isBarePackageName(specifier: string) {
	return /^(@[\w.-]+\/)?[\w.-]+(\/[^:]*)?$/.test(specifier) && !specifier.startsWith('.')
}

/**
 * The HMR socket listens where the web server does: loopback unless HOST names every
 * interface (the dev server shows demo passwords; server/env.server.ts defaults HOST to
 * 127.0.0.1 outside production).
 */
const hmrHost = !process.env.HOST || ['127.0.0.1', 'localhost', '::1'].includes(process.env.HOST) ? '127.0.0.1' : undefined

export default defineConfig({
	server: { hmr: { port: Number(process.env.HMR_PORT ?? 24678), host: hmrHost } },
	build: { target: 'es2022' },
	optimizeDeps: { include: CLIENT_PACKAGES },
	plugins: [
		keepServerPackagesOutOfClientBundle(),
		tailwindcss(),
		remix({
			// Separate build folders let several end-to-end servers run side by side.
			buildDirectory: process.env.BUILD_DIR ?? 'build',
			ignoredRouteFiles: ['**/*.test.*', '**/*.server.ts'],
			serverModuleFormat: 'esm',
			future: {
				v3_fetcherPersist: true,
				v3_relativeSplatPath: true,
				v3_throwAbortReason: true,
				v3_singleFetch: true,
				v3_lazyRouteDiscovery: true,
			},
		}),
	],
})
