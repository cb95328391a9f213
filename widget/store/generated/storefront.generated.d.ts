/* eslint-disable eslint-comments/disable-enable-pair */
/* eslint-disable eslint-comments/no-unlimited-disable */
/* eslint-disable */
import type * as StorefrontTypes from '@shopify/hydrogen-react/storefront-api-types';

export type BeckonProductFragment = (
  Pick<StorefrontTypes.Product, 'id' | 'handle' | 'title' | 'productType' | 'description' | 'descriptionHtml' | 'availableForSale' | 'onlineStoreUrl' | 'requiresSellingPlan'>
  & { featuredImage?: StorefrontTypes.Maybe<Pick<StorefrontTypes.Image, 'url'>>, images: { nodes: Array<Pick<StorefrontTypes.Image, 'url'>> }, options: Array<(
    Pick<StorefrontTypes.ProductOption, 'name'>
    & { optionValues: Array<Pick<StorefrontTypes.ProductOptionValue, 'name'>> }
  )>, priceRange: { minVariantPrice: Pick<StorefrontTypes.MoneyV2, 'amount' | 'currencyCode'> }, compareAtPriceRange: { minVariantPrice: Pick<StorefrontTypes.MoneyV2, 'amount' | 'currencyCode'> }, variants: { nodes: Array<(
      Pick<StorefrontTypes.ProductVariant, 'id' | 'title' | 'availableForSale'>
      & { price: Pick<StorefrontTypes.MoneyV2, 'amount' | 'currencyCode'>, compareAtPrice?: StorefrontTypes.Maybe<Pick<StorefrontTypes.MoneyV2, 'amount' | 'currencyCode'>>, image?: StorefrontTypes.Maybe<Pick<StorefrontTypes.Image, 'url'>>, selectedOptions: Array<Pick<StorefrontTypes.SelectedOption, 'name' | 'value'>> }
    )> }, sellingPlanGroups: { nodes: Array<(
      Pick<StorefrontTypes.SellingPlanGroup, 'name'>
      & { sellingPlans: { nodes: Array<(
          Pick<StorefrontTypes.SellingPlan, 'id' | 'name' | 'description'>
          & { priceAdjustments: Array<{ adjustmentValue: (
              { __typename: 'SellingPlanFixedAmountPriceAdjustment' }
              & { adjustmentAmount: Pick<StorefrontTypes.MoneyV2, 'amount' | 'currencyCode'> }
            ) | (
              { __typename: 'SellingPlanFixedPriceAdjustment' }
              & { price: Pick<StorefrontTypes.MoneyV2, 'amount' | 'currencyCode'> }
            ) | (
              { __typename: 'SellingPlanPercentagePriceAdjustment' }
              & Pick<StorefrontTypes.SellingPlanPercentagePriceAdjustment, 'adjustmentPercentage'>
            ) }> }
        )> } }
    )> } }
);

export type BeckonCartFragment = (
  Pick<StorefrontTypes.Cart, 'id' | 'checkoutUrl' | 'totalQuantity'>
  & { cost: { totalAmount: Pick<StorefrontTypes.MoneyV2, 'amount' | 'currencyCode'> }, discountCodes: Array<Pick<StorefrontTypes.CartDiscountCode, 'code' | 'applicable'>>, attributes: Array<Pick<StorefrontTypes.Attribute, 'key' | 'value'>>, lines: { nodes: Array<(
      Pick<StorefrontTypes.CartLine, 'id' | 'quantity'>
      & { cost: { totalAmount: Pick<StorefrontTypes.MoneyV2, 'amount' | 'currencyCode'> }, sellingPlanAllocation?: StorefrontTypes.Maybe<{ sellingPlan: Pick<StorefrontTypes.SellingPlan, 'id' | 'name'> }>, merchandise: (
        Pick<StorefrontTypes.ProductVariant, 'id' | 'title'>
        & { product: Pick<StorefrontTypes.Product, 'id' | 'handle' | 'title'> }
      ) }
    ) | (
      Pick<StorefrontTypes.ComponentizableCartLine, 'id' | 'quantity'>
      & { cost: { totalAmount: Pick<StorefrontTypes.MoneyV2, 'amount' | 'currencyCode'> }, sellingPlanAllocation?: StorefrontTypes.Maybe<{ sellingPlan: Pick<StorefrontTypes.SellingPlan, 'id' | 'name'> }>, merchandise: (
        Pick<StorefrontTypes.ProductVariant, 'id' | 'title'>
        & { product: Pick<StorefrontTypes.Product, 'id' | 'handle' | 'title'> }
      ) }
    )> } }
);

export type BeckonProductsQueryVariables = StorefrontTypes.Exact<{
  query: StorefrontTypes.Scalars['String']['input'];
  first: StorefrontTypes.Scalars['Int']['input'];
  country?: StorefrontTypes.InputMaybe<StorefrontTypes.CountryCode>;
  language?: StorefrontTypes.InputMaybe<StorefrontTypes.LanguageCode>;
}>;


