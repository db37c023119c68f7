import { vitePlugin as remix } from '@remix-run/dev'
import tailwindcss from '@tailwindcss/vite'
import { defineConfig } from 'vite'

declare module '@remix-run/node' {
	interface Future {
		v3_singleFetch: true
	}
}

export default defineConfig({
	server: { hmr: { port: Number(process.env.HMR_PORT ?? 24678) } },
	build: { target: 'es2022' },
	plugins: [
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
