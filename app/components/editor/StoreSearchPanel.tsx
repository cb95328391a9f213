/**
 * The standalone admin's store search as the owner sees it, the same for
 * products and collections: the search box, a failed search's banner, "no
 * results", the list of hits, a spinner while a search runs and "More
 * results" while the store has more. What a hit shows is the caller's.
 */
import type { ReactNode } from "react";
import { Banner, BlockStack, Box, Button, InlineStack, Spinner, Text, TextField } from "@shopify/polaris";
import { useT } from "#app/i18n/useT";
import type { StoreSearchState } from "./useStoreSearch";

interface Paged {
  pageInfo: { hasNextPage: boolean; endCursor: string | null };
}

/** Words of one kind of search. */
export interface StoreSearchTexts {
  label: string;
  placeholder: string;
  helpText?: string;
  failed: string;
  noResults: string;
}

export function StoreSearchPanel<P extends Paged, H>(props: {
  search: { query: string; setQuery(q: string): void; state: StoreSearchState<P>; more(): void };
  /** The hits shown (null before the first search). */
  hits: H[] | null;
  texts: StoreSearchTexts;
  /** One hit as a list item. */
  renderHit(hit: H): ReactNode;
}) {
  const translate = useT();
  const { search, hits, texts } = props;
  const { state } = search;
  return (
    <BlockStack gap="200">
      <TextField
        label={texts.label}
        type="search"
        value={search.query}
        onChange={search.setQuery}
        autoComplete="off"
        maxLength={100}
        placeholder={texts.placeholder}
        helpText={texts.helpText}
      />
      {state.status === "error" ? (
        <Banner tone="critical" title={texts.failed}>
          {/* A critical banner is announced as an alert already. */}
          <p>{state.message}</p>
        </Banner>
      ) : null}
      {hits && hits.length === 0 && state.status === "done" ? (
        <Text as="p" tone="subdued">
          {texts.noResults}
        </Text>
      ) : null}
      {hits && hits.length ? (
        <Box borderColor="border" borderWidth="025" borderRadius="200" padding="200">
          <BlockStack gap="300" as="ul">
            {hits.map((hit) => props.renderHit(hit))}
          </BlockStack>
        </Box>
      ) : null}
      {state.status === "loading" ? (
        <Spinner size="small" accessibilityLabel={translate("productPicker.searching")} />
      ) : null}
      {state.status === "done" && state.page.pageInfo.hasNextPage ? (
        <InlineStack>
          <Button onClick={search.more}>{translate("productPicker.more")}</Button>
        </InlineStack>
      ) : null}
    </BlockStack>
  );
}
