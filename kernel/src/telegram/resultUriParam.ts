/**
 * The query parameter a Telegram mini app comes back with, carrying a social login's result (behaviour
 * §2). A module of its own: the React binding checks for it in the page, before the kernel body (and
 * telegramReturn.ts) loads.
 */
export const RESULT_URI_PARAM = 'result_uri'
