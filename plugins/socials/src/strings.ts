/** Strings of the socials plugin, English. behaviour §8 messages come from MESSAGES. */
export const PROVIDER_NAMES: Record<string, string> = {
  google: 'Google',
  github: 'GitHub',
  apple: 'Apple',
  facebook: 'Facebook',
  x: 'X',
  discord: 'Discord',
  farcaster: 'Farcaster',
}

export const strings = {
  continueWith: (name: string) => `Continue with ${name}`,
  socialsLabel: 'Social login',
  connectingSocialTitle: 'Social Login',
  connectingFarcasterTitle: 'Farcaster',
  continueInPopup: (name: string) => `Continue in the ${name} window`,
  popupHint: 'Sign in there; this window connects when you are done.',
  popupBlocked: 'The sign-in window was blocked: allow pop-ups for this site and try again.',
  popupClosed: 'The sign-in window was closed before signing in.',
  missingState: 'Missing state parameter in the social login URL',
  connecting: 'Connecting…',
  tryAgain: 'Try again',
  scanFarcaster: 'Scan this QR code with your phone to sign in with Farcaster',
  farcasterQr: 'Farcaster sign-in QR code',
  openFarcaster: 'Open Farcaster',
  copyLink: 'Copy link',
  loadingQr: 'Preparing the QR code…',
  waitingFarcaster: 'Waiting for approval in Farcaster…',
} as const
