/* eslint-disable eslint-comments/disable-enable-pair */
/* eslint-disable eslint-comments/no-unlimited-disable */
/* eslint-disable */
export type Maybe<T> = T | null;
export type InputMaybe<T> = Maybe<T>;
export type Exact<T extends { [key: string]: unknown }> = { [K in keyof T]: T[K] };
export type MakeOptional<T, K extends keyof T> = Omit<T, K> & { [SubKey in K]?: Maybe<T[SubKey]> };
export type MakeMaybe<T, K extends keyof T> = Omit<T, K> & { [SubKey in K]: Maybe<T[SubKey]> };
export type MakeEmpty<T extends { [key: string]: unknown }, K extends keyof T> = { [_ in K]?: never };
export type Incremental<T> = T | { [P in keyof T]?: P extends ' $fragmentName' | '__typename' ? T[P] : never };
/** All built-in and custom scalars, mapped to their actual values */
export type Scalars = {
  ID: { input: string; output: string; }
  String: { input: string; output: string; }
  Boolean: { input: boolean; output: boolean; }
  Int: { input: number; output: number; }
  Float: { input: number; output: number; }
  /** An ISO-8601 date and time string in UTC (for example "2026-12-02T14:05:00Z"). */
  DateTime: { input: string; output: string; }
  /** A signed decimal number, serialized as a string (for example "29.99"). */
  Decimal: { input: string; output: string; }
  /** A JSON value: an object, array, string, number, boolean or null. */
  JSON: { input: unknown; output: unknown; }
  /** A monetary value string without a currency symbol or code (for example "100.57"). */
  Money: { input: string; output: string; }
  /** An RFC 3986 and RFC 3987 compliant URI string. */
  URL: { input: string; output: string; }
};

/** An access scope (for example write_customers). */
export type AccessScope = {
  __typename?: 'AccessScope';
  handle: Scalars['String']['output'];
};

/** A Shopify app, with the scopes it asks for and what the shop granted. */
export type App = {
  __typename?: 'App';
  /** The app's installation on the shop making the request. */
  installation: Maybe<AppInstallation>;
  optionalAccessScopes: Array<AccessScope>;
  requestedAccessScopes: Array<AccessScope>;
};

/** An app's installation on a shop. */
export type AppInstallation = {
  __typename?: 'AppInstallation';
  accessScopes: Array<AccessScope>;
};

/** A group of products. */
export type Collection = {
  __typename?: 'Collection';
  handle: Scalars['String']['output'];
  id: Scalars['ID']['output'];
  image: Maybe<Image>;
  productsCount: Maybe<Count>;
  title: Scalars['String']['output'];
};

/** A page of collections. */
export type CollectionConnection = {
  __typename?: 'CollectionConnection';
  nodes: Array<Collection>;
  pageInfo: PageInfo;
};

/** The keys the collections query can sort by. */
export type CollectionSortKeys =
  | 'ID'
  | 'RELEVANCE'
  | 'TITLE'
  | 'UPDATED_AT';

/** A count of elements. */
export type Count = {
  __typename?: 'Count';
  count: Scalars['Int']['output'];
};

/** A country or region code, generally ISO 3166-1 alpha-2. */
export type CountryCode =
  | 'AC'
  | 'AD'
  | 'AE'
  | 'AF'
  | 'AG'
  | 'AI'
  | 'AL'
  | 'AM'
  | 'AN'
  | 'AO'
  | 'AR'
  | 'AT'
  | 'AU'
  | 'AW'
  | 'AX'
  | 'AZ'
  | 'BA'
  | 'BB'
  | 'BD'
  | 'BE'
  | 'BF'
  | 'BG'
  | 'BH'
  | 'BI'
  | 'BJ'
  | 'BL'
  | 'BM'
  | 'BN'
  | 'BO'
  | 'BQ'
  | 'BR'
  | 'BS'
  | 'BT'
  | 'BV'
  | 'BW'
  | 'BY'
  | 'BZ'
  | 'CA'
  | 'CC'
  | 'CD'
  | 'CF'
  | 'CG'
  | 'CH'
  | 'CI'
  | 'CK'
  | 'CL'
  | 'CM'
  | 'CN'
  | 'CO'
  | 'CR'
  | 'CU'
  | 'CV'
  | 'CW'
  | 'CX'
  | 'CY'
  | 'CZ'
  | 'DE'
  | 'DJ'
  | 'DK'
  | 'DM'
  | 'DO'
  | 'DZ'
  | 'EC'
  | 'EE'
  | 'EG'
  | 'EH'
  | 'ER'
  | 'ES'
  | 'ET'
  | 'FI'
  | 'FJ'
  | 'FK'
  | 'FO'
  | 'FR'
  | 'GA'
  | 'GB'
  | 'GD'
  | 'GE'
  | 'GF'
  | 'GG'
  | 'GH'
  | 'GI'
  | 'GL'
  | 'GM'
  | 'GN'
  | 'GP'
  | 'GQ'
  | 'GR'
  | 'GS'
  | 'GT'
  | 'GW'
  | 'GY'
  | 'HK'
  | 'HM'
  | 'HN'
  | 'HR'
  | 'HT'
  | 'HU'
  | 'ID'
  | 'IE'
  | 'IL'
  | 'IM'
  | 'IN'
  | 'IO'
  | 'IQ'
  | 'IR'
  | 'IS'
  | 'IT'
  | 'JE'
  | 'JM'
  | 'JO'
  | 'JP'
  | 'KE'
  | 'KG'
  | 'KH'
  | 'KI'
  | 'KM'
  | 'KN'
  | 'KP'
  | 'KR'
  | 'KW'
  | 'KY'
  | 'KZ'
  | 'LA'
  | 'LB'
  | 'LC'
  | 'LI'
  | 'LK'
  | 'LR'
  | 'LS'
  | 'LT'
  | 'LU'
  | 'LV'
  | 'LY'
  | 'MA'
  | 'MC'
  | 'MD'
  | 'ME'
  | 'MF'
  | 'MG'
  | 'MK'
  | 'ML'
  | 'MM'
  | 'MN'
  | 'MO'
  | 'MQ'
  | 'MR'
  | 'MS'
  | 'MT'
  | 'MU'
  | 'MV'
  | 'MW'
  | 'MX'
  | 'MY'
  | 'MZ'
  | 'NA'
  | 'NC'
  | 'NE'
  | 'NF'
  | 'NG'
  | 'NI'
  | 'NL'
  | 'NO'
  | 'NP'
  | 'NR'
  | 'NU'
  | 'NZ'
  | 'OM'
  | 'PA'
  | 'PE'
  | 'PF'
  | 'PG'
  | 'PH'
  | 'PK'
  | 'PL'
  | 'PM'
  | 'PN'
  | 'PS'
  | 'PT'
  | 'PY'
  | 'QA'
  | 'RE'
  | 'RO'
  | 'RS'
  | 'RU'
  | 'RW'
  | 'SA'
  | 'SB'
  | 'SC'
  | 'SD'
  | 'SE'
  | 'SG'
  | 'SH'
  | 'SI'
  | 'SJ'
  | 'SK'
  | 'SL'
  | 'SM'
  | 'SN'
  | 'SO'
  | 'SR'
  | 'SS'
  | 'ST'
  | 'SV'
  | 'SX'
  | 'SY'
  | 'SZ'
  | 'TA'
  | 'TC'
  | 'TD'
  | 'TF'
  | 'TG'
  | 'TH'
  | 'TJ'
  | 'TK'
  | 'TL'
  | 'TM'
  | 'TN'
  | 'TO'
  | 'TR'
  | 'TT'
  | 'TV'
  | 'TW'
  | 'TZ'
  | 'UA'
  | 'UG'
  | 'UM'
  | 'US'
  | 'UY'
  | 'UZ'
  | 'VA'
  | 'VC'
  | 'VE'
  | 'VG'
  | 'VN'
  | 'VU'
  | 'WF'
  | 'WS'
  | 'XK'
  | 'YE'
  | 'YT'
  | 'ZA'
  | 'ZM'
  | 'ZW'
  | 'ZZ';

