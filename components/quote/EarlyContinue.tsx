/** Marks a calculator form whose Continue was pressed before the calculator started (early-answers.ts). */
export const CONTINUED_EARLY_ATTRIBUTE = "data-continued-early";
/** What the calculator dispatches (bubbling) once it has started and answers for itself. */
export const CALCULATOR_STARTED_EVENT = "quote-calculator-started";

/**
 * One ES5 line after the calculator, until it starts (docs/calculator.md, "Before the scripts
 * arrive"): a choice made on the server-rendered step enables its Continue, and a Continue pressed
 * then is held (no navigation) and marked for the calculator to adopt. Inline, not a client
 * component: it must work before the page's scripts. Allowed by its CSP hash. It listens on
 * `window` in the capture phase, ahead of React's listeners on the document: while React is still
 * hydrating, it stops the propagation of a tap it cannot handle yet, so a listener further down
 * never heard the choice and Continue stayed disabled. When the calculator starts, the line gives
 * Continue back as React rendered it (disabled, as step 1 is with no choice): React writes only
 * what changes between its renders, so a button left enabled behind its back stayed enabled on a
 * step 2 with no choice yet.
 */
export const EARLY_CONTINUE_SCRIPT = `(function(c){var on=1;function choose(e){var f=on&&c.contains(e.target)&&c.querySelector("form"),b=f&&f.querySelector("button[type=submit]");if(b&&f.querySelector("input:checked"))b.disabled=false}function submit(e){if(on&&c.contains(e.target)){e.preventDefault();e.target.setAttribute("${CONTINUED_EARLY_ATTRIBUTE}","")}}addEventListener("change",choose,true);addEventListener("submit",submit,true);c.addEventListener("${CALCULATOR_STARTED_EVENT}",function(){var b=c.querySelector("form button[type=submit]");on=0;if(b)b.disabled=true;removeEventListener("change",choose,true);removeEventListener("submit",submit,true)});choose({target:c})})(document.currentScript.previousElementSibling)`;

export function EarlyContinue() {
  return <script dangerouslySetInnerHTML={{ __html: EARLY_CONTINUE_SCRIPT }} />;
}
