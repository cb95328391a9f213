/** Which URLs are the results CSV (app/models/results/results-export-url.ts). */
import { describe, expect, it } from "vitest";
import { resultsExportUrl } from "#app/models/results/results-export-url";

describe("resultsExportUrl", () => {
  it("sends a results page that asks for an export to its export route, with every param", () => {
    expect(resultsExportUrl("/owner/websites/7/results?days=30&export=csv")).toBe(
      "/owner/websites/7/results/export?days=30&export=csv",
    );
    expect(resultsExportUrl("/owner/websites/7/results/?export=xml&cta=3")).toBe(
      "/owner/websites/7/results/export?export=xml&cta=3",
    );
    expect(resultsExportUrl("/app/results?shop=x.myshopify.com&export=csv")).toBe(
      "/app/results/export?shop=x.myshopify.com&export=csv",
    );
  });

  it("leaves every other URL alone", () => {
    for (const url of [
      "/owner/websites/7/results",
      "/owner/websites/7/results?days=30",
      "/owner/websites/7/results?exports=csv",
      "/owner/websites/7/results/export?export=csv",
      "/owner/websites/7/contacts?export=csv",
      "/owner/websites/7/8/results?export=csv",
      "/results?export=csv",
      "/api/websites/7/results?export=csv",
      "",
    ]) {
      expect(resultsExportUrl(url), url).toBeNull();
    }
  });
});