/** The currency codes of the Admin API: ISO 4217 codes, legacy, non-standard and digital currency codes. */
export type CurrencyCode =
  | 'AED'
  | 'AFN'
  | 'ALL'
  | 'AMD'
  | 'ANG'
  | 'AOA'
  | 'ARS'
  | 'AUD'
  | 'AWG'
  | 'AZN'
  | 'BAM'
  | 'BBD'
  | 'BDT'
  | 'BGN'
  | 'BHD'
  | 'BIF'
  | 'BMD'
  | 'BND'
  | 'BOB'
  | 'BRL'
  | 'BSD'
  | 'BTN'
  | 'BWP'
  | 'BYN'
  | 'BZD'
  | 'CAD'
  | 'CDF'
  | 'CHF'
  | 'CLP'
  | 'CNY'
  | 'COP'
  | 'CRC'
  | 'CVE'
  | 'CZK'
  | 'DJF'
  | 'DKK'
  | 'DOP'
  | 'DZD'
  | 'EGP'
  | 'ERN'
  | 'ETB'
  | 'EUR'
  | 'FJD'
  | 'FKP'
  | 'GBP'
  | 'GEL'
  | 'GHS'
  | 'GIP'
  | 'GMD'
  | 'GNF'
  | 'GTQ'
  | 'GYD'
  | 'HKD'
  | 'HNL'
  | 'HRK'
  | 'HTG'
  | 'HUF'
  | 'IDR'
  | 'ILS'
  | 'INR'
  | 'IQD'
  | 'IRR'
  | 'ISK'
  | 'JEP'
  | 'JMD'
  | 'JOD'
  | 'JPY'
  | 'KES'
  | 'KGS'
  | 'KHR'
  | 'KID'
  | 'KMF'
  | 'KRW'
  | 'KWD'
  | 'KYD'
  | 'KZT'
  | 'LAK'
  | 'LBP'
  | 'LKR'
  | 'LRD'
  | 'LSL'
  | 'LTL'
  | 'LVL'
  | 'LYD'
  | 'MAD'
  | 'MDL'
  | 'MGA'
  | 'MKD'
  | 'MMK'
  | 'MNT'
  | 'MOP'
  | 'MRU'
  | 'MUR'
  | 'MVR'
  | 'MWK'
  | 'MXN'
  | 'MYR'
  | 'MZN'
  | 'NAD'
  | 'NGN'
  | 'NIO'
  | 'NOK'
  | 'NPR'
  | 'NZD'
  | 'OMR'
  | 'PAB'
  | 'PEN'
  | 'PGK'
  | 'PHP'
  | 'PKR'
  | 'PLN'
  | 'PYG'
  | 'QAR'
  | 'RON'
  | 'RSD'
  | 'RUB'
  | 'RWF'
  | 'SAR'
  | 'SBD'
  | 'SCR'
  | 'SDG'
  | 'SEK'
  | 'SGD'
  | 'SHP'
  | 'SLL'
  | 'SOS'
  | 'SRD'
  | 'SSP'
  | 'STN'
  | 'SYP'
  | 'SZL'
  | 'THB'
  | 'TJS'
  | 'TMT'
  | 'TND'
  | 'TOP'
  | 'TRY'
  | 'TTD'
  | 'TWD'
  | 'TZS'
  | 'UAH'
  | 'UGX'
  | 'USD'
  | 'USDC'
  | 'UYU'
  | 'UZS'
  | 'VED'
  | 'VES'
  | 'VND'
  | 'VUV'
  | 'WST'
  | 'XAF'
  | 'XCD'
  | 'XOF'
  | 'XPF'
  | 'XXX'
  | 'YER'
  | 'ZAR'
  | 'ZMW';

/** A customer of the shop. */
export type Customer = {
  __typename?: 'Customer';
  /** The customer's default email address, with its marketing consent. */
  defaultEmailAddress: Maybe<CustomerEmailAddress>;
  /** The customer's default phone number, with its SMS marketing consent. */
  defaultPhoneNumber: Maybe<CustomerPhoneNumber>;
  id: Scalars['ID']['output'];
  /** The tags the merchant or apps added to the customer. */
  tags: Array<Scalars['String']['output']>;
};

export type CustomerConnection = {
  __typename?: 'CustomerConnection';
  nodes: Array<Customer>;
};

/** Return type for customerCreate. */
export type CustomerCreatePayload = {
  __typename?: 'CustomerCreatePayload';
  customer: Maybe<Customer>;
  userErrors: Array<UserError>;
};

/** A customer's email address with its marketing consent. */
export type CustomerEmailAddress = {
  __typename?: 'CustomerEmailAddress';
  emailAddress: Scalars['String']['output'];
  marketingOptInLevel: Maybe<CustomerMarketingOptInLevel>;
  marketingState: CustomerEmailAddressMarketingState;
  marketingUpdatedAt: Maybe<Scalars['DateTime']['output']>;
};

export type CustomerEmailAddressMarketingState =
  | 'INVALID'
  | 'NOT_SUBSCRIBED'
  | 'PENDING'
  | 'SUBSCRIBED'
  | 'UNSUBSCRIBED';

