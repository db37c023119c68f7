import type { SubmissionResult } from '@conform-to/react'

/** Every message of an action's form reply (formReply), for a page that shows them in one alert. */
export function replyMessages(result: SubmissionResult<string[]> | null | undefined): string[] {
	return Object.values(result?.error ?? {}).flatMap((messages) => messages ?? [])
}
