/**
 * A connect method's buttons in the `marks` layout (ConnectMethodPreview.layout): the first one wide
 * with its label, then every other one that has a mark in a row of marks; one without a mark stays
 * wide, so nothing is shown without a face. The kernel's stand-in and the plugin's own component lay
 * their buttons out by this one rule, so the swap from one to the other moves nothing.
 */
export function splitMarks<T extends { mark?: string | undefined }>(
  buttons: readonly T[],
): { wide: T[]; marks: T[] } {
  const [first, ...rest] = buttons
  if (first === undefined) return { wide: [], marks: [] }
  return {
    wide: [first, ...rest.filter((button) => !button.mark)],
    marks: rest.filter((button) => button.mark),
  }
}
