import type { ComponentProps } from "react";
import { Prepared, usePreparedAfterPaint } from "./DrawnAhead";
import type { QuoteState } from "./quote-state";
import { QuoteResult } from "./QuoteResult";

type ResultProps = ComponentProps<typeof QuoteResult>;
type ResultStageProps = Omit<
  ResultProps,
  | "paneCount"
  | "frequency"
  | "addOns"
  | "stories"
  | "isPostConstruction"
  | "quoteUrl"
  | "linkEmailed"
> & { state: QuoteState };

/**
 * The result view, rendered on step 6 and after. Once step 6 has painted with its answer chosen it
 * is built and laid out, unseen, so that "See My Price" reveals it instead of building it
 * (docs/performance.md, "What keeps a tap short"); leaving step 6 unmounts it, to be prepared again.
 */
export function ResultStage({ state, ...view }: ResultStageProps) {
  const shown = state.step === "result";
  const prepared = usePreparedAfterPaint(state.step === 6 && state.stories !== null);
  const { paneCount, frequency, stories } = state;
  if (!(shown || prepared) || !paneCount || !frequency || !stories) return null;
  return (
    <Prepared shown={shown}>
      <QuoteResult
        {...view}
        paneCount={paneCount}
        frequency={frequency}
        addOns={state.addOns}
        stories={stories}
        isPostConstruction={state.isPostConstruction === "yes"}
        quoteUrl={state.lead?.quoteUrl ?? null}
        linkEmailed={state.lead?.linkEmailed ?? false}
      />
    </Prepared>
  );
}
