/**
 * Invisible format characters (Unicode category Cf: zero-width spaces, the byte-order mark, bidi
 * controls, soft hyphens, tags) come along when a name or an address is pasted; every text a
 * visitor sends loses them before it is checked or stored (docs/leads.md, "What a lead holds"). A
 * zero-width joiner or non-joiner between two visible characters stays: it shapes an emoji or a
 * word of a script that needs it (Persian, Hindi), and shows nothing on its own.
 */
const JOINER = "[\\u200C\\u200D]";
/** Next to a visible character: not the start or end, not a space, not another control or format character. */
const VISIBLE_AFTER = "(?=[^\\s\\p{C}])";
const VISIBLE_BEFORE = "(?<=[^\\s\\p{C}])";
const INVISIBLE = new RegExp(`(?!${VISIBLE_BEFORE}${JOINER}${VISIBLE_AFTER})\\p{Cf}`, "gu");

/** `text` without its invisible format characters. */
export const visibleText = (text: string): string => text.replace(INVISIBLE, "");
