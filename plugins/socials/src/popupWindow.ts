/**
 * The provider's sign-in window. The preview names it too, so a press on the Connect view's stand-in,
 * before this plugin's code has loaded, opens it in the click.
 */
export const SOCIAL_POPUP = { name: 'portico-social', width: 600, height: 800 } as const
