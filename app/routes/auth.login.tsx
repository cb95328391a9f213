/**
 * /auth/login: the shop-domain form that starts a Shopify install outside the
 * Shopify admin (as in Shopify's Remix template). While install is off it says
 * so, with a 503.
 */
import { useState } from "react";
import { data, type ActionFunctionArgs, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { AppProvider, Banner, Button, Card, FormLayout, Page, Text, TextField } from "@shopify/polaris";
import en from "@shopify/polaris/locales/en.json";
import polarisStyles from "@shopify/polaris/build/esm/styles.css?url";
import { LoginErrorType, type LoginError } from "@shopify/shopify-app-remix/server";
import { login, shopifyEnabled, shopifyOffReason } from "~/shopify.server";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: polarisStyles }];

export const meta: MetaFunction = () => [{ title: "Install Beckon on Shopify" }];

function shopError(errors: LoginError): string | null {
  if (errors.shop === LoginErrorType.MissingShop) return "Please enter your shop domain to log in";
  if (errors.shop === LoginErrorType.InvalidShop) return "Please enter a valid shop domain to log in";
  return null;
}

export async function loader({ request }: LoaderFunctionArgs) {
  if (!shopifyEnabled) return data({ off: shopifyOffReason, error: null }, { status: 503 });
  return { off: null, error: shopError(await login(request)) };
}

export async function action({ request }: ActionFunctionArgs) {
  if (!shopifyEnabled) return data({ off: shopifyOffReason, error: null }, { status: 503 });
  return { off: null, error: shopError(await login(request)) };
}

export default function ShopifyLogin() {
  const loaderData = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const [shop, setShop] = useState("");
  const off = actionData?.off ?? loaderData.off;
  const error = actionData?.error ?? loaderData.error;

  return (
    <AppProvider i18n={en}>
      <Page narrowWidth>
        <Card>
          {off ? (
            <Banner tone="warning" title="Shopify install is off">
              <p>{off}</p>
            </Banner>
          ) : (
            <Form method="post">
              <FormLayout>
                <Text variant="headingMd" as="h2">
                  Log in
                </Text>
                <TextField
                  type="text"
                  name="shop"
                  label="Shop domain"
                  helpText="example.myshopify.com"
                  value={shop}
                  onChange={setShop}
                  autoComplete="on"
                  error={error ?? undefined}
                />
                <Button submit>Log in</Button>
              </FormLayout>
            </Form>
          )}
        </Card>
      </Page>
    </AppProvider>
  );
}