export type BeckonProductsQuery = { products: { nodes: Array<(
      Pick<StorefrontTypes.Product, 'id' | 'handle' | 'title' | 'productType' | 'description' | 'descriptionHtml' | 'availableForSale' | 'onlineStoreUrl' | 'requiresSellingPlan'>
      & { featuredImage?: StorefrontTypes.Maybe<Pick<StorefrontTypes.Image, 'url'>>, images: { nodes: Array<Pick<StorefrontTypes.Image, 'url'>> }, options: Array<(
        Pick<StorefrontTypes.ProductOption, 'name'>
        & { optionValues: Array<Pick<StorefrontTypes.ProductOptionValue, 'name'>> }
      )>, priceRange: { minVariantPrice: Pick<StorefrontTypes.MoneyV2, 'amount' | 'currencyCode'> }, compareAtPriceRange: { minVariantPrice: Pick<StorefrontTypes.MoneyV2, 'amount' | 'currencyCode'> }, variants: { nodes: Array<(
          Pick<StorefrontTypes.ProductVariant, 'id' | 'title' | 'availableForSale'>
          & { price: Pick<StorefrontTypes.MoneyV2, 'amount' | 'currencyCode'>, compareAtPrice?: StorefrontTypes.Maybe<Pick<StorefrontTypes.MoneyV2, 'amount' | 'currencyCode'>>, image?: StorefrontTypes.Maybe<Pick<StorefrontTypes.Image, 'url'>>, selectedOptions: Array<Pick<StorefrontTypes.SelectedOption, 'name' | 'value'>> }
        )> }, sellingPlanGroups: { nodes: Array<(
          Pick<StorefrontTypes.SellingPlanGroup, 'name'>
          & { sellingPlans: { nodes: Array<(
              Pick<StorefrontTypes.SellingPlan, 'id' | 'name' | 'description'>
              & { priceAdjustments: Array<{ adjustmentValue: (
                  { __typename: 'SellingPlanFixedAmountPriceAdjustment' }
                  & { adjustmentAmount: Pick<StorefrontTypes.MoneyV2, 'amount' | 'currencyCode'> }
                ) | (
                  { __typename: 'SellingPlanFixedPriceAdjustment' }
                  & { price: Pick<StorefrontTypes.MoneyV2, 'amount' | 'currencyCode'> }
                ) | (
                  { __typename: 'SellingPlanPercentagePriceAdjustment' }
                  & Pick<StorefrontTypes.SellingPlanPercentagePriceAdjustment, 'adjustmentPercentage'>
                ) }> }
            )> } }
        )> } }
    )> } };

export type BeckonProductQueryVariables = StorefrontTypes.Exact<{
  handle: StorefrontTypes.Scalars['String']['input'];
  country?: StorefrontTypes.InputMaybe<StorefrontTypes.CountryCode>;
  language?: StorefrontTypes.InputMaybe<StorefrontTypes.LanguageCode>;
}>;


export type BeckonProductQuery = { product?: StorefrontTypes.Maybe<(
    Pick<StorefrontTypes.Product, 'id' | 'handle' | 'title' | 'productType' | 'description' | 'descriptionHtml' | 'availableForSale' | 'onlineStoreUrl' | 'requiresSellingPlan'>
    & { featuredImage?: StorefrontTypes.Maybe<Pick<StorefrontTypes.Image, 'url'>>, images: { nodes: Array<Pick<StorefrontTypes.Image, 'url'>> }, options: Array<(
      Pick<StorefrontTypes.ProductOption, 'name'>
      & { optionValues: Array<Pick<StorefrontTypes.ProductOptionValue, 'name'>> }
    )>, priceRange: { minVariantPrice: Pick<StorefrontTypes.MoneyV2, 'amount' | 'currencyCode'> }, compareAtPriceRange: { minVariantPrice: Pick<StorefrontTypes.MoneyV2, 'amount' | 'currencyCode'> }, variants: { nodes: Array<(
        Pick<StorefrontTypes.ProductVariant, 'id' | 'title' | 'availableForSale'>
        & { price: Pick<StorefrontTypes.MoneyV2, 'amount' | 'currencyCode'>, compareAtPrice?: StorefrontTypes.Maybe<Pick<StorefrontTypes.MoneyV2, 'amount' | 'currencyCode'>>, image?: StorefrontTypes.Maybe<Pick<StorefrontTypes.Image, 'url'>>, selectedOptions: Array<Pick<StorefrontTypes.SelectedOption, 'name' | 'value'>> }
      )> }, sellingPlanGroups: { nodes: Array<(
        Pick<StorefrontTypes.SellingPlanGroup, 'name'>
        & { sellingPlans: { nodes: Array<(
            Pick<StorefrontTypes.SellingPlan, 'id' | 'name' | 'description'>
            & { priceAdjustments: Array<{ adjustmentValue: (
                { __typename: 'SellingPlanFixedAmountPriceAdjustment' }
                & { adjustmentAmount: Pick<StorefrontTypes.MoneyV2, 'amount' | 'currencyCode'> }
              ) | (
                { __typename: 'SellingPlanFixedPriceAdjustment' }
                & { price: Pick<StorefrontTypes.MoneyV2, 'amount' | 'currencyCode'> }
              ) | (
                { __typename: 'SellingPlanPercentagePriceAdjustment' }
                & Pick<StorefrontTypes.SellingPlanPercentagePriceAdjustment, 'adjustmentPercentage'>
              ) }> }
          )> } }
      )> } }
  )> };

export type BeckonCollectionProductsQueryVariables = StorefrontTypes.Exact<{
  handle: StorefrontTypes.Scalars['String']['input'];
  first: StorefrontTypes.Scalars['Int']['input'];
  country?: StorefrontTypes.InputMaybe<StorefrontTypes.CountryCode>;
  language?: StorefrontTypes.InputMaybe<StorefrontTypes.LanguageCode>;
}>;


