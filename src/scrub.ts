/** Last line of defence: no message the CLI prints may carry a secret it was given. */
const SECRET_FLAGS = ['--access-token', '--jwt', '--jwt-secret'];
const SECRET_ENV = ['ORGSYNC_ACCESS_TOKEN', 'ORGSYNC_JWT', 'ORGSYNC_JWT_SECRET'];

export function knownSecrets(argv: readonly string[] = process.argv, env: NodeJS.ProcessEnv = process.env): string[] {
  const secrets: string[] = [];
  argv.forEach((arg, i) => {
    for (const flag of SECRET_FLAGS) {
      if (arg === flag && argv[i + 1]) secrets.push(argv[i + 1]!);
      else if (arg.startsWith(`${flag}=`)) secrets.push(arg.slice(flag.length + 1));
    }
  });
  for (const name of SECRET_ENV) if (env[name]) secrets.push(env[name]!);
  return secrets.filter((s) => s.length >= 4);
}

/** Secrets the command learnt elsewhere (a secret file named by the configuration file). */
const remembered = new Set<string>();

export function rememberSecrets(secrets: readonly (string | undefined)[]): void {
  for (const secret of secrets) if (secret !== undefined && secret.length >= 4) remembered.add(secret);
}

export function scrubSecrets(text: string, secrets: readonly string[] = knownSecrets()): string {
  let out = text;
  for (const secret of [...secrets, ...remembered]) out = out.split(secret).join('[secret]');
  return out;
}