/** When and how a customer consented to receiving marketing material by email. */
export type CustomerEmailMarketingConsentInput = {
  consentUpdatedAt?: InputMaybe<Scalars['DateTime']['input']>;
  marketingOptInLevel?: InputMaybe<CustomerMarketingOptInLevel>;
  /** Accepted values: SUBSCRIBED, UNSUBSCRIBED and PENDING; the others are rejected as input. */
  marketingState: CustomerEmailMarketingState;
  sourceLocationId?: InputMaybe<Scalars['ID']['input']>;
};

export type CustomerEmailMarketingConsentUpdateInput = {
  customerId: Scalars['ID']['input'];
  emailMarketingConsent: CustomerEmailMarketingConsentInput;
};

/** Return type for customerEmailMarketingConsentUpdate. */
export type CustomerEmailMarketingConsentUpdatePayload = {
  __typename?: 'CustomerEmailMarketingConsentUpdatePayload';
  customer: Maybe<Customer>;
  userErrors: Array<CustomerEmailMarketingConsentUpdateUserError>;
};

export type CustomerEmailMarketingConsentUpdateUserError = {
  __typename?: 'CustomerEmailMarketingConsentUpdateUserError';
  code: Maybe<CustomerEmailMarketingConsentUpdateUserErrorCode>;
  field: Maybe<Array<Scalars['String']['output']>>;
  message: Scalars['String']['output'];
};

export type CustomerEmailMarketingConsentUpdateUserErrorCode =
  | 'INCLUSION'
  | 'INTERNAL_ERROR'
  | 'INVALID'
  | 'MISSING_ARGUMENT';

export type CustomerEmailMarketingState =
  | 'INVALID'
  | 'NOT_SUBSCRIBED'
  | 'PENDING'
  | 'REDACTED'
  | 'SUBSCRIBED'
  | 'UNSUBSCRIBED';

/** The input fields to create or update a customer. */
export type CustomerInput = {
  email?: InputMaybe<Scalars['String']['input']>;
  /** Only when creating: an existing customer's consent changes through customerEmailMarketingConsentUpdate. */
  emailMarketingConsent?: InputMaybe<CustomerEmailMarketingConsentInput>;
  firstName?: InputMaybe<Scalars['String']['input']>;
  id?: InputMaybe<Scalars['ID']['input']>;
  lastName?: InputMaybe<Scalars['String']['input']>;
  phone?: InputMaybe<Scalars['String']['input']>;
  /** Only when creating: an existing customer's consent changes through customerSmsMarketingConsentUpdate. */
  smsMarketingConsent?: InputMaybe<CustomerSmsMarketingConsentInput>;
  tags?: InputMaybe<Array<Scalars['String']['input']>>;
};

/** The M3AAWG opt-in level of a marketing consent. */
export type CustomerMarketingOptInLevel =
  | 'CONFIRMED_OPT_IN'
  | 'SINGLE_OPT_IN'
  | 'UNKNOWN';

/** A customer's phone number with its SMS marketing consent. */
export type CustomerPhoneNumber = {
  __typename?: 'CustomerPhoneNumber';
  marketingState: CustomerSmsMarketingState;
  phoneNumber: Scalars['String']['output'];
};

export type CustomerSmsMarketingConsentError = {
  __typename?: 'CustomerSmsMarketingConsentError';
  code: Maybe<CustomerSmsMarketingConsentErrorErrorCode>;
  field: Maybe<Array<Scalars['String']['output']>>;
  message: Scalars['String']['output'];
};

export type CustomerSmsMarketingConsentErrorErrorCode =
  | 'INCLUSION'
  | 'INTERNAL_ERROR'
  | 'INVALID'
  | 'MISSING_ARGUMENT';

/** When and how a customer consented to receiving marketing material by SMS. */
export type CustomerSmsMarketingConsentInput = {
  consentUpdatedAt?: InputMaybe<Scalars['DateTime']['input']>;
  marketingOptInLevel?: InputMaybe<CustomerMarketingOptInLevel>;
  marketingState: CustomerSmsMarketingState;
  sourceLocationId?: InputMaybe<Scalars['ID']['input']>;
};

export type CustomerSmsMarketingConsentUpdateInput = {
  customerId: Scalars['ID']['input'];
  smsMarketingConsent: CustomerSmsMarketingConsentInput;
};

/** Return type for customerSmsMarketingConsentUpdate. */
export type CustomerSmsMarketingConsentUpdatePayload = {
  __typename?: 'CustomerSmsMarketingConsentUpdatePayload';
  customer: Maybe<Customer>;
  userErrors: Array<CustomerSmsMarketingConsentError>;
};

export type CustomerSmsMarketingState =
  | 'NOT_SUBSCRIBED'
  | 'PENDING'
  | 'REDACTED'
  | 'SUBSCRIBED'
  | 'UNSUBSCRIBED';

/** Return type for customerUpdate. */
export type CustomerUpdatePayload = {
  __typename?: 'CustomerUpdatePayload';
  customer: Maybe<Customer>;
  userErrors: Array<UserError>;
};

/** An amount off. */
export type DiscountAmount = {
  __typename?: 'DiscountAmount';
  amount: MoneyV2;
  appliesOnEachItem: Scalars['Boolean']['output'];
};

/** The input fields for a fixed amount off a discount. */
export type DiscountAmountInput = {
  amount?: InputMaybe<Scalars['Decimal']['input']>;
  appliesOnEachItem?: InputMaybe<Scalars['Boolean']['input']>;
};

/** Which buyers can use a discount: all of them. */
export type DiscountBuyerSelection =
  | 'ALL';

/** A code discount of any kind (the subset holds the basic one). */
export type DiscountCode = DiscountCodeBasic;

/** An amount or percentage off, for buyers who enter one of its codes. */
export type DiscountCodeBasic = {
  __typename?: 'DiscountCodeBasic';
  customerGets: DiscountCustomerGets;
  status: DiscountStatus;
  title: Scalars['String']['output'];
};

/** Return type of discountCodeBasicCreate. */
export type DiscountCodeBasicCreatePayload = {
  __typename?: 'DiscountCodeBasicCreatePayload';
  codeDiscountNode: Maybe<DiscountCodeNode>;
  userErrors: Array<DiscountUserError>;
};

