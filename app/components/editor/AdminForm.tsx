/** A POST form of the admin: carries the owner's CSRF token (when there is one) and the action's intent. */
import { Form } from "@remix-run/react";
import type { ComponentProps } from "react";
import { CsrfInput } from "#app/components/CsrfInput";

export interface AdminFormProps extends Omit<ComponentProps<typeof Form>, "method"> {
  csrfToken: string | null;
  /** Which of the page action's operations this form asks for. */
  intent?: string;
}

/** Remix Form with method POST, the CSRF field and an `intent` field. */
export function AdminForm({ csrfToken, intent, children, ...rest }: AdminFormProps) {
  return (
    <Form method="post" {...rest}>
      {csrfToken ? <CsrfInput token={csrfToken} /> : null}
      {intent ? <input type="hidden" name="intent" value={intent} /> : null}
      {children}
    </Form>
  );
}
