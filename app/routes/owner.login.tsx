/**
 * /owner/login: e-mail and password sign-in for owners of non-store sites.
 * The form is protected by the Origin check and a pre-session CSRF cookie;
 * attempts are counted before the password check and throttled per client
 * address, per account and per known device (login-throttle.server.ts).
 * The demo (`npm start`, BECKON_DEMO=1) lists its seeded owner accounts under
 * the form, each with a button that fills the form in.
 */
import {
  data,
  redirect,
  type ActionFunctionArgs,
  type HeadersFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useState } from "react";
import {
  Banner,
  BlockStack,
  Box,
  Button,
  Card,
  FormLayout,
  InlineStack,
  Link,
  Page,
  Text,
  TextField,
} from "@shopify/polaris";
import { prisma } from "#app/db.server";
import { isSameOrigin, loginCsrfMatches, loginCsrfToken } from "#app/server/csrf.server";
import { SessionSecretError } from "#app/server/session-secret.server";
import { createOwnerSession, findOwnerSession, OWNER_PAGE_HEADERS } from "#app/models/owner-session.server";
import { loginThrottle } from "#app/server/login-throttle.server";
import { knownDevice, rememberDevice } from "#app/server/known-device.server";
import { clientIp } from "#app/server/client-address.server";
import { safeRedirectTo } from "#app/server/safe-redirect";
import { authenticateOwner } from "#app/models/owner.server";
import { demoAccounts, type DemoAccount } from "#app/models/demo-accounts.server";
import { serverEnv } from "#app/server/env.server";
import { CsrfInput } from "#app/components/CsrfInput";
import { useT } from "#app/i18n/useT";
import { adminLanguage, translator, type Translate } from "#app/i18n";

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: translator(data?.lang ?? "en")("login.pageTitle") },
];

/** Keeps the loader's CSRF cookie and the action's Retry-After on the page. */
export const headers: HeadersFunction = ({ loaderHeaders, actionHeaders }) => {
  const pageHeaders = new Headers(OWNER_PAGE_HEADERS);
  for (const source of [loaderHeaders, actionHeaders]) {
    for (const cookie of source.getSetCookie()) pageHeaders.append("Set-Cookie", cookie);
  }
  const retryAfter = actionHeaders.get("Retry-After");
  if (retryAfter) pageHeaders.set("Retry-After", retryAfter);
  return pageHeaders;
};

export async function loader({ request }: LoaderFunctionArgs) {
  const redirectTo = safeRedirectTo(new URL(request.url).searchParams.get("redirectTo"));
  if (await findOwnerSession(request)) throw redirect(redirectTo);
  const { token, setCookie } = await loginCsrfToken(request).catch((e) => {
    // Tell the operator what to set instead of a bare 500.
    if (e instanceof SessionSecretError) throw new Response(e.message, { status: 503 });
    throw e;
  });
  // The demo's accounts are a convenience: a database that cannot answer leaves the form as it is.
  const demo = serverEnv().demo ? await demoAccounts(prisma).catch(() => []) : [];
  return data(
    { csrf: token, redirectTo, lang: adminLanguage(request), demo },
    setCookie ? { headers: { "Set-Cookie": setCookie } } : undefined,
  );
}

type ActionResult = { error: string; email: string };

function failure(status: number, error: string, email = "", headers?: HeadersInit) {
  return data<ActionResult>({ error, email }, { status, headers });
}

