import { useEffect, useState } from "react";
import { outsideMessage } from "@/lib/service-area/messages";
import { zipInAddress, type ZipAnswer } from "@/lib/service-area/zip-code";
import { lookUpZip } from "./look-up-zip";

/**
 * Under the contact step's service address (docs/calculator.md, "Step 4: contact details"): when
 * the address ends in a ZIP code we do not serve, a polite note says so. It never stops the
 * request: the owner decides, and hears of it in his e-mail.
 */
export function AddressZipNote({
  id,
  address,
  homeState,
}: {
  id: string;
  address: string;
  homeState: string;
}) {
  const zip = zipInAddress(address);
  const [outside, setOutside] = useState<ZipAnswer | null>(null);

  useEffect(() => {
    if (!zip) return;
    const controller = new AbortController();
    void lookUpZip(zip, controller.signal).then((lookup) => {
      if (lookup)
        setOutside(lookup.status === "found" && !lookup.answer.served ? lookup.answer : null);
    });
    return () => controller.abort();
  }, [zip]);

  const shown = outside && outside.zip === zip ? outside : null;
  return (
    <p id={id} role="status" className="mt-1 text-sm text-slate-700">
      {shown
        ? `${outsideMessage(shown, homeState)} You can still send your request: we will tell you whether we can come.`
        : null}
    </p>
  );
}
