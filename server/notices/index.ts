/** Notices after an action (docs/decisions/010-errors-and-notices.md). */
export { getToast, redirectWithToast, toastCookieHeader } from './toast.server.ts'
export { ToastSchema, type FlashToast, type ToastInput, type ToastTone } from './shared/toast.ts'
