import type { Ref } from "react";

/**
 * A bot trap (lib/quote/form-traps.ts): a text field people never see or reach, which form-filling
 * bots fill like any other. Autofill must leave it empty, so:
 * - autocomplete gets a token no browser knows: Chrome ignores "off" for autofill but will not fill
 *   a field whose autocomplete value it does not recognise;
 * - its name and label match no autofill or password-manager field (not name, e-mail, phone,
 *   address, company or website: 1Password fills hidden identity fields of those kinds), and the
 *   data-* opt-outs of LastPass, 1Password, Bitwarden and Dashlane say to skip it;
 * - it sits off-screen rather than display:none (which some bots skip), out of the tab order and
 *   hidden from screen readers, so no person can fill it by accident.
 */
export function HoneypotField({ inputRef }: { inputRef: Ref<HTMLInputElement> }) {
  return (
    <div aria-hidden="true" className="absolute -left-[10000px] top-auto h-px w-px overflow-hidden">
      <label htmlFor="quote-referral-code">Referral code</label>
      <input
        ref={inputRef}
        id="quote-referral-code"
        name="referral_code"
        type="text"
        tabIndex={-1}
        autoComplete="x-quote-trap"
        defaultValue=""
        data-lpignore="true"
        data-1p-ignore=""
        data-bwignore=""
        data-form-type="other"
      />
    </div>
  );
}
