import { Form, useNavigation } from '@remix-run/react'
import { Alert } from '#app/components/ui/alert.tsx'
import { Button } from '#app/components/ui/button.tsx'
import { Card } from '#app/components/ui/card.tsx'
import { ACCOUNT_MESSAGES } from '#server/account/shared/messages.ts'

/**
 * The page an e-mailed address link opens (an e-mail change's, sign-up's
 * confirmation): a button that confirms, since a GET changes nothing and
 * link scanners must not confirm; the refusal when the link is used,
 * expired or unknown.
 */
export function ConfirmLinkCard({ token, isUsable, message }: { token: string; isUsable: boolean; message: string | null | undefined }) {
	const isSubmitting = useNavigation().state === 'submitting'
	return (
		<Card>
			<h1 className="text-xl font-semibold">Confirm your email address</h1>
			{message ? <Alert className="mt-6">{message}</Alert> : null}
			{isUsable ? (
				<Form method="post" className="mt-6">
					<input type="hidden" name="token" value={token} />
					<Button type="submit" className="w-full" isPending={isSubmitting}>
						Confirm email address
					</Button>
				</Form>
			) : (
				<Alert className="mt-6">{ACCOUNT_MESSAGES.linkInvalid}</Alert>
			)}
		</Card>
	)
}
