/**
 * What the modal's shell is drawn with (behaviour §2). A module apart from constants.ts: the shell is in
 * the page before the kernel body loads, and carries only these.
 */
export const ANIMATION_MS = { headerText: 120, modalHeight: 150, viewTransition: 150 } as const
export const MODAL_WIDTH_PX = 360

/**
 * Marks an element outside the modal's DOM as part of the open dialog while it is set (the kernel's
 * focus trap lets focus into it): a plugin's frame shown over a view, such as the wallet's own approval.
 */
export const DIALOG_PART_ATTRIBUTE = 'data-portico-dialog-part'
