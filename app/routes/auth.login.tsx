/**
 * /auth/login: the shop-domain form that starts a Shopify install outside the
 * Shopify admin (as in Shopify's Remix template). While install is off it says
 * so, with a 503.
 */
import { useState } from "react";
import {
  data,
  type ActionFunctionArgs,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { AppProvider, Banner, Button, Card, FormLayout, Page, Text, TextField } from "@shopify/polaris";
import polarisEn from "@shopify/polaris/locales/en.json";
import polarisSv from "@shopify/polaris/locales/sv.json";
import polarisStyles from "@shopify/polaris/build/esm/styles.css?url";
import { LoginErrorType, type LoginError } from "@shopify/shopify-app-remix/server";
import { login, shopifyEnabled, shopifyOffReason } from "#app/shopify.server";
import { adminLanguage, translator, type AdminKey } from "#app/i18n";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: polarisStyles }];

export const meta: MetaFunction<typeof loader> = ({ data: page }) => [
  { title: translator(page?.lang ?? "en")("shopifyLogin.title") },
];

/** The catalogue key of what is wrong with the shop domain, or null. */
function shopError(errors: LoginError): AdminKey | null {
  if (errors.shop === LoginErrorType.MissingShop) return "shopifyLogin.missingShop";
  if (errors.shop === LoginErrorType.InvalidShop) return "shopifyLogin.invalidShop";
  return null;
}

/** The page's data: in the language of the merchant's browser, as the rest of the admin. */
async function loginPage(request: Request) {
  const lang = adminLanguage(request);
  if (!shopifyEnabled) return data({ lang, off: shopifyOffReason, error: null }, { status: 503 });
  return data({ lang, off: null, error: shopError(await login(request)) });
}

export const loader = ({ request }: LoaderFunctionArgs) => loginPage(request);
export const action = ({ request }: ActionFunctionArgs) => loginPage(request);

export default function ShopifyLogin() {
  const loaderData = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [shop, setShop] = useState("");
  const off = actionData?.off ?? loaderData.off;
  const error = actionData?.error ?? loaderData.error;
  const lang = loaderData.lang;
  const translate = translator(lang);

  return (
    <AppProvider i18n={lang === "sv" ? polarisSv : polarisEn}>
      <Page narrowWidth>
        <Card>
          {off ? (
            <Banner tone="warning" title={translate("shopifyLogin.off")}>
              <p>{off}</p>
            </Banner>
          ) : (
            <Form method="post">
              <FormLayout>
                <Text variant="headingMd" as="h2">
                  {translate("shopifyLogin.heading")}
                </Text>
                <TextField
                  type="text"
                  name="shop"
                  label={translate("shopifyLogin.shopDomain")}
                  helpText="example.myshopify.com"
                  value={shop}
                  onChange={setShop}
                  autoComplete="on"
                  error={error ? translate(error) : undefined}
                />
                <Button submit>{translate("shopifyLogin.submit")}</Button>
              </FormLayout>
            </Form>
          )}
        </Card>
      </Page>
    </AppProvider>
  );
}
