import { Star } from "lucide";
import { Icon } from "@/components/ui/Icon";

/** A star rating; the stars are decoration, the text says the rating. */
export function Stars({
  rating,
  max = 5,
  className = "size-5",
}: {
  rating: number;
  max?: number;
  className?: string;
}) {
  return (
    <span className="inline-flex items-center gap-0.5">
      {Array.from({ length: max }, (_, index) => (
        <Icon
          icon={Star}
          key={index}
          className={`${className} ${index < rating ? "fill-sun-400 text-sun-500" : "fill-slate-200 text-slate-300"}`}
        />
      ))}
      <span className="sr-only">
        Rated {rating} out of {max}
      </span>
    </span>
  );
}
