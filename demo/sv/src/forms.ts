/**
 * The site's own forms (form.sv-form): validated in the browser by the rules
 * of validation.ts, read from the fields' attributes the way the form
 * library reads them (required, type, min, max, step, minlength, maxlength,
 * data-rule-*, data-msg-* for custom messages), with the library's messages
 * and error labels. The remote rule (data-rule-remote="url") POSTs the value
 * to that URL and accepts true or shows the message string it answers.
 * A valid form is sent to its data-ajax-action and the answer shown.
 */
import type { SiteConfig } from "./config";
import { claim, emit, within } from "./dom";
import { checkValue, messagesFor, parsePair, remoteVerdict, type FieldRules, type RuleName } from "./validation";

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

const RULE_ATTRS: Record<string, RuleName> = {
  required: "required",
  remote: "remote",
  email: "email",
  url: "url",
  date: "date",
  dateiso: "dateISO",
  number: "number",
  digits: "digits",
  equalto: "equalTo",
  maxlength: "maxlength",
  minlength: "minlength",
  rangelength: "rangelength",
  range: "range",
  max: "max",
  min: "min",
  step: "step",
};

const REMOTE_TIMEOUT_MS = 10_000;

const num = (v: string | null): number | undefined =>
  v !== null && v.trim() !== "" && Number.isFinite(Number(v)) ? Number(v) : undefined;

/** The rules a field's attributes declare (equalTo resolved against the form). */
export function rulesOf(field: Field, form: HTMLFormElement): FieldRules {
  const attr = (n: string) => field.getAttribute(n);
  const flag = (rule: string) => attr(`data-rule-${rule}`) === "true" || attr(`data-rule-${rule}`) === "";
  const type = (attr("type") ?? "").toLowerCase();
  const rules: FieldRules = {};
  if (field.hasAttribute("required") || flag("required")) rules.required = true;
  if (type === "email" || flag("email")) rules.email = true;
  if (type === "url" || flag("url")) rules.url = true;
  if (type === "number" || flag("number")) rules.number = true;
  if (type === "date" || flag("dateiso")) rules.dateISO = true;
  if (flag("date")) rules.date = true;
  if (flag("digits")) rules.digits = true;
  const minlength = num(attr("data-rule-minlength") ?? attr("minlength"));
  const maxlength = num(attr("data-rule-maxlength") ?? attr("maxlength"));
  if (minlength !== undefined) rules.minlength = minlength;
  if (maxlength !== undefined) rules.maxlength = maxlength;
  const rangelength = parsePair(attr("data-rule-rangelength"));
  if (rangelength) rules.rangelength = rangelength;
  const range = parsePair(attr("data-rule-range"));
  if (range) rules.range = range;
  const min = num(attr("data-rule-min") ?? attr("min"));
  const max = num(attr("data-rule-max") ?? attr("max"));
  const step = num(attr("data-rule-step") ?? attr("step"));
  if (min !== undefined) rules.min = min;
  if (max !== undefined) rules.max = max;
  if (step !== undefined && step > 0 && (type === "number" || type === "range" || attr("data-rule-step")))
    rules.step = step;
  const equalTo = attr("data-rule-equalto");
  if (equalTo) {
    const other = form.querySelector<Field>(equalTo);
    rules.equalTo = { value: other?.value ?? "" };
  }
  const remote = attr("data-rule-remote");
  if (remote) rules.remote = remote;
  return rules;
}

/** Custom messages from data-msg-{rule}. */
function messagesOf(field: Field): Partial<Record<RuleName, string>> {
  const out: Partial<Record<RuleName, string>> = {};
  for (const attr of Array.from(field.attributes)) {
    const match = /^data-msg-(.+)$/.exec(attr.name);
    const rule = match ? RULE_ATTRS[match[1]] : undefined;
    if (rule) out[rule] = attr.value;
  }
  return out;
}

const valueOf = (field: Field): string =>
  field instanceof HTMLInputElement && (field.type === "checkbox" || field.type === "radio")
    ? field.checked
      ? field.value || "on"
      : ""
    : field.value;

const isIgnored = (field: Field) =>
  field.disabled || field.type === "hidden" || field.type === "submit" || field.closest("[hidden]") !== null;

export function initForms(root: ParentNode, doc: Document, win: Window, config: SiteConfig): void {
  for (const form of within<HTMLFormElement>(root, "form.sv-form"))
    if (claim(form, "form")) setUpForm(form, doc, win, config);
}

