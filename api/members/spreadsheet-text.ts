// A club's spreadsheet as text, from the bytes it was sent as: UTF-8 (with or without its byte order
// mark), or UTF-16 with its mark, little- or big-endian (what some spreadsheet programs write for
// "Unicode" CSV). Anything else is refused with where it breaks, never read with replacement
// characters standing in for what could not be decoded.
import {
  UTF16_LONE_SURROGATE_ERROR,
  UTF16_ODD_BYTES_ERROR,
  invalidUtf8Message,
  nulByteMessage,
  nulCharacterMessage,
} from '../../domain/contract/members/season';
import { ServiceError } from '../platform/errors';

/** The line (from 1) a byte offset of UTF-8 or ASCII-compatible bytes is on. */
function lineAt(bytes: Uint8Array, offset: number): number {
  let line = 1;
  for (let i = 0; i < offset; i++) if (bytes[i] === 0x0a) line += 1;
  return line;
}

/** The offset of the first byte that does not belong to a well-formed UTF-8 sequence, or -1. */
function firstBadUtf8(bytes: Uint8Array): number {
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i]!;
    if (b < 0x80) {
      i += 1;
      continue;
    }
    // The sequence's length and the range its second byte must be in (no overlongs, no surrogates, nothing past U+10FFFF).
    let length: number;
    let low = 0x80;
    let high = 0xbf;
    if (b >= 0xc2 && b <= 0xdf) length = 2;
    else if (b >= 0xe0 && b <= 0xef) {
      length = 3;
      if (b === 0xe0) low = 0xa0;
      if (b === 0xed) high = 0x9f;
    } else if (b >= 0xf0 && b <= 0xf4) {
      length = 4;
      if (b === 0xf0) low = 0x90;
      if (b === 0xf4) high = 0x8f;
    } else return i;
    for (let k = 1; k < length; k++) {
      const next = bytes[i + k];
      if (next === undefined) return i;
      if (k === 1 ? next < low || next > high : next < 0x80 || next > 0xbf) return i + k;
    }
    i += length;
  }
  return -1;
}

function fromUtf16(bytes: Uint8Array, bigEndian: boolean): string {
  const body = bytes.subarray(2);
  if (body.length % 2 !== 0) {
    throw new ServiceError(400, UTF16_ODD_BYTES_ERROR);
  }
  // Read as little-endian; a big-endian file has each pair swapped first.
  const units = new Uint8Array(body);
  if (bigEndian) for (let i = 0; i < units.length; i += 2) [units[i], units[i + 1]] = [units[i + 1]!, units[i]!];
  let text: string;
  try {
    text = new TextDecoder('utf-16le', { fatal: true }).decode(units);
  } catch {
    throw new ServiceError(400, UTF16_LONE_SURROGATE_ERROR);
  }
  return text;
}

/**
 * The text of an uploaded spreadsheet. A byte order mark says UTF-16 (FF FE little-endian, FE FF
 * big-endian) or UTF-8 (EF BB BF, dropped); without one the file must be UTF-8. A byte that is not
 * (or a NUL, which no text file holds) is a 400 naming its line and its place in the file.
 */
export function spreadsheetText(bytes: Uint8Array): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return refuseNul(fromUtf16(bytes, false));
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return refuseNul(fromUtf16(bytes, true));
  const start = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  const bad = firstBadUtf8(bytes);
  if (bad >= 0) {
    const value = bytes[bad]!.toString(16).toUpperCase().padStart(2, '0');
    throw new ServiceError(400, invalidUtf8Message(lineAt(bytes, bad), bad + 1, value));
  }
  const nul = bytes.indexOf(0);
  if (nul >= 0) {
    throw new ServiceError(400, nulByteMessage(lineAt(bytes, nul), nul + 1));
  }
  return new TextDecoder('utf-8').decode(bytes.subarray(start));
}

/** A decoded UTF-16 file holds no NUL either (a binary file behind a UTF-16 mark). */
function refuseNul(text: string): string {
  const nul = text.indexOf('\u0000');
  if (nul >= 0) {
    const line = text.slice(0, nul).split('\n').length;
    throw new ServiceError(400, nulCharacterMessage(line));
  }
  return text;
}
