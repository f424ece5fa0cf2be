/**
 * Making sense of what the service sent back: JSON or not, and its error body as one readable sentence.
 */
import type { FieldError } from '../errors.js';
import { serviceWords } from '../../words/service.js';

export type ParsedBody = { json: true; value: unknown } | { json: false; reason: string };

export function parseBody(text: string, status: number): ParsedBody {
  if (text.trim() === '') return { json: true, value: null };
  try {
    return { json: true, value: JSON.parse(text) as unknown };
  } catch {
    const looksLikeHtml = /^\s*(<!doctype\s+html|<html|<head|<body|<\?xml|<)/i.test(text);
    return {
      json: false,
      reason: looksLikeHtml ? serviceWords().htmlNotJson(status) : serviceWords().notJson(status),
    };
  }
}

/**
 * An object or array by its first and last bytes, or nothing at all: what a JSON answer looks like
 * without decoding or parsing it. Anything else (an HTML page, plain text) goes through parseBody for its
 * reason.
 */
export function looksLikeJsonDocument(bytes: Uint8Array): boolean {
  let first = 0;
  while (first < bytes.length && isJsonSpace(bytes[first]!)) first++;
  if (first === bytes.length) return true;
  let last = bytes.length - 1;
  while (isJsonSpace(bytes[last]!)) last--;
  const open = bytes[first];
  const close = bytes[last];
  return (open === OPEN_BRACE && close === CLOSE_BRACE) || (open === OPEN_BRACKET && close === CLOSE_BRACKET);
}

const [OPEN_BRACE, CLOSE_BRACE, OPEN_BRACKET, CLOSE_BRACKET] = [0x7b, 0x7d, 0x5b, 0x5d];

function isJsonSpace(code: number): boolean {
  return code === 0x20 || code === 0x0a || code === 0x0d || code === 0x09;
}

export interface ServiceComplaint {
  message: string | null;
  fieldErrors: FieldError[];
  /** message and field errors as one sentence, e.g. "Validation failed — username: has already been taken". */
  sentence: string | null;
}

/** The documented error body: {message, errors: [{resource, field, error}]} — often present, not always. */
export function readComplaint(body: unknown): ServiceComplaint {
  if (typeof body === 'string' && body.trim() !== '') return { message: body, fieldErrors: [], sentence: body };
  if (!isRecord(body)) return { message: null, fieldErrors: [], sentence: null };
  const message = typeof body.message === 'string' && body.message.trim() !== '' ? body.message : null;
  const fieldErrors = Array.isArray(body.errors) ? body.errors.flatMap(toFieldError) : [];
  const detail = fieldErrors
    .map((e) => (e.field ? `${e.field}: ${e.error}` : e.error))
    .filter(Boolean)
    .join('; ');
  const parts = [message, detail].filter((part): part is string => part !== null && part !== '');
  return { message, fieldErrors, sentence: parts.length > 0 ? parts.join(' — ') : null };
}

function toFieldError(entry: unknown): FieldError[] {
  if (typeof entry === 'string') return [{ resource: '', field: '', error: entry }];
  if (!isRecord(entry)) return [];
  const text = (key: string): string => (typeof entry[key] === 'string' ? (entry[key] as string) : '');
  const error = text('error') || text('message');
  return error === '' && text('field') === '' ? [] : [{ resource: text('resource'), field: text('field'), error }];
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Replaces every secret value in a text; a service that echoes a header back must not leak it. */
export function redact(text: string, secrets: readonly string[]): string {
  let out = text;
  for (const secret of secrets) if (secret !== '') out = out.split(secret).join('[redacted]');
  return out;
}