export type BeckonCollectionProductsQuery = { collection?: StorefrontTypes.Maybe<(
    Pick<StorefrontTypes.Collection, 'id' | 'handle'>
    & { products: { nodes: Array<(
        Pick<StorefrontTypes.Product, 'id' | 'handle' | 'title' | 'productType' | 'description' | 'descriptionHtml' | 'availableForSale' | 'onlineStoreUrl' | 'requiresSellingPlan'>
        & { featuredImage?: StorefrontTypes.Maybe<Pick<StorefrontTypes.Image, 'url'>>, images: { nodes: Array<Pick<StorefrontTypes.Image, 'url'>> }, options: Array<(
          Pick<StorefrontTypes.ProductOption, 'name'>
          & { optionValues: Array<Pick<StorefrontTypes.ProductOptionValue, 'name'>> }
        )>, priceRange: { minVariantPrice: Pick<StorefrontTypes.MoneyV2, 'amount' | 'currencyCode'> }, compareAtPriceRange: { minVariantPrice: Pick<StorefrontTypes.MoneyV2, 'amount' | 'currencyCode'> }, variants: { nodes: Array<(
            Pick<StorefrontTypes.ProductVariant, 'id' | 'title' | 'availableForSale'>
            & { price: Pick<StorefrontTypes.MoneyV2, 'amount' | 'currencyCode'>, compareAtPrice?: StorefrontTypes.Maybe<Pick<StorefrontTypes.MoneyV2, 'amount' | 'currencyCode'>>, image?: StorefrontTypes.Maybe<Pick<StorefrontTypes.Image, 'url'>>, selectedOptions: Array<Pick<StorefrontTypes.SelectedOption, 'name' | 'value'>> }
          )> }, sellingPlanGroups: { nodes: Array<(
            Pick<StorefrontTypes.SellingPlanGroup, 'name'>
            & { sellingPlans: { nodes: Array<(
                Pick<StorefrontTypes.SellingPlan, 'id' | 'name' | 'description'>
                & { priceAdjustments: Array<{ adjustmentValue: (
                    { __typename: 'SellingPlanFixedAmountPriceAdjustment' }
                    & { adjustmentAmount: Pick<StorefrontTypes.MoneyV2, 'amount' | 'currencyCode'> }
                  ) | (
                    { __typename: 'SellingPlanFixedPriceAdjustment' }
                    & { price: Pick<StorefrontTypes.MoneyV2, 'amount' | 'currencyCode'> }
                  ) | (
                    { __typename: 'SellingPlanPercentagePriceAdjustment' }
                    & Pick<StorefrontTypes.SellingPlanPercentagePriceAdjustment, 'adjustmentPercentage'>
                  ) }> }
              )> } }
          )> } }
      )> } }
  )> };

export type BeckonProductRecommendationsQueryVariables = StorefrontTypes.Exact<{
  productId: StorefrontTypes.Scalars['ID']['input'];
  intent?: StorefrontTypes.InputMaybe<StorefrontTypes.ProductRecommendationIntent>;
  country?: StorefrontTypes.InputMaybe<StorefrontTypes.CountryCode>;
  language?: StorefrontTypes.InputMaybe<StorefrontTypes.LanguageCode>;
}>;


export type BeckonProductRecommendationsQuery = { productRecommendations?: StorefrontTypes.Maybe<Array<(
    Pick<StorefrontTypes.Product, 'id' | 'handle' | 'title' | 'productType' | 'description' | 'descriptionHtml' | 'availableForSale' | 'onlineStoreUrl' | 'requiresSellingPlan'>
    & { featuredImage?: StorefrontTypes.Maybe<Pick<StorefrontTypes.Image, 'url'>>, images: { nodes: Array<Pick<StorefrontTypes.Image, 'url'>> }, options: Array<(
      Pick<StorefrontTypes.ProductOption, 'name'>
      & { optionValues: Array<Pick<StorefrontTypes.ProductOptionValue, 'name'>> }
    )>, priceRange: { minVariantPrice: Pick<StorefrontTypes.MoneyV2, 'amount' | 'currencyCode'> }, compareAtPriceRange: { minVariantPrice: Pick<StorefrontTypes.MoneyV2, 'amount' | 'currencyCode'> }, variants: { nodes: Array<(
        Pick<StorefrontTypes.ProductVariant, 'id' | 'title' | 'availableForSale'>
        & { price: Pick<StorefrontTypes.MoneyV2, 'amount' | 'currencyCode'>, compareAtPrice?: StorefrontTypes.Maybe<Pick<StorefrontTypes.MoneyV2, 'amount' | 'currencyCode'>>, image?: StorefrontTypes.Maybe<Pick<StorefrontTypes.Image, 'url'>>, selectedOptions: Array<Pick<StorefrontTypes.SelectedOption, 'name' | 'value'>> }
      )> }, sellingPlanGroups: { nodes: Array<(
        Pick<StorefrontTypes.SellingPlanGroup, 'name'>
        & { sellingPlans: { nodes: Array<(
            Pick<StorefrontTypes.SellingPlan, 'id' | 'name' | 'description'>
            & { priceAdjustments: Array<{ adjustmentValue: (
                { __typename: 'SellingPlanFixedAmountPriceAdjustment' }
                & { adjustmentAmount: Pick<StorefrontTypes.MoneyV2, 'amount' | 'currencyCode'> }
              ) | (
                { __typename: 'SellingPlanFixedPriceAdjustment' }
                & { price: Pick<StorefrontTypes.MoneyV2, 'amount' | 'currencyCode'> }
              ) | (
                { __typename: 'SellingPlanPercentagePriceAdjustment' }
                & Pick<StorefrontTypes.SellingPlanPercentagePriceAdjustment, 'adjustmentPercentage'>
              ) }> }
          )> } }
      )> } }
  )>> };

