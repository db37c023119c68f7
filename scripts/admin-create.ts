/**
 * npm run admin:create -- --email admin@example.com [--name "Sam Admin"] [--role admin|superadmin]
 *
 * Makes the first administrator of a deployment (superadmin unless --role admin),
 * or brings an existing account with that e-mail to the role with a new password.
 * The password is read from standard input (piped) or asked for at a prompt,
 * never from the command line (argv shows in process lists and shell history).
 * Usable on Fly as: fly ssh console -C "npm run admin:create -- --email ..."
 */
import { parseArgs } from 'node:util'
import { createInterface } from 'node:readline'

function usage(message: string): never {
	console.error(`${message}\nusage: npm run admin:create -- --email <address> [--name <name>] [--role superadmin|admin]`)
	process.exit(2)
}

/** A password from a pipe (first line) or a prompt that does not echo what is typed. */
async function readPassword(): Promise<string> {
	if (!process.stdin.isTTY) {
		const chunks: Buffer[] = []
		for await (const chunk of process.stdin) chunks.push(chunk as Buffer)
		return Buffer.concat(chunks).toString('utf8').split(/\r?\n/)[0] ?? ''
	}
	const ask = (question: string) =>
		new Promise<string>((resolve) => {
			const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: true })
			const output = rl as unknown as { _writeToOutput: (text: string) => void }
			rl.question(question, (answer) => {
				rl.close()
				process.stdout.write('\n')
				resolve(answer)
			})
			output._writeToOutput = (text: string) => {
				if (text.startsWith(question)) process.stdout.write(question)
			}
		})
	const first = await ask('Password: ')
	const second = await ask('Repeat password: ')
	if (first !== second) usage('The passwords do not match.')
	return first
}

const { values } = parseArgs({
	options: { email: { type: 'string' }, name: { type: 'string' }, role: { type: 'string', default: 'superadmin' }, password: { type: 'string' } },
	allowPositionals: false,
})
if (values.password !== undefined) usage('The password is never taken from the command line: pipe it in or type it at the prompt.')
if (!values.email) usage('--email is required.')
if (values.role !== 'superadmin' && values.role !== 'admin') usage('--role is superadmin or admin.')

const password = await readPassword()
const { resolveDatabaseUrl } = await import('#db/database-url.ts')
const database = await resolveDatabaseUrl()
process.env.DATABASE_URL = database.url
const { migrateAll } = await import('#db/migrate.ts')
const { closeDb } = await import('#db/client.ts')
const { createFirstAdministrator } = await import('#server/admin/first-admin.ts')
try {
	// a fresh database gets its schema first (idempotent, as the release command)
	await migrateAll(database.url)
	const result = await createFirstAdministrator({ email: values.email, name: values.name ?? null, password, role: values.role })
	if (!result.ok) {
		console.error(result.message)
		process.exitCode = 1
	} else {
		console.log(
			result.created ? `Created ${values.role} ${values.email.toLowerCase()}.` : `Updated ${values.email.toLowerCase()}: ${values.role}, active, new password.`,
		)
	}
} finally {
	await closeDb()
	await database.stop()
}
