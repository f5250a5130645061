/** Letters a header may not carry: CR, LF and every other control character. */
export const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g;

/**
 * Text that goes into a mail header (a subject, a display name): control characters (CR and LF
 * above all, which would start a header of the visitor's choosing) become spaces, runs of space
 * become one, and the result is cut to `max` characters with an ellipsis.
 */
export function headerText(value: string, max: number): string {
  const flat = value.replace(CONTROL_CHARACTERS, " ").replace(/\s+/g, " ").trim();
  const characters = [...flat];
  return characters.length > max
    ? `${characters
        .slice(0, max - 1)
        .join("")
        .trimEnd()}…`
    : flat;
}