export type BeckonCartQueryVariables = StorefrontTypes.Exact<{
  id: StorefrontTypes.Scalars['ID']['input'];
  country?: StorefrontTypes.InputMaybe<StorefrontTypes.CountryCode>;
  language?: StorefrontTypes.InputMaybe<StorefrontTypes.LanguageCode>;
}>;


export type BeckonCartQuery = { cart?: StorefrontTypes.Maybe<(
    Pick<StorefrontTypes.Cart, 'id' | 'checkoutUrl' | 'totalQuantity'>
    & { cost: { totalAmount: Pick<StorefrontTypes.MoneyV2, 'amount' | 'currencyCode'> }, discountCodes: Array<Pick<StorefrontTypes.CartDiscountCode, 'code' | 'applicable'>>, attributes: Array<Pick<StorefrontTypes.Attribute, 'key' | 'value'>>, lines: { nodes: Array<(
        Pick<StorefrontTypes.CartLine, 'id' | 'quantity'>
        & { cost: { totalAmount: Pick<StorefrontTypes.MoneyV2, 'amount' | 'currencyCode'> }, sellingPlanAllocation?: StorefrontTypes.Maybe<{ sellingPlan: Pick<StorefrontTypes.SellingPlan, 'id' | 'name'> }>, merchandise: (
          Pick<StorefrontTypes.ProductVariant, 'id' | 'title'>
          & { product: Pick<StorefrontTypes.Product, 'id' | 'handle' | 'title'> }
        ) }
      ) | (
        Pick<StorefrontTypes.ComponentizableCartLine, 'id' | 'quantity'>
        & { cost: { totalAmount: Pick<StorefrontTypes.MoneyV2, 'amount' | 'currencyCode'> }, sellingPlanAllocation?: StorefrontTypes.Maybe<{ sellingPlan: Pick<StorefrontTypes.SellingPlan, 'id' | 'name'> }>, merchandise: (
          Pick<StorefrontTypes.ProductVariant, 'id' | 'title'>
          & { product: Pick<StorefrontTypes.Product, 'id' | 'handle' | 'title'> }
        ) }
      )> } }
  )> };

export type BeckonCartCreateMutationVariables = StorefrontTypes.Exact<{
  input?: StorefrontTypes.InputMaybe<StorefrontTypes.CartInput>;
  country?: StorefrontTypes.InputMaybe<StorefrontTypes.CountryCode>;
  language?: StorefrontTypes.InputMaybe<StorefrontTypes.LanguageCode>;
}>;


export type BeckonCartCreateMutation = { cartCreate?: StorefrontTypes.Maybe<{ cart?: StorefrontTypes.Maybe<(
      Pick<StorefrontTypes.Cart, 'id' | 'checkoutUrl' | 'totalQuantity'>
      & { cost: { totalAmount: Pick<StorefrontTypes.MoneyV2, 'amount' | 'currencyCode'> }, discountCodes: Array<Pick<StorefrontTypes.CartDiscountCode, 'code' | 'applicable'>>, attributes: Array<Pick<StorefrontTypes.Attribute, 'key' | 'value'>>, lines: { nodes: Array<(
          Pick<StorefrontTypes.CartLine, 'id' | 'quantity'>
          & { cost: { totalAmount: Pick<StorefrontTypes.MoneyV2, 'amount' | 'currencyCode'> }, sellingPlanAllocation?: StorefrontTypes.Maybe<{ sellingPlan: Pick<StorefrontTypes.SellingPlan, 'id' | 'name'> }>, merchandise: (
            Pick<StorefrontTypes.ProductVariant, 'id' | 'title'>
            & { product: Pick<StorefrontTypes.Product, 'id' | 'handle' | 'title'> }
          ) }
        ) | (
          Pick<StorefrontTypes.ComponentizableCartLine, 'id' | 'quantity'>
          & { cost: { totalAmount: Pick<StorefrontTypes.MoneyV2, 'amount' | 'currencyCode'> }, sellingPlanAllocation?: StorefrontTypes.Maybe<{ sellingPlan: Pick<StorefrontTypes.SellingPlan, 'id' | 'name'> }>, merchandise: (
            Pick<StorefrontTypes.ProductVariant, 'id' | 'title'>
            & { product: Pick<StorefrontTypes.Product, 'id' | 'handle' | 'title'> }
          ) }
        )> } }
    )>, userErrors: Array<Pick<StorefrontTypes.CartUserError, 'field' | 'message' | 'code'>>, warnings: Array<Pick<StorefrontTypes.CartWarning, 'code' | 'message' | 'target'>> }> };

export type BeckonCartLinesAddMutationVariables = StorefrontTypes.Exact<{
  cartId: StorefrontTypes.Scalars['ID']['input'];
  lines: Array<StorefrontTypes.CartLineInput> | StorefrontTypes.CartLineInput;
  country?: StorefrontTypes.InputMaybe<StorefrontTypes.CountryCode>;
  language?: StorefrontTypes.InputMaybe<StorefrontTypes.LanguageCode>;
}>;


