/**
 * The service's error answer: a status and the documented body `{message, errors[{resource, field, error}]}`.
 * Store operations throw it; the route layer turns it into the reply.
 */
export const RESOURCE = {
  user: 'MUS::User',
  employee: 'MUS::Employee',
  department: 'MUS::Department',
  team: 'MUS::Team',
  delegation: 'MUS::Delegation',
  absence: 'MUS::SicknessAbsence',
  dialog: 'MUS::SiabDialog',
} as const;
export type ResourceName = (typeof RESOURCE)[keyof typeof RESOURCE];

export interface ApiFieldError {
  resource: string;
  field: string;
  error: string;
}

export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly errors: ApiFieldError[] = [],
  ) {
    super(message);
    this.name = 'ApiError';
  }

  body(): { message: string; errors: ApiFieldError[] } {
    return { message: this.message, errors: this.errors };
  }
}

export function notFound(resource: ResourceName, id: string): ApiError {
  return new ApiError(404, `Couldn't find ${resource} with id=${id}`);
}

export function invalid(resource: ResourceName, field: string, error: string): ApiError {
  return new ApiError(422, `Validation failed: ${field} ${error}`, [{ resource, field, error }]);
}

export function badRequest(message: string): ApiError {
  return new ApiError(400, message);
}
