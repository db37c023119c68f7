import { randomUUID } from 'node:crypto'
import postgres from 'postgres'
import { createAdmin, expect, signInAsAdmin, test } from './fixtures.ts'

/** What the worker records when every extraction child dies at start (its working folder gone). */
const ERROR_MESSAGE = 'ExtractionProcessError (EXTRACTION_START_FAILED): The extraction process ended while starting (ENOENT uv_cwd)'

async function recordOutcomes(task: string, outcomes: Array<'failed' | 'succeeded'>) {
	const sql = postgres(process.env.E2E_DATABASE_URL!, { max: 1, onnotice: () => {} })
	try {
		for (const [index, outcome] of outcomes.entries()) {
			await sql`insert into app.job_outcomes (task, job_id, succeeded, error_code, error_message)
				values (${task}, ${String(index)}, ${outcome === 'succeeded'}, ${outcome === 'failed' ? 'EXTRACTION_START_FAILED' : null}, ${outcome === 'failed' ? ERROR_MESSAGE : null})`
		}
	} finally {
		await sql.end()
	}
}

test('System Health shows a worker whose jobs all fail the same way as degraded, with the error, and the dashboard raises an alert', async ({ page }) => {
	// a task of this test's own, so other tests' jobs do not change what it sees
	const task = `e2e_degraded_${randomUUID().slice(0, 8)}`
	await recordOutcomes(task, ['failed', 'failed', 'failed', 'failed', 'failed'])
	try {
		await signInAsAdmin(page, await createAdmin('superadmin'))
		await page.goto('/admin/system')
		await expect(page.getByTestId('worker-status')).toHaveText('Degraded')
		const failures = page.getByTestId('worker-failures')
		await expect(failures).toContainText(`The last 5 ${task} jobs failed with EXTRACTION_START_FAILED`)
		await expect(failures).toContainText('ENOENT uv_cwd')

		await page.goto('/admin')
		const alert = page.getByTestId('recent-alerts').getByText(new RegExp(`The last 5 ${task} jobs failed the same way`))
		await expect(alert).toBeVisible()
	} finally {
		// a success ends it
		await recordOutcomes(task, ['succeeded'])
	}
	await page.goto('/admin/system')
	await expect(page.getByRole('heading', { name: 'System Health' })).toBeVisible()
	await expect(page.getByText(task)).toHaveCount(0)
})