export type BeckonCartLinesAddMutation = { cartLinesAdd?: StorefrontTypes.Maybe<{ cart?: StorefrontTypes.Maybe<(
      Pick<StorefrontTypes.Cart, 'id' | 'checkoutUrl' | 'totalQuantity'>
      & { cost: { totalAmount: Pick<StorefrontTypes.MoneyV2, 'amount' | 'currencyCode'> }, discountCodes: Array<Pick<StorefrontTypes.CartDiscountCode, 'code' | 'applicable'>>, attributes: Array<Pick<StorefrontTypes.Attribute, 'key' | 'value'>>, lines: { nodes: Array<(
          Pick<StorefrontTypes.CartLine, 'id' | 'quantity'>
          & { cost: { totalAmount: Pick<StorefrontTypes.MoneyV2, 'amount' | 'currencyCode'> }, sellingPlanAllocation?: StorefrontTypes.Maybe<{ sellingPlan: Pick<StorefrontTypes.SellingPlan, 'id' | 'name'> }>, merchandise: (
            Pick<StorefrontTypes.ProductVariant, 'id' | 'title'>
            & { product: Pick<StorefrontTypes.Product, 'id' | 'handle' | 'title'> }
          ) }
        ) | (
          Pick<StorefrontTypes.ComponentizableCartLine, 'id' | 'quantity'>
          & { cost: { totalAmount: Pick<StorefrontTypes.MoneyV2, 'amount' | 'currencyCode'> }, sellingPlanAllocation?: StorefrontTypes.Maybe<{ sellingPlan: Pick<StorefrontTypes.SellingPlan, 'id' | 'name'> }>, merchandise: (
            Pick<StorefrontTypes.ProductVariant, 'id' | 'title'>
            & { product: Pick<StorefrontTypes.Product, 'id' | 'handle' | 'title'> }
          ) }
        )> } }
    )>, userErrors: Array<Pick<StorefrontTypes.CartUserError, 'field' | 'message' | 'code'>>, warnings: Array<Pick<StorefrontTypes.CartWarning, 'code' | 'message' | 'target'>> }> };

export type BeckonCartLinesRemoveMutationVariables = StorefrontTypes.Exact<{
  cartId: StorefrontTypes.Scalars['ID']['input'];
  lineIds: Array<StorefrontTypes.Scalars['ID']['input']> | StorefrontTypes.Scalars['ID']['input'];
  country?: StorefrontTypes.InputMaybe<StorefrontTypes.CountryCode>;
  language?: StorefrontTypes.InputMaybe<StorefrontTypes.LanguageCode>;
}>;


export type BeckonCartLinesRemoveMutation = { cartLinesRemove?: StorefrontTypes.Maybe<{ cart?: StorefrontTypes.Maybe<(
      Pick<StorefrontTypes.Cart, 'id' | 'checkoutUrl' | 'totalQuantity'>
      & { cost: { totalAmount: Pick<StorefrontTypes.MoneyV2, 'amount' | 'currencyCode'> }, discountCodes: Array<Pick<StorefrontTypes.CartDiscountCode, 'code' | 'applicable'>>, attributes: Array<Pick<StorefrontTypes.Attribute, 'key' | 'value'>>, lines: { nodes: Array<(
          Pick<StorefrontTypes.CartLine, 'id' | 'quantity'>
          & { cost: { totalAmount: Pick<StorefrontTypes.MoneyV2, 'amount' | 'currencyCode'> }, sellingPlanAllocation?: StorefrontTypes.Maybe<{ sellingPlan: Pick<StorefrontTypes.SellingPlan, 'id' | 'name'> }>, merchandise: (
            Pick<StorefrontTypes.ProductVariant, 'id' | 'title'>
            & { product: Pick<StorefrontTypes.Product, 'id' | 'handle' | 'title'> }
          ) }
        ) | (
          Pick<StorefrontTypes.ComponentizableCartLine, 'id' | 'quantity'>
          & { cost: { totalAmount: Pick<StorefrontTypes.MoneyV2, 'amount' | 'currencyCode'> }, sellingPlanAllocation?: StorefrontTypes.Maybe<{ sellingPlan: Pick<StorefrontTypes.SellingPlan, 'id' | 'name'> }>, merchandise: (
            Pick<StorefrontTypes.ProductVariant, 'id' | 'title'>
            & { product: Pick<StorefrontTypes.Product, 'id' | 'handle' | 'title'> }
          ) }
        )> } }
    )>, userErrors: Array<Pick<StorefrontTypes.CartUserError, 'field' | 'message' | 'code'>>, warnings: Array<Pick<StorefrontTypes.CartWarning, 'code' | 'message' | 'target'>> }> };

export type BeckonCartDiscountCodesUpdateMutationVariables = StorefrontTypes.Exact<{
  cartId: StorefrontTypes.Scalars['ID']['input'];
  discountCodes: Array<StorefrontTypes.Scalars['String']['input']> | StorefrontTypes.Scalars['String']['input'];
  country?: StorefrontTypes.InputMaybe<StorefrontTypes.CountryCode>;
  language?: StorefrontTypes.InputMaybe<StorefrontTypes.LanguageCode>;
}>;


