// Reads a form that may carry one photo: multipart is parsed as a stream with limits (at most
// one file of MAX_UPLOAD_BYTES), so an oversized upload is refused without buffering it all.
import { FormDataParseError, MaxFileSizeExceededError, MultipartParseError, parseFormData } from "@remix-run/form-data-parser";

export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

export type UploadForm = { ok: true; form: FormData } | { ok: false; error: "photo.tooLarge" | "photo.invalid" };

export async function readUploadForm(request: Request): Promise<UploadForm> {
  const length = Number(request.headers.get("content-length") ?? 0);
  if (length > MAX_UPLOAD_BYTES + 64 * 1024) return { ok: false, error: "photo.tooLarge" };
  try {
    return { ok: true, form: await parseFormData(request, { maxFiles: 1, maxFileSize: MAX_UPLOAD_BYTES }) };
  } catch (error) {
    if (error instanceof MaxFileSizeExceededError) return { ok: false, error: "photo.tooLarge" };
    if (error instanceof FormDataParseError || error instanceof MultipartParseError) return { ok: false, error: "photo.invalid" };
    throw error;
  }
}