export async function action({ request, context }: ActionFunctionArgs) {
  // The answer is in the language the page was shown in.
  const translate = translator(adminLanguage(request));
  if (!isSameOrigin(request)) {
    return failure(403, translate("login.errorOtherSite"));
  }
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return failure(400, translate("login.errorNotForm"));
  }
  const email = String(form.get("email") ?? "").slice(0, 300);
  const password = String(form.get("password") ?? "");
  if (!(await loginCsrfMatches(request, form))) {
    return failure(403, translate("login.errorExpired"), email);
  }
  if (email.trim() === "" || password === "") return failure(400, translate("login.errorMissing"), email);

  // The same client address as the public API's rate limits (under
  // TRUST_PROXY the hop our proxy added, never one the client wrote).
  const attempt = await loginThrottle().attempt({
    email,
    ip: clientIp(request, context),
    device: await knownDevice(request, email),
  });
  if (attempt.retryAfterSeconds > 0) {
    return failure(
      429,
      translate("login.errorTooMany", { wait: waitText(translate, attempt.retryAfterSeconds) }),
      email,
      {
        "Retry-After": String(attempt.retryAfterSeconds),
      },
    );
  }

  let owner;
  try {
    owner = await authenticateOwner(prisma, email, password);
  } catch (e) {
    await attempt.refund(); // the password was never judged
    throw e;
  }
  if (!owner) return failure(401, translate("login.errorWrong"), email);
  await attempt.refund();
  const headers = new Headers();
  headers.append("Set-Cookie", await createOwnerSession(request, owner.accountId));
  headers.append("Set-Cookie", await rememberDevice(request, email));
  return redirect(safeRedirectTo(form.get("redirectTo")), { headers });
}

function waitText(t: Translate, seconds: number): string {
  if (seconds < 60) return seconds === 1 ? t("login.waitSecond") : t("login.waitSeconds", { n: seconds });
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? t("login.waitMinute") : t("login.waitMinutes", { n: minutes });
}

export default function OwnerLogin() {
  const translate = useT();
  const { csrf, redirectTo, demo } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const [email, setEmail] = useState(result?.email ?? "");
  const [password, setPassword] = useState("");
  const submitting = navigation.state === "submitting";

  return (
    <Page narrowWidth>
      <Box paddingBlockStart="1600">
        <Card>
          <Form method="post" replace>
            <CsrfInput token={csrf} />
            <input type="hidden" name="redirectTo" value={redirectTo} />
            <BlockStack gap="400">
              <Text as="h1" variant="headingLg">
                {translate("login.title")}
              </Text>
              {result?.error ? (
                <Banner tone="critical">
                  <p role="alert">{result.error}</p>
                </Banner>
              ) : null}
              <FormLayout>
                <TextField
                  label={translate("login.email")}
                  name="email"
                  type="email"
                  autoComplete="email"
                  value={email}
                  onChange={setEmail}
                  requiredIndicator
                />
                <TextField
                  label={translate("login.password")}
                  name="password"
                  type="password"
                  autoComplete="current-password"
                  value={password}
                  onChange={setPassword}
                  requiredIndicator
                />
                <Button submit variant="primary" loading={submitting} fullWidth>
                  {translate("login.submit")}
                </Button>
              </FormLayout>
            </BlockStack>
          </Form>
        </Card>
        {demo.length ? (
          <Box paddingBlockStart="400">
            <DemoAccounts
              accounts={demo}
              onUse={(account) => {
                setEmail(account.email);
                setPassword(account.password);
              }}
            />
          </Box>
        ) : null}
      </Box>
    </Page>
  );
}

/** The demo's owner accounts, each with the site it manages and a button that fills the form in. */
function DemoAccounts({ accounts, onUse }: { accounts: DemoAccount[]; onUse: (account: DemoAccount) => void }) {
  const translate = useT();
  return (
    <Card>
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          {translate("login.demoTitle")}
        </Text>
        <Text as="p">{translate("login.demoText")}</Text>
        {accounts.map((account) => (
          <Box key={account.email} padding="300" borderWidth="025" borderColor="border" borderRadius="200">
            <BlockStack gap="200">
              <InlineStack gap="200" align="space-between" blockAlign="center">
                <Text as="h3" variant="headingSm">
                  {account.site}
                </Text>
                <Link url={account.path} target="_blank">
                  {translate("login.demoOpenSite")}
                </Link>
              </InlineStack>
              <Text as="p" breakWord>
                {translate("login.email")}: <code>{account.email}</code>
                <br />
                {translate("login.password")}: <code>{account.password}</code>
              </Text>
              <InlineStack>
                <Button
                  onClick={() => onUse(account)}
                  accessibilityLabel={translate("login.demoUseLabel", { site: account.site })}
                >
                  {translate("login.demoUse")}
                </Button>
              </InlineStack>
            </BlockStack>
          </Box>
        ))}
      </BlockStack>
    </Card>
  );
}
