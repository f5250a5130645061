import type { Dispatch, Ref } from "react";
import { AddressZipNote } from "@/components/service-area/AddressZipNote";
import { PRIVACY_LINK } from "@/content/navigation";
import { SITE } from "@/content/site";
import { CONTACT_FIELDS, type ContactField } from "@shared/quote/choices";
import { HoneypotField } from "./HoneypotField";
import type { QuoteAction, QuoteState } from "./quote-state";

type Field = {
  label: string;
  type: "text" | "tel" | "email" | "textarea";
  autoComplete: string;
  required: boolean;
};

/**
 * docs/calculator.md, "Step 4: contact details". Shown in CONTACT_FIELDS' order, the order the
 * shared schema checks them in, so the first invalid field on screen is the one a submit reports.
 */
const FIELDS: Record<ContactField, Field> = {
  name: { label: "Full Name", type: "text", autoComplete: "name", required: true },
  phone: { label: "Phone Number", type: "tel", autoComplete: "tel", required: true },
  email: { label: "Email Address", type: "email", autoComplete: "email", required: true },
  address: {
    label: "Service Address",
    type: "text",
    autoComplete: "street-address",
    required: true,
  },
  message: {
    label: "Additional Details",
    type: "textarea",
    autoComplete: "off",
    required: false,
  },
};

/** The note under the service address when its ZIP code is outside the area. */
const ADDRESS_NOTE_ID = "quote-address-area";

const INPUT =
  "mt-1 block w-full min-h-11 rounded-xl border-2 border-slate-300 bg-white px-4 py-2.5 text-base text-slate-900 placeholder:text-slate-500 hover:border-slate-400 focus-visible:border-brand-600 aria-[invalid=true]:border-red-700";

/** A field that failed its rule on submit, and the rule's message (docs/calculator.md, "Validation messages"). */
export type FieldIssue = { field: ContactField; message: string };

type ContactFieldsProps = {
  contact: QuoteState["contact"];
  dispatch: Dispatch<QuoteAction>;
  invalid: FieldIssue | null;
  honeypotRef: Ref<HTMLInputElement>;
};

/**
 * "Almost there!" (step 4): checked on submit with the shared schema (the form is noValidate so
 * that the visitor gets the spec's messages, not the browser's); required fields are still marked
 * required.
 */
export const CONTACT_STEP = {
  title: "Almost there!",
  intro: "Where should we send your quote? Fields marked * are required.",
} as const;

/** The contact step's fields, and the bot trap beside them. */
export function ContactFields({ contact, dispatch, invalid, honeypotRef }: ContactFieldsProps) {
  return (
    <>
      <div className="grid gap-5 sm:grid-cols-2">
        {CONTACT_FIELDS.map((name) => {
          const field = FIELDS[name];
          const id = `quote-${name}`;
          const error = invalid?.field === name ? invalid.message : null;
          const errorId = `${id}-error`;
          const describedBy = [error ? errorId : null, name === "address" ? ADDRESS_NOTE_ID : null]
            .filter(Boolean)
            .join(" ");
          const common = {
            id,
            name,
            autoComplete: field.autoComplete,
            required: field.required,
            "aria-invalid": error ? true : undefined,
            "aria-describedby": describedBy || undefined,
            value: contact[name],
            className: INPUT,
          };
          const onChange = (value: string) => dispatch({ type: "editContact", field: name, value });
          return (
            <div key={name} className={name === "name" || name === "phone" ? "" : "sm:col-span-2"}>
              <label htmlFor={id} className="font-medium text-slate-800">
                {field.label}
                {field.required ? (
                  <span aria-hidden="true" className="text-red-700">
                    {" "}
                    *
                  </span>
                ) : (
                  <span className="font-normal text-slate-600"> (optional)</span>
                )}
              </label>
              {field.type === "textarea" ? (
                <textarea {...common} rows={3} onChange={(event) => onChange(event.target.value)} />
              ) : (
                <input
                  {...common}
                  type={field.type}
                  onChange={(event) => onChange(event.target.value)}
                />
              )}
              {error ? (
                <p id={errorId} className="mt-1 font-medium text-red-800">
                  {error}
                </p>
              ) : null}
              {name === "address" ? (
                <AddressZipNote
                  id={ADDRESS_NOTE_ID}
                  address={contact.address}
                  homeState={SITE.region.code}
                />
              ) : null}
            </div>
          );
        })}
      </div>
      <p className="mt-4 text-slate-700">
        We use these details only for your quote; what we keep and how to have it erased:{" "}
        <a
          href={PRIVACY_LINK.href}
          className="font-semibold text-brand-800 underline underline-offset-2"
        >
          {PRIVACY_LINK.label}
        </a>
        .
      </p>
      <HoneypotField inputRef={honeypotRef} />
    </>
  );
}
