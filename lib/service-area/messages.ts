import { milesText as miles } from "@/lib/geo/distance";
import type { ZipAnswer } from "./zip-code";

/**
 * The words of the ZIP check, shared by the hero's field, the contact step's note, the API and the
 * owner's e-mail (docs/pages.md, "Service area check"). No data and no import from content/: this
 * module ships to visitors.
 */

/** "33611 (Tampa)"; outside our state the state is named too: "30303 (Atlanta, GA)". */
export function zipLabel(answer: Pick<ZipAnswer, "zip" | "place" | "state">, homeState: string) {
  const town = answer.state === homeState ? answer.place : `${answer.place}, ${answer.state}`;
  return `${answer.zip} (${town})`;
}

export function servedMessage(answer: ZipAnswer, homeState: string): string {
  return `Yes, we come to ${zipLabel(answer, homeState)}.`;
}

export function outsideMessage(answer: ZipAnswer, homeState: string): string {
  return `${zipLabel(answer, homeState)} is outside our area, ${miles(answer.miles)} from ${answer.city.name}.`;
}

/** The API's 404 and the field's answer for a ZIP code that does not exist. */
export const zipNotFound = (zip: string) => `We could not find ZIP ${zip}`;

/** The API's 400, and the field's answer to anything that is not five digits. */
export const ZIP_MALFORMED = "A ZIP code is 5 digits, like 33611";

/** The owner's e-mail, above the details, when the service address is outside the area. */
export const zipOutsideLine = (zip: string, milesOutside: number) =>
  `ZIP ${zip} is ${miles(milesOutside)} outside the service area`;