/** The input fields for an amount off discount that applies when a customer enters a code. */
export type DiscountCodeBasicInput = {
  appliesOncePerCustomer?: InputMaybe<Scalars['Boolean']['input']>;
  code?: InputMaybe<Scalars['String']['input']>;
  context?: InputMaybe<DiscountContextInput>;
  customerGets?: InputMaybe<DiscountCustomerGetsInput>;
  endsAt?: InputMaybe<Scalars['DateTime']['input']>;
  minimumRequirement?: InputMaybe<DiscountMinimumRequirementInput>;
  startsAt?: InputMaybe<Scalars['DateTime']['input']>;
  title?: InputMaybe<Scalars['String']['input']>;
  usageLimit?: InputMaybe<Scalars['Int']['input']>;
};

/** A code discount. */
export type DiscountCodeNode = {
  __typename?: 'DiscountCodeNode';
  /** The discount itself: a basic, free-shipping, buy-X-get-Y or app discount. */
  codeDiscount: DiscountCode;
  id: Scalars['ID']['output'];
};

/** The input fields for the buyers who can use a discount. */
export type DiscountContextInput = {
  all?: InputMaybe<DiscountBuyerSelection>;
};

/** What the buyer gets from a discount. */
export type DiscountCustomerGets = {
  __typename?: 'DiscountCustomerGets';
  value: DiscountCustomerGetsValue;
};

/** The input fields for what a discount takes off and from which items. */
export type DiscountCustomerGetsInput = {
  items?: InputMaybe<DiscountItemsInput>;
  value?: InputMaybe<DiscountCustomerGetsValueInput>;
};

/** The value of a discount: an amount or a percentage off. */
export type DiscountCustomerGetsValue = DiscountAmount | DiscountPercentage;

/** The input fields for a discount's value: a percentage (0.0 to 1.0) or an amount. */
export type DiscountCustomerGetsValueInput = {
  discountAmount?: InputMaybe<DiscountAmountInput>;
  percentage?: InputMaybe<Scalars['Float']['input']>;
};

/** The input fields for the items a discount applies to. */
export type DiscountItemsInput = {
  all?: InputMaybe<Scalars['Boolean']['input']>;
};

/** The input fields for the minimum a cart must reach for a discount to apply. */
export type DiscountMinimumRequirementInput = {
  subtotal?: InputMaybe<DiscountMinimumSubtotalInput>;
};

/** The input fields for a minimum subtotal. */
export type DiscountMinimumSubtotalInput = {
  greaterThanOrEqualToSubtotal?: InputMaybe<Scalars['Decimal']['input']>;
};

/** A percentage off, as a fraction (0.15 is 15 %). */
export type DiscountPercentage = {
  __typename?: 'DiscountPercentage';
  percentage: Scalars['Float']['output'];
};

/** Return type of discountRedeemCodeBulkAdd. */
export type DiscountRedeemCodeBulkAddPayload = {
  __typename?: 'DiscountRedeemCodeBulkAddPayload';
  bulkCreation: Maybe<DiscountRedeemCodeBulkCreation>;
  userErrors: Array<DiscountUserError>;
};

/** An asynchronous creation of redeem codes for a code discount. */
export type DiscountRedeemCodeBulkCreation = {
  __typename?: 'DiscountRedeemCodeBulkCreation';
  codes: DiscountRedeemCodeBulkCreationCodeConnection;
  codesCount: Scalars['Int']['output'];
  done: Scalars['Boolean']['output'];
  failedCount: Scalars['Int']['output'];
  id: Scalars['ID']['output'];
  importedCount: Scalars['Int']['output'];
};


/** An asynchronous creation of redeem codes for a code discount. */
export type DiscountRedeemCodeBulkCreationCodesArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
};

/** One code of a bulk creation, with the errors that kept it from being made. */
export type DiscountRedeemCodeBulkCreationCode = {
  __typename?: 'DiscountRedeemCodeBulkCreationCode';
  code: Scalars['String']['output'];
  errors: Array<DiscountUserError>;
};

/** The codes of a bulk creation. */
export type DiscountRedeemCodeBulkCreationCodeConnection = {
  __typename?: 'DiscountRedeemCodeBulkCreationCodeConnection';
  nodes: Array<DiscountRedeemCodeBulkCreationCode>;
  pageInfo: PageInfo;
};

/** The input fields for one redeem code. */
export type DiscountRedeemCodeInput = {
  code: Scalars['String']['input'];
};

/** Whether a discount can be used now. */
export type DiscountStatus =
  | 'ACTIVE'
  | 'EXPIRED'
  | 'SCHEDULED';

/** An error in the input of a discount mutation. */
export type DiscountUserError = {
  __typename?: 'DiscountUserError';
  field: Maybe<Array<Scalars['String']['output']>>;
  message: Scalars['String']['output'];
};

/** A domain of the shop. */
export type Domain = {
  __typename?: 'Domain';
  /** The URL of the domain (for example, https://example.com). */
  url: Scalars['URL']['output'];
};

/** An error from a web pixel mutation. */
export type ErrorsWebPixelUserError = {
  __typename?: 'ErrorsWebPixelUserError';
  /** The path to the input field that caused the error. */
  field: Maybe<Array<Scalars['String']['output']>>;
  message: Scalars['String']['output'];
};

/** A video hosted outside of Shopify. */
export type ExternalVideo = Media & {
  __typename?: 'ExternalVideo';
  preview: Maybe<MediaPreviewImage>;
};

/** An image resource. */
export type Image = {
  __typename?: 'Image';
  altText: Maybe<Scalars['String']['output']>;
  url: Scalars['URL']['output'];
};

/** A media item: an image, a video or a 3D model. */
export type Media = {
  /** The preview image for the media. */
  preview: Maybe<MediaPreviewImage>;
};

/** An image hosted on Shopify. */
export type MediaImage = Media & {
  __typename?: 'MediaImage';
  preview: Maybe<MediaPreviewImage>;
};

/** The preview image of a media item. */
export type MediaPreviewImage = {
  __typename?: 'MediaPreviewImage';
  /** The preview image; null until it is processed. */
  image: Maybe<Image>;
};

/** A 3D model. */
export type Model3d = Media & {
  __typename?: 'Model3d';
  preview: Maybe<MediaPreviewImage>;
};

/** A monetary value with its currency. */
export type MoneyV2 = {
  __typename?: 'MoneyV2';
  amount: Scalars['Decimal']['output'];
  currencyCode: CurrencyCode;
};

