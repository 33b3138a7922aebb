// File downloads from the API (the CSV reports): the session is a bearer token, not a cookie, so a
// plain link would arrive signed out. The file is fetched with the token and saved from a blob URL.
import { OFFLINE_MESSAGE } from './api-client';
import { ApiError } from './api-error';
import { readToken } from '../session/session-storage';

/** The filename of a Content-Disposition header, or `fallback`. */
export function filenameOf(disposition: string | null, fallback: string): string {
  const m = /filename="([^"]+)"/.exec(disposition ?? '');
  return m?.[1] ?? fallback;
}

/** Fetches `/api${path}` and hands it to the browser as a download; refusals throw ApiError. */
export async function downloadFile(path: string, fallbackName: string): Promise<string> {
  const token = readToken();
  let res: Response;
  try {
    res = await fetch(`/api${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  } catch {
    throw new ApiError(0, OFFLINE_MESSAGE);
  }
  if (!res.ok) {
    const payload = (await res.json().catch(() => ({}))) as { error?: unknown };
    throw new ApiError(res.status, typeof payload.error === 'string' ? payload.error : `Download failed (${res.status})`);
  }
  const name = filenameOf(res.headers.get('content-disposition'), fallbackName);
  const url = URL.createObjectURL(await res.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // The click has started the download; the URL can go once the browser has read it.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return name;
}