export type BeckonCartDiscountCodesUpdateMutation = { cartDiscountCodesUpdate?: StorefrontTypes.Maybe<{ cart?: StorefrontTypes.Maybe<(
      Pick<StorefrontTypes.Cart, 'id' | 'checkoutUrl' | 'totalQuantity'>
      & { cost: { totalAmount: Pick<StorefrontTypes.MoneyV2, 'amount' | 'currencyCode'> }, discountCodes: Array<Pick<StorefrontTypes.CartDiscountCode, 'code' | 'applicable'>>, attributes: Array<Pick<StorefrontTypes.Attribute, 'key' | 'value'>>, lines: { nodes: Array<(
          Pick<StorefrontTypes.CartLine, 'id' | 'quantity'>
          & { cost: { totalAmount: Pick<StorefrontTypes.MoneyV2, 'amount' | 'currencyCode'> }, sellingPlanAllocation?: StorefrontTypes.Maybe<{ sellingPlan: Pick<StorefrontTypes.SellingPlan, 'id' | 'name'> }>, merchandise: (
            Pick<StorefrontTypes.ProductVariant, 'id' | 'title'>
            & { product: Pick<StorefrontTypes.Product, 'id' | 'handle' | 'title'> }
          ) }
        ) | (
          Pick<StorefrontTypes.ComponentizableCartLine, 'id' | 'quantity'>
          & { cost: { totalAmount: Pick<StorefrontTypes.MoneyV2, 'amount' | 'currencyCode'> }, sellingPlanAllocation?: StorefrontTypes.Maybe<{ sellingPlan: Pick<StorefrontTypes.SellingPlan, 'id' | 'name'> }>, merchandise: (
            Pick<StorefrontTypes.ProductVariant, 'id' | 'title'>
            & { product: Pick<StorefrontTypes.Product, 'id' | 'handle' | 'title'> }
          ) }
        )> } }
    )>, userErrors: Array<Pick<StorefrontTypes.CartUserError, 'field' | 'message' | 'code'>>, warnings: Array<Pick<StorefrontTypes.CartWarning, 'code' | 'message' | 'target'>> }> };

export type BeckonCartAttributesUpdateMutationVariables = StorefrontTypes.Exact<{
  cartId: StorefrontTypes.Scalars['ID']['input'];
  attributes: Array<StorefrontTypes.AttributeInput> | StorefrontTypes.AttributeInput;
  country?: StorefrontTypes.InputMaybe<StorefrontTypes.CountryCode>;
  language?: StorefrontTypes.InputMaybe<StorefrontTypes.LanguageCode>;
}>;


export type BeckonCartAttributesUpdateMutation = { cartAttributesUpdate?: StorefrontTypes.Maybe<{ cart?: StorefrontTypes.Maybe<(
      Pick<StorefrontTypes.Cart, 'id' | 'checkoutUrl' | 'totalQuantity'>
      & { cost: { totalAmount: Pick<StorefrontTypes.MoneyV2, 'amount' | 'currencyCode'> }, discountCodes: Array<Pick<StorefrontTypes.CartDiscountCode, 'code' | 'applicable'>>, attributes: Array<Pick<StorefrontTypes.Attribute, 'key' | 'value'>>, lines: { nodes: Array<(
          Pick<StorefrontTypes.CartLine, 'id' | 'quantity'>
          & { cost: { totalAmount: Pick<StorefrontTypes.MoneyV2, 'amount' | 'currencyCode'> }, sellingPlanAllocation?: StorefrontTypes.Maybe<{ sellingPlan: Pick<StorefrontTypes.SellingPlan, 'id' | 'name'> }>, merchandise: (
            Pick<StorefrontTypes.ProductVariant, 'id' | 'title'>
            & { product: Pick<StorefrontTypes.Product, 'id' | 'handle' | 'title'> }
          ) }
        ) | (
          Pick<StorefrontTypes.ComponentizableCartLine, 'id' | 'quantity'>
          & { cost: { totalAmount: Pick<StorefrontTypes.MoneyV2, 'amount' | 'currencyCode'> }, sellingPlanAllocation?: StorefrontTypes.Maybe<{ sellingPlan: Pick<StorefrontTypes.SellingPlan, 'id' | 'name'> }>, merchandise: (
            Pick<StorefrontTypes.ProductVariant, 'id' | 'title'>
            & { product: Pick<StorefrontTypes.Product, 'id' | 'handle' | 'title'> }
          ) }
        )> } }
    )>, userErrors: Array<Pick<StorefrontTypes.CartUserError, 'field' | 'message' | 'code'>>, warnings: Array<Pick<StorefrontTypes.CartWarning, 'code' | 'message' | 'target'>> }> };

