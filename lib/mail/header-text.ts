/** Letters a header may not carry: CR, LF and every other control character. */
export const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g;

/**
 * Text for one line, a mail header's (a subject, a display name) or a cell of `leads list`: control
 * characters (CR and LF above all, which would start a header of the visitor's choosing) become
 * spaces, runs of space become one, and the result is cut to `max` characters with an ellipsis.
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

/** "Jane D.": the first name and the last name's initial. */
export function shortName(name: string): string {
  const words = headerText(name, 200).split(" ").filter(Boolean);
  const first = words[0] ?? "";
  const initial = words.length > 1 ? /\p{L}/u.exec(words.at(-1) ?? "")?.[0] : undefined;
  return initial ? `${first} ${initial.toUpperCase()}.` : first;
}

/** The visitor's first name, the one thing they typed that their confirmation repeats. */
export function firstName(name: string): string {
  return headerText(headerText(name, 200).split(" ")[0] ?? "", 40);
}