function setUpForm(form: HTMLFormElement, doc: Document, win: Window, config: SiteConfig): void {
  form.noValidate = true;
  // The library's localization for the page's language, as a site loads it after the library.
  const messages = messagesFor(doc.documentElement.lang);
  const remoteCache = new WeakMap<Field, { value: string; result: Promise<{ valid: boolean; message?: string }> }>();
  const fields = () =>
    Array.from(form.elements).filter(
      (e): e is Field =>
        (e instanceof HTMLInputElement || e instanceof HTMLTextAreaElement || e instanceof HTMLSelectElement) &&
        !isIgnored(e as Field),
    );

  const labelFor = (field: Field, create: boolean): HTMLLabelElement | null => {
    const id = field.id || field.name;
    let label = form.querySelector<HTMLLabelElement>(`label.error[data-error-for="${id.replace(/["\\]/g, "\\$&")}"]`);
    if (!label && create) {
      label = doc.createElement("label");
      label.className = "error";
      label.id = `${id}-error`;
      label.setAttribute("data-error-for", id);
      if (field.id) label.htmlFor = field.id;
      const anchor = field.closest(".sv-form__choice") ?? field;
      anchor.after(label);
    }
    return label;
  };

  const showError = (field: Field, message: string) => {
    field.classList.add("error");
    field.classList.remove("valid");
    field.setAttribute("aria-invalid", "true");
    const label = labelFor(field, true)!;
    label.textContent = message;
    label.hidden = false;
    field.setAttribute("aria-describedby", label.id);
  };

  const clearError = (field: Field) => {
    field.classList.remove("error");
    field.classList.add("valid");
    field.setAttribute("aria-invalid", "false");
    const label = labelFor(field, false);
    if (label) {
      label.textContent = "";
      label.hidden = true;
    }
    field.removeAttribute("aria-describedby");
  };

  const checkRemote = (field: Field, url: string, value: string, custom?: string) => {
    const hit = remoteCache.get(field);
    if (hit && hit.value === value) return hit.result;
    const result = (async () => {
      field.classList.add("pending");
      const abort = new AbortController();
      const timer = setTimeout(() => abort.abort(), REMOTE_TIMEOUT_MS);
      try {
        const res = await win.fetch(url, {
          method: "POST",
          headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "application/json" },
          body: new URLSearchParams({ [field.name]: value }).toString(),
          signal: abort.signal,
        });
        if (!res.ok) return { valid: true }; // A broken check never blocks the visitor.
        const verdict = remoteVerdict(await res.json(), custom, messages);
        return verdict.valid ? { valid: true } : { valid: false, message: verdict.message };
      } catch {
        return { valid: true };
      } finally {
        clearTimeout(timer);
        field.classList.remove("pending");
      }
    })();
    remoteCache.set(field, { value, result });
    return result;
  };

  const validate = async (field: Field, withRemote: boolean): Promise<boolean> => {
    if (isIgnored(field)) return true;
    const rules = rulesOf(field, form);
    const custom = messagesOf(field);
    const value = valueOf(field);
    const local = checkValue(value, rules, custom, messages);
    if (local) {
      showError(field, local.message);
      return false;
    }
    if (rules.remote && value.trim() !== "" && withRemote) {
      const remote = await checkRemote(field, rules.remote, value.trim(), custom.remote);
      if (valueOf(field) !== value) return validate(field, withRemote); // typed on meanwhile
      if (!remote.valid) {
        showError(field, remote.message!);
        return false;
      }
    }
    clearError(field);
    return true;
  };

  const touched = new WeakSet<Field>();
  form.addEventListener("focusout", (event) => {
    const field = event.target as Field;
    if (!fields().includes(field)) return;
    if (valueOf(field) !== "" || touched.has(field) || field.classList.contains("error")) {
      touched.add(field);
      void validate(field, true);
    }
  });
  form.addEventListener("input", (event) => {
    const field = event.target as Field;
    if (field.classList.contains("error") || field.classList.contains("valid")) void validate(field, false);
    // A confirmation field follows the field it must equal.
    for (const other of fields()) {
      const target = other.getAttribute("data-rule-equalto");
      if (
        target &&
        form.querySelector(target) === field &&
        (other.classList.contains("error") || other.classList.contains("valid"))
      )
        void validate(other, false);
    }
  });
  form.addEventListener("change", (event) => {
    const field = event.target as Field;
    if (
      field instanceof HTMLSelectElement ||
      (field instanceof HTMLInputElement && (field.type === "checkbox" || field.type === "radio"))
    )
      void validate(field, false);
  });

  const status = form.querySelector<HTMLElement>(".sv-form__message");
  const submitButton = form.querySelector<HTMLButtonElement>("[type=submit]");
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    const list = fields();
    list.forEach((f) => touched.add(f));
    const results = await Promise.all(list.map((f) => validate(f, true)));
    const firstInvalid = list.find((_, i) => !results[i]);
    if (firstInvalid) {
      firstInvalid.focus();
      emit(
        form,
        "form:invalid",
        list.filter((_, i) => !results[i]).map((f) => f.name),
      );
      return;
    }
    const action = form.getAttribute("data-ajax-action") ?? config.forms.contact;
    if (!action) return;
    const data = new URLSearchParams();
    new FormData(form).forEach((v, k) => data.append(k, String(v)));
    if (submitButton) submitButton.disabled = true;
    form.classList.add("is-sending");
    try {
      const res = await win.fetch(action, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Accept: "application/json" },
        body: data.toString(),
      });
      const answer = (await res.json().catch(() => ({}))) as { success?: boolean; message?: string };
      if (status) {
        status.hidden = false;
        status.textContent = answer.message ?? (res.ok ? "Tack!" : "Något gick fel. Försök igen.");
        status.classList.toggle("is-error", !(res.ok && answer.success));
      }
      if (res.ok && answer.success) {
        form.reset();
        list.forEach((f) => f.classList.remove("valid"));
        emit(form, "form:sent", Object.fromEntries(data));
      }
    } catch {
      if (status) {
        status.hidden = false;
        status.textContent = "Något gick fel. Försök igen.";
        status.classList.add("is-error");
      }
    } finally {
      if (submitButton) submitButton.disabled = false;
      form.classList.remove("is-sending");
    }
  });
}
