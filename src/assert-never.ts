/** The default branch of a switch over a union that handles every variant: a new variant fails to compile. */
export function assertNever(value: never): never {
  throw new Error(`unhandled variant: ${JSON.stringify(value)}`);
}
