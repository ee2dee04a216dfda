/**
 * The icons of the shell and the Connect view's wallet rows: apart from icons.ts, whose full set the
 * page's first paint of an open does not carry.
 */
export const SHELL_ICON_PATHS = {
  arrowLeft: 'M15 5l-7 7 7 7',
  close: 'M6 6l12 12M18 6L6 18',
  wallet: 'M4 7h15a1 1 0 011 1v10a1 1 0 01-1 1H4zM4 7l12-3v3M16 13h.01',
  qrCode: 'M4 4h6v6H4zM14 4h6v6h-6zM4 14h6v6H4zM14 14h2v2h-2zM18 18h2v2h-2zM14 18h2v2h-2zM18 14h2v2h-2z',
} as const
