/** Marks a calculator form whose Continue was pressed before the calculator started (early-answers.ts). */
export const CONTINUED_EARLY_ATTRIBUTE = "data-continued-early";
/** What the calculator dispatches (bubbling) once it has started and answers for itself. */
export const CALCULATOR_STARTED_EVENT = "quote-calculator-started";

/**
 * One ES5 line after the calculator, until it starts (docs/calculator.md, "Before the scripts
 * arrive"): a choice made on the server-rendered step enables its Continue, and a Continue pressed
 * then is held (no navigation) and marked for the calculator to adopt. Inline, not a client
 * component: it must work before the page's scripts. Allowed by its CSP hash.
 */
export const EARLY_CONTINUE_SCRIPT = `(function(c){var on=1;function choose(){var f=on&&c.querySelector("form"),b=f&&f.querySelector("button[type=submit]");if(b&&f.querySelector("input:checked"))b.disabled=false}function submit(e){if(on&&c.contains(e.target)){e.preventDefault();e.target.setAttribute("${CONTINUED_EARLY_ATTRIBUTE}","")}}c.addEventListener("change",choose);addEventListener("submit",submit);c.addEventListener("${CALCULATOR_STARTED_EVENT}",function(){on=0;c.removeEventListener("change",choose);removeEventListener("submit",submit)});choose()})(document.currentScript.previousElementSibling)`;

export function EarlyContinue() {
  return <script dangerouslySetInnerHTML={{ __html: EARLY_CONTINUE_SCRIPT }} />;
}
