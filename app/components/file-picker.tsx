// A photo picker instead of the browser's bare "Choose File": the whole box is the label of the
// real file input (kept in the form, visually hidden, still reachable by keyboard), and after a
// choice it shows the picture and its name. Without JavaScript it is the same input, unstyled choice.
import { useEffect, useState } from "react";
import { useTranslation } from "#app/i18n/use-translation.ts";
import { CameraIcon } from "./icons.tsx";

const PHOTO_TYPES = "image/jpeg,image/png,image/webp,image/heic,image/avif";

export function FilePicker({
  name,
  accept = PHOTO_TYPES,
  title,
  hint,
  onChosen,
}: {
  name: string;
  accept?: string;
  /** the call to action before a choice ("Add a photo" by default) */
  title?: string;
  /** the line under it before a choice (the formats by default) */
  hint?: string;
  onChosen?: (chosen: boolean) => void;
}) {
  const { t } = useTranslation();
  const [chosen, setChosen] = useState<{ name: string; preview: string } | null>(null);
  useEffect(
    () => () => {
      if (chosen) URL.revokeObjectURL(chosen.preview);
    },
    [chosen],
  );
  return (
    <label className="flex min-w-0 flex-1 cursor-pointer items-center gap-3 rounded-lg border-2 border-dashed border-black/20 p-3 hover:border-primary focus-within:border-primary focus-within:ring-2 focus-within:ring-primary/40">
      {chosen ? (
        <img src={chosen.preview} alt="" className="h-14 w-14 shrink-0 rounded object-cover" />
      ) : (
        <span className="flex h-14 w-14 shrink-0 items-center justify-center rounded bg-primary/10 text-primary">
          <CameraIcon />
        </span>
      )}
      <span className="min-w-0">
        <span className="block font-semibold text-primary">{chosen ? t("filePicker.change") : (title ?? t("profileEdit.addPhoto"))}</span>
        <span className={`block text-sm text-black/60 ${chosen ? "truncate" : ""}`}>{chosen?.name ?? hint ?? t("filePicker.hint")}</span>
      </span>
      <input
        type="file"
        name={name}
        accept={accept}
        className="sr-only"
        onChange={(e) => {
          const file = e.currentTarget.files?.[0];
          setChosen(file ? { name: file.name, preview: URL.createObjectURL(file) } : null);
          onChosen?.(!!file);
        }}
      />
    </label>
  );
}