/** The schema's entry point for mutations. */
export type Mutation = {
  __typename?: 'Mutation';
  /** Creates a customer; email marketing consent needs an email, SMS consent a phone. Requires write_customers. */
  customerCreate: Maybe<CustomerCreatePayload>;
  /** Updates a customer's email marketing consent (SUBSCRIBED, UNSUBSCRIBED or PENDING). Requires write_customers. */
  customerEmailMarketingConsentUpdate: Maybe<CustomerEmailMarketingConsentUpdatePayload>;
  /** Updates a customer's SMS marketing consent. Requires write_customers. */
  customerSmsMarketingConsentUpdate: Maybe<CustomerSmsMarketingConsentUpdatePayload>;
  /** Updates a customer's attributes (not its marketing consents, which have their own mutations). Requires write_customers. */
  customerUpdate: Maybe<CustomerUpdatePayload>;
  /** Creates an amount off discount that applies when a customer enters a code. Requires write_discounts. */
  discountCodeBasicCreate: Maybe<DiscountCodeBasicCreatePayload>;
  /** Adds up to 250 redeem codes to a code discount, asynchronously: follow discountRedeemCodeBulkCreation. Requires write_discounts. */
  discountRedeemCodeBulkAdd: Maybe<DiscountRedeemCodeBulkAddPayload>;
  /** Adds tags to a resource (a customer, among others), keeping the tags it has. */
  tagsAdd: Maybe<TagsAddPayload>;
  /** Creates the app's web pixel in the shop with the given settings. */
  webPixelCreate: Maybe<WebPixelCreatePayload>;
  /** Updates the settings of the app's web pixel. */
  webPixelUpdate: Maybe<WebPixelUpdatePayload>;
};


/** The schema's entry point for mutations. */
export type MutationCustomerCreateArgs = {
  input: CustomerInput;
};


/** The schema's entry point for mutations. */
export type MutationCustomerEmailMarketingConsentUpdateArgs = {
  input: CustomerEmailMarketingConsentUpdateInput;
};


/** The schema's entry point for mutations. */
export type MutationCustomerSmsMarketingConsentUpdateArgs = {
  input: CustomerSmsMarketingConsentUpdateInput;
};


/** The schema's entry point for mutations. */
export type MutationCustomerUpdateArgs = {
  input: CustomerInput;
};


/** The schema's entry point for mutations. */
export type MutationDiscountCodeBasicCreateArgs = {
  basicCodeDiscount: DiscountCodeBasicInput;
};


/** The schema's entry point for mutations. */
export type MutationDiscountRedeemCodeBulkAddArgs = {
  codes: Array<DiscountRedeemCodeInput>;
  discountId: Scalars['ID']['input'];
};


/** The schema's entry point for mutations. */
export type MutationTagsAddArgs = {
  id: Scalars['ID']['input'];
  tags: Array<Scalars['String']['input']>;
};


/** The schema's entry point for mutations. */
export type MutationWebPixelCreateArgs = {
  webPixel: WebPixelInput;
};


/** The schema's entry point for mutations. */
export type MutationWebPixelUpdateArgs = {
  id: Scalars['ID']['input'];
  webPixel: WebPixelInput;
};

/** A theme of the online store. */
export type OnlineStoreTheme = {
  __typename?: 'OnlineStoreTheme';
  /** The theme's files; at most 50 filenames, `*` matching any characters. */
  files: Maybe<OnlineStoreThemeFileConnection>;
  id: Scalars['ID']['output'];
  name: Scalars['String']['output'];
};


/** A theme of the online store. */
export type OnlineStoreThemeFilesArgs = {
  filenames?: InputMaybe<Array<Scalars['String']['input']>>;
  first?: InputMaybe<Scalars['Int']['input']>;
};

/** A page of themes. */
export type OnlineStoreThemeConnection = {
  __typename?: 'OnlineStoreThemeConnection';
  nodes: Array<OnlineStoreTheme>;
};

/** A file of a theme. */
export type OnlineStoreThemeFile = {
  __typename?: 'OnlineStoreThemeFile';
  body: OnlineStoreThemeFileBody;
  filename: Scalars['String']['output'];
};

/** The body of a theme file. */
export type OnlineStoreThemeFileBody = OnlineStoreThemeFileBodyBase64 | OnlineStoreThemeFileBodyText | OnlineStoreThemeFileBodyUrl;

/** The base64 encoded body of a theme file. */
export type OnlineStoreThemeFileBodyBase64 = {
  __typename?: 'OnlineStoreThemeFileBodyBase64';
  contentBase64: Scalars['String']['output'];
};

/** The text body of a theme file. */
export type OnlineStoreThemeFileBodyText = {
  __typename?: 'OnlineStoreThemeFileBodyText';
  content: Scalars['String']['output'];
};

/** A short-lived URL of the body of a theme file. */
export type OnlineStoreThemeFileBodyUrl = {
  __typename?: 'OnlineStoreThemeFileBodyUrl';
  url: Scalars['URL']['output'];
};

/** A page of theme files. */
export type OnlineStoreThemeFileConnection = {
  __typename?: 'OnlineStoreThemeFileConnection';
  nodes: Array<OnlineStoreThemeFile>;
};

/** Pagination information of a connection. */
export type PageInfo = {
  __typename?: 'PageInfo';
  endCursor: Maybe<Scalars['String']['output']>;
  hasNextPage: Scalars['Boolean']['output'];
};

/** A product of the shop. */
export type Product = {
  __typename?: 'Product';
  featuredMedia: Maybe<ExternalVideo | MediaImage | Model3d | Video>;
  handle: Scalars['String']['output'];
  id: Scalars['ID']['output'];
  priceRangeV2: ProductPriceRangeV2;
  status: ProductStatus;
  title: Scalars['String']['output'];
  variants: ProductVariantConnection;
  variantsCount: Maybe<Count>;
};


/** A product of the shop. */
export type ProductVariantsArgs = {
  first?: InputMaybe<Scalars['Int']['input']>;
};

/** A page of products. */
export type ProductConnection = {
  __typename?: 'ProductConnection';
  nodes: Array<Product>;
  pageInfo: PageInfo;
};

/** The lowest and highest variant prices of a product. */
export type ProductPriceRangeV2 = {
  __typename?: 'ProductPriceRangeV2';
  maxVariantPrice: MoneyV2;
  minVariantPrice: MoneyV2;
};

/** The keys the products query can sort by. */
export type ProductSortKeys =
  | 'CREATED_AT'
  | 'ID'
  | 'INVENTORY_TOTAL'
  | 'PRODUCT_TYPE'
  | 'PUBLISHED_AT'
  | 'RELEVANCE'
  | 'TITLE'
  | 'UPDATED_AT'
  | 'VENDOR';

/** The status of a product. */
export type ProductStatus =
  | 'ACTIVE'
  | 'ARCHIVED'
  | 'DRAFT'
  | 'UNLISTED';

