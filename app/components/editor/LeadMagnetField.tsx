/**
 * A form's lead magnet (the element's "lead-magnet" option,
 * contract/schema/lead-magnet.ts) as plain inputs: nothing, an uploaded
 * file, or an https link, and what it is called. The file goes to the
 * standalone admin's upload endpoint with the CSRF token; inside Shopify's
 * admin the owner gives a link.
 */
import { useState } from "react";
import { BlockStack, DropZone, InlineError, Select, Text, TextField } from "@shopify/polaris";
import { useT } from "#app/i18n/useT";
import { CSRF_FIELD } from "#app/server/csrf-field";
import {
  LEAD_MAGNET_FILE_TYPES,
  LEAD_MAGNET_LINK_DAYS,
  MAX_LEAD_MAGNET_BYTES,
  type LeadMagnet,
} from "#contract/schema/lead-magnet";
import { useStoreProducts } from "./store-products-context";

export interface LeadMagnetFieldProps {
  value: LeadMagnet | undefined;
  onChange(value: LeadMagnet | undefined): void;
}

/** Uploads one file; its id and name, or the server's reason for refusing it. */
async function upload(url: string, csrfToken: string | null, file: File): Promise<{ id: number; name: string }> {
  const form = new FormData();
  if (csrfToken) form.set(CSRF_FIELD, csrfToken);
  form.set("file", file);
  const response = await fetch(url, { method: "POST", body: form, headers: { Accept: "application/json" } });
  const body = (await response.json().catch(() => null)) as {
    file?: { id: number; name: string };
    error?: { message?: string };
  } | null;
  if (!response.ok || !body?.file) throw new Error(body?.error?.message ?? `HTTP ${response.status}`);
  return body.file;
}

export function LeadMagnetField({ value, onChange }: LeadMagnetFieldProps) {
  const translate = useT();
  const source = useStoreProducts();
  const [state, setState] = useState<{ busy: boolean; error: string | null }>({ busy: false, error: null });
  const kind = value?.kind ?? "none";
  // The kind picked before it holds a magnet (a file kind waits for its upload).
  const [chosen, setChosen] = useState<string>(kind);
  const label = value?.label ?? "";
  const setKind = (next: string) => {
    if (next === "link") onChange({ kind: "link", url: value?.kind === "link" ? value.url : "", label: value?.label });
    else if (next === "file" && value?.kind === "file") onChange(value);
    else if (next === "none") onChange(undefined);
    // A file kind without a file yet waits for the upload before it is a magnet.
    else setState({ busy: false, error: null });
    setChosen(next);
  };
  const setLabel = (text: string) => value && onChange({ ...value, label: text || undefined });
  const uploadUrl = source?.magnetUploadUrl ?? null;

  const drop = (files: File[]) => {
    const file = files[0];
    if (!file || !uploadUrl) return;
    setState({ busy: true, error: null });
    upload(uploadUrl, source?.csrfToken ?? null, file).then(
      (saved) => {
        setState({ busy: false, error: null });
        onChange({ kind: "file", file_id: saved.id, file_name: saved.name, label: value?.label });
      },
      (error: Error) =>
        setState({ busy: false, error: translate("editorUi.magnet.uploadFailed", { reason: error.message }) }),
    );
  };

  return (
    <BlockStack gap="200">
      <Text as="h4" variant="headingSm">
        {translate("editorUi.magnet.title")}
      </Text>
      <Text as="p" tone="subdued">
        {translate("editorUi.magnet.help", { days: LEAD_MAGNET_LINK_DAYS })}
      </Text>
      <Select
        label={translate("editorUi.magnet.kind")}
        options={[
          { label: translate("editorUi.magnet.none"), value: "none" },
          { label: translate("editorUi.magnet.file"), value: "file" },
          { label: translate("editorUi.magnet.link"), value: "link" },
        ]}
        value={kind === "none" ? chosen : kind}
        onChange={setKind}
      />
      {value?.kind === "link" ? (
        <TextField
          label={translate("editorUi.magnet.url")}
          value={value.url}
          placeholder="https://"
          type="url"
          onChange={(url) => onChange({ ...value, url })}
          autoComplete="off"
        />
      ) : null}
      {(value?.kind === "file" || chosen === "file") && uploadUrl ? (
        <DropZone
          label={translate("editorUi.magnet.upload", { mb: MAX_LEAD_MAGNET_BYTES / 1024 / 1024 })}
          accept={LEAD_MAGNET_FILE_TYPES.join(",")}
          allowMultiple={false}
          onDrop={(_all, accepted) => drop(accepted)}
        >
          <DropZone.FileUpload
            actionHint={
              state.busy
                ? translate("editorUi.magnet.uploading")
                : value?.kind === "file"
                  ? translate("editorUi.magnet.uploaded", { name: value.file_name ?? `#${value.file_id}` })
                  : undefined
            }
          />
        </DropZone>
      ) : null}
      {(value?.kind === "file" || chosen === "file") && !uploadUrl ? (
        <Text as="p" tone="subdued">
          {translate("editorUi.magnet.uploadOwnerOnly")}
        </Text>
      ) : null}
      {state.error ? <InlineError message={state.error} fieldID="lead-magnet-file" /> : null}
      {value ? (
        <TextField
          label={translate("editorUi.magnet.label")}
          helpText={translate("editorUi.magnet.labelHelp")}
          value={label}
          maxLength={120}
          onChange={setLabel}
          autoComplete="off"
        />
      ) : null}
    </BlockStack>
  );
}
