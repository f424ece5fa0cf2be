/**
 * Reading request fields. Wrapper and shape problems are 400 (the request could not be handled); field
 * problems are collected and answered together as one 422, the way the service lists them in `errors`.
 */
import { ApiError, badRequest, type ApiFieldError, type ResourceName } from '../errors.js';

export type Input = Record<string, unknown>;

function isObject(value: unknown): value is Input {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The object named after the resource (`{"user": {...}}`); 400 when it is missing. */
export function wrapped(body: unknown, key: string): Input {
  const inner = isObject(body) ? body[key] : undefined;
  if (!isObject(inner)) throw badRequest(`param is missing or the value is empty: ${key}`);
  return inner;
}

/** A flat body (sickness absence); 400 when the body is not a JSON object. */
export function flat(body: unknown): Input {
  if (!isObject(body)) throw badRequest('the request body must be a JSON object');
  return body;
}

export function has(input: Input, key: string): boolean {
  return Object.hasOwn(input, key) && input[key] !== undefined;
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

export function isCalendarDate(text: string): boolean {
  const match = DATE.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Collects field errors of one resource, then throws them as one 422. */
/** The longest text field stored (names, e-mails, usernames, ids, titles), as a database column would be. */
export const MAX_TEXT_LENGTH = 255;

export class FieldCheck {
  readonly errors: ApiFieldError[] = [];

  constructor(
    readonly input: Input,
    readonly resource: ResourceName,
  ) {}

  fail(field: string, error: string): void {
    this.errors.push({ resource: this.resource, field, error });
  }

  get ok(): boolean {
    return this.errors.length === 0;
  }

  done(): void {
    if (this.errors.length === 0) return;
    const summary = this.errors.map((e) => `${e.field} ${e.error}`).join(', ');
    throw new ApiError(422, `Validation failed: ${summary}`, this.errors);
  }

  /** A non-empty string; `required` decides whether absence is an error. undefined: not sent. */
  text(key: string, required: boolean): string | undefined {
    if (!has(this.input, key) || this.input[key] === null) {
      if (required || (has(this.input, key) && this.input[key] === null)) this.fail(key, "can't be blank");
      return undefined;
    }
    const value = this.input[key];
    if (typeof value !== 'string') {
      this.fail(key, 'must be a string');
      return undefined;
    }
    if (value.trim() === '') {
      this.fail(key, "can't be blank");
      return undefined;
    }
    if (value.length > MAX_TEXT_LENGTH) {
      this.fail(key, `is too long (maximum is ${MAX_TEXT_LENGTH} characters)`);
      return undefined;
    }
    return value;
  }

  /** A string or null (clears); undefined: not sent. */
  nullableText(key: string): string | null | undefined {
    if (!has(this.input, key)) return undefined;
    const value = this.input[key];
    if (value === null) return null;
    if (typeof value !== 'string') {
      this.fail(key, 'must be a string');
      return undefined;
    }
    if (value.length > MAX_TEXT_LENGTH) {
      this.fail(key, `is too long (maximum is ${MAX_TEXT_LENGTH} characters)`);
      return undefined;
    }
    return value;
  }

  email(key: string, required: boolean): string | undefined {
    const value = this.text(key, required);
    if (value !== undefined && !EMAIL.test(value)) {
      this.fail(key, 'is invalid');
      return undefined;
    }
    return value;
  }

  /** One of `allowed`, or null (clears); undefined: not sent. */
  oneOfOrNull<T extends string>(key: string, allowed: readonly T[]): T | null | undefined {
    if (!has(this.input, key)) return undefined;
    const value = this.input[key];
    if (value === null) return null;
    if (typeof value === 'string' && (allowed as readonly string[]).includes(value)) return value as T;
    this.fail(key, 'is not included in the list');
    return undefined;
  }

  date(key: string, required: boolean): string | undefined {
    if (!has(this.input, key) || this.input[key] === null) {
      if (required) this.fail(key, "can't be blank");
      return undefined;
    }
    const value = this.input[key];
    if (typeof value !== 'string' || !isCalendarDate(value)) {
      this.fail(key, 'is not a valid date (YYYY-MM-DD)');
      return undefined;
    }
    return value;
  }

  nullableDate(key: string): string | null | undefined {
    if (has(this.input, key) && this.input[key] === null) return null;
    return this.date(key, false);
  }

  oneOf<T extends string>(key: string, allowed: readonly T[], required: boolean): T | undefined {
    if (!has(this.input, key) || this.input[key] === null) {
      if (required) this.fail(key, "can't be blank");
      return undefined;
    }
    const value = this.input[key];
    if (typeof value === 'string' && (allowed as readonly string[]).includes(value)) return value as T;
    this.fail(key, 'is not included in the list');
    return undefined;
  }
}