/** A version of a product, such as a size or a color. */
export type ProductVariant = {
  __typename?: 'ProductVariant';
  availableForSale: Scalars['Boolean']['output'];
  id: Scalars['ID']['output'];
  image: Maybe<Image>;
  price: Scalars['Money']['output'];
  title: Scalars['String']['output'];
};

/** A page of product variants. */
export type ProductVariantConnection = {
  __typename?: 'ProductVariantConnection';
  nodes: Array<ProductVariant>;
};

/** The schema's entry point for queries. */
export type QueryRoot = {
  __typename?: 'QueryRoot';
  /**
   * The app making the request (no id), with its access scopes: the query
   * shopify-app-remix's scopes.request runs before it asks the merchant for an
   * optional scope.
   */
  app: Maybe<App>;
  /** The code discount that holds a code (any of its redeem codes), or null when the shop has no such code. Requires read_discounts. */
  codeDiscountNodeByCode: Maybe<DiscountCodeNode>;
  /** A paginated list of collections. */
  collections: CollectionConnection;
  /** A paginated list of customers, filtered by a search query ("email:…", "phone:…"). Requires read_customers. */
  customers: CustomerConnection;
  /** A bulk creation of redeem codes (discountRedeemCodeBulkAdd), to follow until it is done. Requires read_discounts. */
  discountRedeemCodeBulkCreation: Maybe<DiscountRedeemCodeBulkCreation>;
  /** A paginated list of products. */
  products: ProductConnection;
  /** The shop the app is installed on. */
  shop: Shop;
  /** A paginated list of the online store's themes. */
  themes: Maybe<OnlineStoreThemeConnection>;
  /** The app's web pixel. Null, with an error, while the app has none in the shop. */
  webPixel: Maybe<WebPixel>;
};


/** The schema's entry point for queries. */
export type QueryRootAppArgs = {
  id?: InputMaybe<Scalars['ID']['input']>;
};


/** The schema's entry point for queries. */
export type QueryRootCodeDiscountNodeByCodeArgs = {
  code: Scalars['String']['input'];
};


/** The schema's entry point for queries. */
export type QueryRootCollectionsArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
  query?: InputMaybe<Scalars['String']['input']>;
  sortKey?: InputMaybe<CollectionSortKeys>;
};


/** The schema's entry point for queries. */
export type QueryRootCustomersArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
  query?: InputMaybe<Scalars['String']['input']>;
};


/** The schema's entry point for queries. */
export type QueryRootDiscountRedeemCodeBulkCreationArgs = {
  id: Scalars['ID']['input'];
};


/** The schema's entry point for queries. */
export type QueryRootProductsArgs = {
  after?: InputMaybe<Scalars['String']['input']>;
  first?: InputMaybe<Scalars['Int']['input']>;
  query?: InputMaybe<Scalars['String']['input']>;
  sortKey?: InputMaybe<ProductSortKeys>;
};


/** The schema's entry point for queries. */
export type QueryRootThemesArgs = {
  first?: InputMaybe<Scalars['Int']['input']>;
  roles?: InputMaybe<Array<ThemeRole>>;
};

/** The shop's settings and information. */
export type Shop = {
  __typename?: 'Shop';
  billingAddress: ShopAddress;
  currencyCode: CurrencyCode;
  name: Scalars['String']['output'];
  primaryDomain: Domain;
};

/** An address of the shop. */
export type ShopAddress = {
  __typename?: 'ShopAddress';
  countryCodeV2: Maybe<CountryCode>;
};

/** Return type for tagsAdd. */
export type TagsAddPayload = {
  __typename?: 'TagsAddPayload';
  userErrors: Array<UserError>;
};

/** The role of a theme. */
export type ThemeRole =
  | 'ARCHIVED'
  | 'DEMO'
  | 'DEVELOPMENT'
  | 'LOCKED'
  | 'MAIN'
  | 'UNPUBLISHED';

/** An error in the input of a mutation. */
export type UserError = {
  __typename?: 'UserError';
  /** The path to the input field that caused the error. */
  field: Maybe<Array<Scalars['String']['output']>>;
  message: Scalars['String']['output'];
};

/** A video hosted on Shopify. */
export type Video = Media & {
  __typename?: 'Video';
  preview: Maybe<MediaPreviewImage>;
};

/** The app's web pixel in a shop. */
export type WebPixel = {
  __typename?: 'WebPixel';
  id: Scalars['ID']['output'];
  /** The settings object, as the extension's shopify.extension.toml defines it. */
  settings: Scalars['JSON']['output'];
};

/** The result of webPixelCreate. */
export type WebPixelCreatePayload = {
  __typename?: 'WebPixelCreatePayload';
  userErrors: Array<ErrorsWebPixelUserError>;
  webPixel: Maybe<WebPixel>;
};

/** The settings of a web pixel to create or update. */
export type WebPixelInput = {
  settings: Scalars['JSON']['input'];
};

/** The result of webPixelUpdate. */
export type WebPixelUpdatePayload = {
  __typename?: 'WebPixelUpdatePayload';
  userErrors: Array<ErrorsWebPixelUserError>;
  webPixel: Maybe<WebPixel>;
};

export type BeckonDiscountCodeBasicCreateMutationVariables = Exact<{
  basicCodeDiscount: DiscountCodeBasicInput;
}>;


export type BeckonDiscountCodeBasicCreateMutation = { discountCodeBasicCreate: Maybe<{ codeDiscountNode: Maybe<Pick<DiscountCodeNode, 'id'>>, userErrors: Array<Pick<DiscountUserError, 'field' | 'message'>> }> };

export type BeckonDiscountRedeemCodeBulkAddMutationVariables = Exact<{
  discountId: Scalars['ID']['input'];
  codes: Array<DiscountRedeemCodeInput> | DiscountRedeemCodeInput;
}>;


export type BeckonDiscountRedeemCodeBulkAddMutation = { discountRedeemCodeBulkAdd: Maybe<{ bulkCreation: Maybe<Pick<DiscountRedeemCodeBulkCreation, 'id'>>, userErrors: Array<Pick<DiscountUserError, 'field' | 'message'>> }> };

export type BeckonDiscountRedeemCodeBulkCreationQueryVariables = Exact<{
  id: Scalars['ID']['input'];
  after?: InputMaybe<Scalars['String']['input']>;
}>;


export type BeckonDiscountRedeemCodeBulkCreationQuery = { discountRedeemCodeBulkCreation: Maybe<(
    Pick<DiscountRedeemCodeBulkCreation, 'done' | 'codesCount' | 'importedCount' | 'failedCount'>
    & { codes: { nodes: Array<(
        Pick<DiscountRedeemCodeBulkCreationCode, 'code'>
        & { errors: Array<Pick<DiscountUserError, 'message'>> }
      )>, pageInfo: Pick<PageInfo, 'hasNextPage' | 'endCursor'> } }
  )> };

