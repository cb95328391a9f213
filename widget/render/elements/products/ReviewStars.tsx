import type { WidgetTexts } from "#contract/i18n/en";
import { reviewLabel } from "#widget/store/pricing";
import type { ReviewSummary } from "#widget/store/reviews";

/** Star rating from a review provider (SPEC 7); nothing until the ratings arrive. */
export function ReviewStars(props: {
  summary: ReviewSummary | undefined;
  label?: string;
  t: Pick<WidgetTexts, "reviews">;
}) {
  const summary = props.summary;
  if (!summary || !summary.product_total_reviews) return null;
  const full = Math.round(summary.product_score);
  return (
    <div className="bk-product-reviews" aria-label={`${summary.product_score} / 5`}>
      <span className="bk-stars" aria-hidden="true">
        {"★".repeat(Math.max(0, Math.min(5, full))) + "☆".repeat(Math.max(0, 5 - full))}
      </span>{" "}
      <span className="bk-review-count">
        ({summary.product_total_reviews} {reviewLabel(props.label, props.t)})
      </span>
    </div>
  );
}