interface GeneratedQueryTypes {
  "\n  query BeckonProducts($query: String!, $first: Int!, $country: CountryCode, $language: LanguageCode) @inContext(country: $country, language: $language) {\n    products(first: $first, query: $query) { nodes { ...BeckonProduct } }\n  }\n  \n  fragment BeckonProduct on Product {\n    id\n    handle\n    title\n    productType\n    description\n    descriptionHtml\n    availableForSale\n    onlineStoreUrl\n    requiresSellingPlan\n    featuredImage { url }\n    images(first: 10) { nodes { url } }\n    options { name optionValues { name } }\n    priceRange { minVariantPrice { amount currencyCode } }\n    compareAtPriceRange { minVariantPrice { amount currencyCode } }\n    variants(first: 100) {\n      nodes {\n        id\n        title\n        availableForSale\n        price { amount currencyCode }\n        compareAtPrice { amount currencyCode }\n        image { url }\n        selectedOptions { name value }\n      }\n    }\n    sellingPlanGroups(first: 10) {\n      nodes {\n        name\n        sellingPlans(first: 10) {\n          nodes {\n            id\n            name\n            description\n            priceAdjustments {\n              adjustmentValue {\n                __typename\n                ... on SellingPlanPercentagePriceAdjustment { adjustmentPercentage }\n                ... on SellingPlanFixedAmountPriceAdjustment { adjustmentAmount { amount currencyCode } }\n                ... on SellingPlanFixedPriceAdjustment { price { amount currencyCode } }\n              }\n            }\n          }\n        }\n      }\n    }\n  }\n\n": {return: BeckonProductsQuery, variables: BeckonProductsQueryVariables},
  "\n  query BeckonProduct($handle: String!, $country: CountryCode, $language: LanguageCode) @inContext(country: $country, language: $language) {\n    product(handle: $handle) { ...BeckonProduct }\n  }\n  \n  fragment BeckonProduct on Product {\n    id\n    handle\n    title\n    productType\n    description\n    descriptionHtml\n    availableForSale\n    onlineStoreUrl\n    requiresSellingPlan\n    featuredImage { url }\n    images(first: 10) { nodes { url } }\n    options { name optionValues { name } }\n    priceRange { minVariantPrice { amount currencyCode } }\n    compareAtPriceRange { minVariantPrice { amount currencyCode } }\n    variants(first: 100) {\n      nodes {\n        id\n        title\n        availableForSale\n        price { amount currencyCode }\n        compareAtPrice { amount currencyCode }\n        image { url }\n        selectedOptions { name value }\n      }\n    }\n    sellingPlanGroups(first: 10) {\n      nodes {\n        name\n        sellingPlans(first: 10) {\n          nodes {\n            id\n            name\n            description\n            priceAdjustments {\n              adjustmentValue {\n                __typename\n                ... on SellingPlanPercentagePriceAdjustment { adjustmentPercentage }\n                ... on SellingPlanFixedAmountPriceAdjustment { adjustmentAmount { amount currencyCode } }\n                ... on SellingPlanFixedPriceAdjustment { price { amount currencyCode } }\n              }\n            }\n          }\n        }\n      }\n    }\n  }\n\n": {return: BeckonProductQuery, variables: BeckonProductQueryVariables},
  "\n  query BeckonCollectionProducts($handle: String!, $first: Int!, $country: CountryCode, $language: LanguageCode) @inContext(country: $country, language: $language) {\n    collection(handle: $handle) { id handle products(first: $first) { nodes { ...BeckonProduct } } }\n  }\n  \n  fragment BeckonProduct on Product {\n    id\n    handle\n    title\n    productType\n    description\n    descriptionHtml\n    availableForSale\n    onlineStoreUrl\n    requiresSellingPlan\n    featuredImage { url }\n    images(first: 10) { nodes { url } }\n    options { name optionValues { name } }\n    priceRange { minVariantPrice { amount currencyCode } }\n    compareAtPriceRange { minVariantPrice { amount currencyCode } }\n    variants(first: 100) {\n      nodes {\n        id\n        title\n        availableForSale\n        price { amount currencyCode }\n        compareAtPrice { amount currencyCode }\n        image { url }\n        selectedOptions { name value }\n      }\n    }\n    sellingPlanGroups(first: 10) {\n      nodes {\n        name\n        sellingPlans(first: 10) {\n          nodes {\n            id\n            name\n            description\n            priceAdjustments {\n              adjustmentValue {\n                __typename\n                ... on SellingPlanPercentagePriceAdjustment { adjustmentPercentage }\n                ... on SellingPlanFixedAmountPriceAdjustment { adjustmentAmount { amount currencyCode } }\n                ... on SellingPlanFixedPriceAdjustment { price { amount currencyCode } }\n              }\n            }\n          }\n        }\n      }\n    }\n  }\n\n": {return: BeckonCollectionProductsQuery, variables: BeckonCollectionProductsQueryVariables},
  "\n  query BeckonProductRecommendations($productId: ID!, $intent: ProductRecommendationIntent, $country: CountryCode, $language: LanguageCode) @inContext(country: $country, language: $language) {\n    productRecommendations(productId: $productId, intent: $intent) { ...BeckonProduct }\n  }\n  \n  fragment BeckonProduct on Product {\n    id\n    handle\n    title\n    productType\n    description\n    descriptionHtml\n    availableForSale\n    onlineStoreUrl\n    requiresSellingPlan\n    featuredImage { url }\n    images(first: 10) { nodes { url } }\n    options { name optionValues { name } }\n    priceRange { minVariantPrice { amount currencyCode } }\n    compareAtPriceRange { minVariantPrice { amount currencyCode } }\n    variants(first: 100) {\n      nodes {\n        id\n        title\n        availableForSale\n        price { amount currencyCode }\n        compareAtPrice { amount currencyCode }\n        image { url }\n        selectedOptions { name value }\n      }\n    }\n    sellingPlanGroups(first: 10) {\n      nodes {\n        name\n        sellingPlans(first: 10) {\n          nodes {\n            id\n            name\n            description\n            priceAdjustments {\n              adjustmentValue {\n                __typename\n                ... on SellingPlanPercentagePriceAdjustment { adjustmentPercentage }\n                ... on SellingPlanFixedAmountPriceAdjustment { adjustmentAmount { amount currencyCode } }\n                ... on SellingPlanFixedPriceAdjustment { price { amount currencyCode } }\n              }\n            }\n          }\n        }\n      }\n    }\n  }\n\n": {return: BeckonProductRecommendationsQuery, variables: BeckonProductRecommendationsQueryVariables},
  "\n  query BeckonCart($id: ID!, $country: CountryCode, $language: LanguageCode) @inContext(country: $country, language: $language) {\n    cart(id: $id) { ...BeckonCart }\n  }\n  \n  fragment BeckonCart on Cart {\n    id\n    checkoutUrl\n    totalQuantity\n    cost { totalAmount { amount currencyCode } }\n    discountCodes { code applicable }\n    attributes { key value }\n    lines(first: 100) {\n      nodes {\n        id\n        quantity\n        cost { totalAmount { amount currencyCode } }\n        sellingPlanAllocation { sellingPlan { id name } }\n        merchandise {\n          ... on ProductVariant {\n            id\n            title\n            product { id handle title }\n          }\n        }\n      }\n    }\n  }\n\n": {return: BeckonCartQuery, variables: BeckonCartQueryVariables},
}