export type BeckonProductSearchQueryVariables = Exact<{
  first: Scalars['Int']['input'];
  after?: InputMaybe<Scalars['String']['input']>;
  query?: InputMaybe<Scalars['String']['input']>;
  sortKey?: InputMaybe<ProductSortKeys>;
}>;


export type BeckonProductSearchQuery = { products: { pageInfo: Pick<PageInfo, 'hasNextPage' | 'endCursor'>, nodes: Array<(
      Pick<Product, 'id' | 'title' | 'handle' | 'status'>
      & { featuredMedia: Maybe<{ preview: Maybe<{ image: Maybe<Pick<Image, 'url' | 'altText'>> }> }>, priceRangeV2: { minVariantPrice: Pick<MoneyV2, 'amount' | 'currencyCode'>, maxVariantPrice: Pick<MoneyV2, 'amount' | 'currencyCode'> }, variantsCount: Maybe<Pick<Count, 'count'>>, variants: { nodes: Array<(
          Pick<ProductVariant, 'id' | 'title' | 'price' | 'availableForSale'>
          & { image: Maybe<Pick<Image, 'url' | 'altText'>> }
        )> } }
    )> } };

export type BeckonCollectionSearchQueryVariables = Exact<{
  first: Scalars['Int']['input'];
  after?: InputMaybe<Scalars['String']['input']>;
  query?: InputMaybe<Scalars['String']['input']>;
  sortKey?: InputMaybe<CollectionSortKeys>;
}>;


export type BeckonCollectionSearchQuery = { collections: { pageInfo: Pick<PageInfo, 'hasNextPage' | 'endCursor'>, nodes: Array<(
      Pick<Collection, 'id' | 'handle' | 'title'>
      & { image: Maybe<Pick<Image, 'url' | 'altText'>>, productsCount: Maybe<Pick<Count, 'count'>> }
    )> } };

export type BeckonShopDetailsQueryVariables = Exact<{ [key: string]: never; }>;


export type BeckonShopDetailsQuery = { shop: (
    Pick<Shop, 'name' | 'currencyCode'>
    & { primaryDomain: Pick<Domain, 'url'>, billingAddress: Pick<ShopAddress, 'countryCodeV2'> }
  ) };

export type BeckonCustomerLookupQueryVariables = Exact<{
  query: Scalars['String']['input'];
}>;


export type BeckonCustomerLookupQuery = { customers: { nodes: Array<(
      Pick<Customer, 'id' | 'tags'>
      & { defaultEmailAddress: Maybe<Pick<CustomerEmailAddress, 'emailAddress' | 'marketingState' | 'marketingOptInLevel'>>, defaultPhoneNumber: Maybe<Pick<CustomerPhoneNumber, 'phoneNumber' | 'marketingState'>> }
    )> } };

export type BeckonCustomerCreateMutationVariables = Exact<{
  input: CustomerInput;
}>;


export type BeckonCustomerCreateMutation = { customerCreate: Maybe<{ customer: Maybe<Pick<Customer, 'id'>>, userErrors: Array<Pick<UserError, 'field' | 'message'>> }> };

export type BeckonCustomerUpdateMutationVariables = Exact<{
  input: CustomerInput;
}>;


export type BeckonCustomerUpdateMutation = { customerUpdate: Maybe<{ customer: Maybe<Pick<Customer, 'id'>>, userErrors: Array<Pick<UserError, 'field' | 'message'>> }> };

export type BeckonCustomerTagsAddMutationVariables = Exact<{
  id: Scalars['ID']['input'];
  tags: Array<Scalars['String']['input']> | Scalars['String']['input'];
}>;


export type BeckonCustomerTagsAddMutation = { tagsAdd: Maybe<{ userErrors: Array<Pick<UserError, 'field' | 'message'>> }> };

export type BeckonCustomerEmailConsentUpdateMutationVariables = Exact<{
  input: CustomerEmailMarketingConsentUpdateInput;
}>;


export type BeckonCustomerEmailConsentUpdateMutation = { customerEmailMarketingConsentUpdate: Maybe<{ userErrors: Array<Pick<CustomerEmailMarketingConsentUpdateUserError, 'field' | 'message' | 'code'>> }> };

export type BeckonCustomerSmsConsentUpdateMutationVariables = Exact<{
  input: CustomerSmsMarketingConsentUpdateInput;
}>;


export type BeckonCustomerSmsConsentUpdateMutation = { customerSmsMarketingConsentUpdate: Maybe<{ userErrors: Array<Pick<CustomerSmsMarketingConsentError, 'field' | 'message' | 'code'>> }> };

export type BeckonMainThemeSettingsQueryVariables = Exact<{ [key: string]: never; }>;


export type BeckonMainThemeSettingsQuery = { themes: Maybe<{ nodes: Array<(
      Pick<OnlineStoreTheme, 'id' | 'name'>
      & { files: Maybe<{ nodes: Array<(
          Pick<OnlineStoreThemeFile, 'filename'>
          & { body: Pick<OnlineStoreThemeFileBodyBase64, 'contentBase64'> | Pick<OnlineStoreThemeFileBodyText, 'content'> }
        )> }> }
    )> }> };

export type BeckonWebPixelQueryVariables = Exact<{ [key: string]: never; }>;


export type BeckonWebPixelQuery = { webPixel: Maybe<Pick<WebPixel, 'id' | 'settings'>> };

export type BeckonWebPixelCreateMutationVariables = Exact<{
  webPixel: WebPixelInput;
}>;


export type BeckonWebPixelCreateMutation = { webPixelCreate: Maybe<{ userErrors: Array<Pick<ErrorsWebPixelUserError, 'field' | 'message'>>, webPixel: Maybe<Pick<WebPixel, 'id' | 'settings'>> }> };

export type BeckonWebPixelUpdateMutationVariables = Exact<{
  id: Scalars['ID']['input'];
  webPixel: WebPixelInput;
}>;


export type BeckonWebPixelUpdateMutation = { webPixelUpdate: Maybe<{ userErrors: Array<Pick<ErrorsWebPixelUserError, 'field' | 'message'>>, webPixel: Maybe<Pick<WebPixel, 'id' | 'settings'>> }> };

