import { defineConfig } from 'vitest/config'

/**
 * `npm run test:faults`: faults injected into started instances of the
 * production build (tests/faults), one instance at a time: the database
 * killed or gone, a full disk, a stranded document, a stop during work.
 */
export default defineConfig({
	test: {
		name: 'faults',
		include: ['tests/faults/**/*.test.ts'],
		environment: 'node',
		fileParallelism: false,
		testTimeout: 180_000,
		hookTimeout: 200_000,
	},
})
