import type { AddressInfo } from 'node:net'
import { SMTPServer, type SMTPServerError } from 'smtp-server'

export type ReceivedEmail = { from: string; to: string[]; raw: string }

export type LocalSmtpServer = {
	/** smtp://127.0.0.1:<port>, for SMTP_URL. */
	url: string
	received: ReceivedEmail[]
	/** How many RCPT TO commands it answered (refused or not). */
	recipientCommands: () => number
	close: () => Promise<void>
}

/**
 * A real SMTP server on a loopback port chosen by the system, keeping every
 * message it accepts (the raw MIME text). `refuseRecipients` answers every
 * RCPT TO with that reply code (450: try later; 550: no such mailbox).
 */
export async function startSmtpServer(options: { refuseRecipients?: number } = {}): Promise<LocalSmtpServer> {
	const received: ReceivedEmail[] = []
	let rcptCount = 0
	const server = new SMTPServer({
		authOptional: true,
		disabledCommands: ['STARTTLS', 'AUTH'],
		logger: false,
		onRcptTo(_address, _session, callback) {
			rcptCount++
			if (!options.refuseRecipients) return callback()
			const refusal: SMTPServerError = new Error('Mailbox unavailable')
			refusal.responseCode = options.refuseRecipients
			callback(refusal)
		},
		onData(stream, session, callback) {
			const chunks: Buffer[] = []
			stream.on('data', (chunk: Buffer) => chunks.push(chunk))
			stream.on('end', () => {
				received.push({
					from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
					to: session.envelope.rcptTo.map((recipient) => recipient.address),
					raw: Buffer.concat(chunks).toString('utf8'),
				})
				callback()
			})
		},
	})
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()))
	const { port } = server.server.address() as AddressInfo
	return {
		url: `smtp://127.0.0.1:${port}`,
		received,
		recipientCommands: () => rcptCount,
		close: () => new Promise<void>((resolve) => server.close(() => resolve())),
	}
}