interface GeneratedQueryTypes {
  "#graphql\n  query BeckonDiscountRedeemCodeBulkCreation($id: ID!, $after: String) {\n    discountRedeemCodeBulkCreation(id: $id) {\n      done\n      codesCount\n      importedCount\n      failedCount\n      codes(first: 250, after: $after) {\n        nodes { code errors { message } }\n        pageInfo { hasNextPage endCursor }\n      }\n    }\n  }": {return: BeckonDiscountRedeemCodeBulkCreationQuery, variables: BeckonDiscountRedeemCodeBulkCreationQueryVariables},
  "#graphql\n  query BeckonProductSearch($first: Int!, $after: String, $query: String, $sortKey: ProductSortKeys) {\n    products(first: $first, after: $after, query: $query, sortKey: $sortKey) {\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n      nodes {\n        id\n        title\n        handle\n        status\n        featuredMedia {\n          preview {\n            image {\n              url\n              altText\n            }\n          }\n        }\n        priceRangeV2 {\n          minVariantPrice {\n            amount\n            currencyCode\n          }\n          maxVariantPrice {\n            amount\n            currencyCode\n          }\n        }\n        variantsCount {\n          count\n        }\n        variants(first: 25) {\n          nodes {\n            id\n            title\n            price\n            availableForSale\n            image {\n              url\n              altText\n            }\n          }\n        }\n      }\n    }\n  }": {return: BeckonProductSearchQuery, variables: BeckonProductSearchQueryVariables},
  "#graphql\n  query BeckonCollectionSearch($first: Int!, $after: String, $query: String, $sortKey: CollectionSortKeys) {\n    collections(first: $first, after: $after, query: $query, sortKey: $sortKey) {\n      pageInfo {\n        hasNextPage\n        endCursor\n      }\n      nodes {\n        id\n        handle\n        title\n        image {\n          url\n          altText\n        }\n        productsCount {\n          count\n        }\n      }\n    }\n  }": {return: BeckonCollectionSearchQuery, variables: BeckonCollectionSearchQueryVariables},
  "#graphql\n  query BeckonShopDetails {\n    shop { name currencyCode primaryDomain { url } billingAddress { countryCodeV2 } }\n  }": {return: BeckonShopDetailsQuery, variables: BeckonShopDetailsQueryVariables},
  "#graphql\n  query BeckonCustomerLookup($query: String!) {\n    customers(first: 1, query: $query) {\n      nodes {\n        id\n        tags\n        defaultEmailAddress { emailAddress marketingState marketingOptInLevel }\n        defaultPhoneNumber { phoneNumber marketingState }\n      }\n    }\n  }": {return: BeckonCustomerLookupQuery, variables: BeckonCustomerLookupQueryVariables},
  "#graphql\n  query BeckonMainThemeSettings {\n    themes(first: 1, roles: [MAIN]) {\n      nodes {\n        id\n        name\n        files(filenames: [\"config/settings_data.json\"], first: 1) {\n          nodes {\n            filename\n            body {\n              ... on OnlineStoreThemeFileBodyText { content }\n              ... on OnlineStoreThemeFileBodyBase64 { contentBase64 }\n            }\n          }\n        }\n      }\n    }\n  }": {return: BeckonMainThemeSettingsQuery, variables: BeckonMainThemeSettingsQueryVariables},
  "#graphql\n  query BeckonWebPixel { webPixel { id settings } }": {return: BeckonWebPixelQuery, variables: BeckonWebPixelQueryVariables},
}

interface GeneratedMutationTypes {
  "#graphql\n  mutation BeckonDiscountCodeBasicCreate($basicCodeDiscount: DiscountCodeBasicInput!) {\n    discountCodeBasicCreate(basicCodeDiscount: $basicCodeDiscount) {\n      codeDiscountNode { id }\n      userErrors { field message }\n    }\n  }": {return: BeckonDiscountCodeBasicCreateMutation, variables: BeckonDiscountCodeBasicCreateMutationVariables},
  "#graphql\n  mutation BeckonDiscountRedeemCodeBulkAdd($discountId: ID!, $codes: [DiscountRedeemCodeInput!]!) {\n    discountRedeemCodeBulkAdd(discountId: $discountId, codes: $codes) {\n      bulkCreation { id }\n      userErrors { field message }\n    }\n  }": {return: BeckonDiscountRedeemCodeBulkAddMutation, variables: BeckonDiscountRedeemCodeBulkAddMutationVariables},
  "#graphql\n  mutation BeckonCustomerCreate($input: CustomerInput!) {\n    customerCreate(input: $input) { customer { id } userErrors { field message } }\n  }": {return: BeckonCustomerCreateMutation, variables: BeckonCustomerCreateMutationVariables},
  "#graphql\n  mutation BeckonCustomerUpdate($input: CustomerInput!) {\n    customerUpdate(input: $input) { customer { id } userErrors { field message } }\n  }": {return: BeckonCustomerUpdateMutation, variables: BeckonCustomerUpdateMutationVariables},
  "#graphql\n  mutation BeckonCustomerTagsAdd($id: ID!, $tags: [String!]!) {\n    tagsAdd(id: $id, tags: $tags) { userErrors { field message } }\n  }": {return: BeckonCustomerTagsAddMutation, variables: BeckonCustomerTagsAddMutationVariables},
  "#graphql\n  mutation BeckonCustomerEmailConsentUpdate($input: CustomerEmailMarketingConsentUpdateInput!) {\n    customerEmailMarketingConsentUpdate(input: $input) { userErrors { field message code } }\n  }": {return: BeckonCustomerEmailConsentUpdateMutation, variables: BeckonCustomerEmailConsentUpdateMutationVariables},
  "#graphql\n  mutation BeckonCustomerSmsConsentUpdate($input: CustomerSmsMarketingConsentUpdateInput!) {\n    customerSmsMarketingConsentUpdate(input: $input) { userErrors { field message code } }\n  }": {return: BeckonCustomerSmsConsentUpdateMutation, variables: BeckonCustomerSmsConsentUpdateMutationVariables},
  "#graphql\n  mutation BeckonWebPixelCreate($webPixel: WebPixelInput!) {\n    webPixelCreate(webPixel: $webPixel) { userErrors { field message } webPixel { id settings } }\n  }": {return: BeckonWebPixelCreateMutation, variables: BeckonWebPixelCreateMutationVariables},
  "#graphql\n  mutation BeckonWebPixelUpdate($id: ID!, $webPixel: WebPixelInput!) {\n    webPixelUpdate(id: $id, webPixel: $webPixel) { userErrors { field message } webPixel { id settings } }\n  }": {return: BeckonWebPixelUpdateMutation, variables: BeckonWebPixelUpdateMutationVariables},
}
export interface AdminQueries extends GeneratedQueryTypes {}
export interface AdminMutations extends GeneratedMutationTypes {}
export type AdminOperations = AdminQueries & AdminMutations;