interface GeneratedMutationTypes {
  "\n  mutation BeckonCartCreate($input: CartInput, $country: CountryCode, $language: LanguageCode) @inContext(country: $country, language: $language) {\n    cartCreate(input: $input) { cart { ...BeckonCart } userErrors { field message code } warnings { code message target } }\n  }\n  \n  fragment BeckonCart on Cart {\n    id\n    checkoutUrl\n    totalQuantity\n    cost { totalAmount { amount currencyCode } }\n    discountCodes { code applicable }\n    attributes { key value }\n    lines(first: 100) {\n      nodes {\n        id\n        quantity\n        cost { totalAmount { amount currencyCode } }\n        sellingPlanAllocation { sellingPlan { id name } }\n        merchandise {\n          ... on ProductVariant {\n            id\n            title\n            product { id handle title }\n          }\n        }\n      }\n    }\n  }\n\n": {return: BeckonCartCreateMutation, variables: BeckonCartCreateMutationVariables},
  "\n  mutation BeckonCartLinesAdd($cartId: ID!, $lines: [CartLineInput!]!, $country: CountryCode, $language: LanguageCode) @inContext(country: $country, language: $language) {\n    cartLinesAdd(cartId: $cartId, lines: $lines) { cart { ...BeckonCart } userErrors { field message code } warnings { code message target } }\n  }\n  \n  fragment BeckonCart on Cart {\n    id\n    checkoutUrl\n    totalQuantity\n    cost { totalAmount { amount currencyCode } }\n    discountCodes { code applicable }\n    attributes { key value }\n    lines(first: 100) {\n      nodes {\n        id\n        quantity\n        cost { totalAmount { amount currencyCode } }\n        sellingPlanAllocation { sellingPlan { id name } }\n        merchandise {\n          ... on ProductVariant {\n            id\n            title\n            product { id handle title }\n          }\n        }\n      }\n    }\n  }\n\n": {return: BeckonCartLinesAddMutation, variables: BeckonCartLinesAddMutationVariables},
  "\n  mutation BeckonCartLinesRemove($cartId: ID!, $lineIds: [ID!]!, $country: CountryCode, $language: LanguageCode) @inContext(country: $country, language: $language) {\n    cartLinesRemove(cartId: $cartId, lineIds: $lineIds) { cart { ...BeckonCart } userErrors { field message code } warnings { code message target } }\n  }\n  \n  fragment BeckonCart on Cart {\n    id\n    checkoutUrl\n    totalQuantity\n    cost { totalAmount { amount currencyCode } }\n    discountCodes { code applicable }\n    attributes { key value }\n    lines(first: 100) {\n      nodes {\n        id\n        quantity\n        cost { totalAmount { amount currencyCode } }\n        sellingPlanAllocation { sellingPlan { id name } }\n        merchandise {\n          ... on ProductVariant {\n            id\n            title\n            product { id handle title }\n          }\n        }\n      }\n    }\n  }\n\n": {return: BeckonCartLinesRemoveMutation, variables: BeckonCartLinesRemoveMutationVariables},
  "\n  mutation BeckonCartDiscountCodesUpdate($cartId: ID!, $discountCodes: [String!]!, $country: CountryCode, $language: LanguageCode) @inContext(country: $country, language: $language) {\n    cartDiscountCodesUpdate(cartId: $cartId, discountCodes: $discountCodes) { cart { ...BeckonCart } userErrors { field message code } warnings { code message target } }\n  }\n  \n  fragment BeckonCart on Cart {\n    id\n    checkoutUrl\n    totalQuantity\n    cost { totalAmount { amount currencyCode } }\n    discountCodes { code applicable }\n    attributes { key value }\n    lines(first: 100) {\n      nodes {\n        id\n        quantity\n        cost { totalAmount { amount currencyCode } }\n        sellingPlanAllocation { sellingPlan { id name } }\n        merchandise {\n          ... on ProductVariant {\n            id\n            title\n            product { id handle title }\n          }\n        }\n      }\n    }\n  }\n\n": {return: BeckonCartDiscountCodesUpdateMutation, variables: BeckonCartDiscountCodesUpdateMutationVariables},
  "\n  mutation BeckonCartAttributesUpdate($cartId: ID!, $attributes: [AttributeInput!]!, $country: CountryCode, $language: LanguageCode) @inContext(country: $country, language: $language) {\n    cartAttributesUpdate(cartId: $cartId, attributes: $attributes) { cart { ...BeckonCart } userErrors { field message code } warnings { code message target } }\n  }\n  \n  fragment BeckonCart on Cart {\n    id\n    checkoutUrl\n    totalQuantity\n    cost { totalAmount { amount currencyCode } }\n    discountCodes { code applicable }\n    attributes { key value }\n    lines(first: 100) {\n      nodes {\n        id\n        quantity\n        cost { totalAmount { amount currencyCode } }\n        sellingPlanAllocation { sellingPlan { id name } }\n        merchandise {\n          ... on ProductVariant {\n            id\n            title\n            product { id handle title }\n          }\n        }\n      }\n    }\n  }\n\n": {return: BeckonCartAttributesUpdateMutation, variables: BeckonCartAttributesUpdateMutationVariables},
}
export interface StorefrontQueries extends GeneratedQueryTypes {}
export interface StorefrontMutations extends GeneratedMutationTypes {}
export type StorefrontOperations = StorefrontQueries & StorefrontMutations;

