/**
 * Where Join and Start Video Call lead: VIDEO_BASE_URL with the appointment
 * id appended ('https://meet.jit.si/carebook-' gives
 * 'https://meet.jit.si/carebook-<id>'), or put where the base says '{id}'.
 */
import { getEnv } from '#server/env.server.ts'
import { logger } from '#server/logger.ts'
import { isValidVideoBaseUrl } from './video-link.ts'

export const DEFAULT_VIDEO_BASE_URL = 'https://meet.jit.si/carebook-'

let warnedAbout: string | undefined

/** The video address template ('…{id}…'), or null (Join hidden) when VIDEO_BASE_URL is not an http(s) URL. */
export function getVideoBaseUrl(): string | null {
	return videoBaseUrlFrom(getEnv().VIDEO_BASE_URL)
}

/** The template for a configured value (empty means the default). */
export function videoBaseUrlFrom(value: string): string | null {
	const configured = value.trim() || DEFAULT_VIDEO_BASE_URL
	const template = configured.includes('{id}') ? configured : `${configured}{id}`
	if (isValidVideoBaseUrl(template)) return template
	if (warnedAbout !== configured) {
		warnedAbout = configured
		logger.warn('appointments.video_base_url_invalid')
	}
	return null
}
