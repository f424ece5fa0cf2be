import { createInterface } from 'node:readline/promises';
import type { AppIO } from './io.js';

/** Asks a yes/no question on the terminal; anything but y/yes (or j/ja) is no. */
export async function confirm(io: AppIO, question: string): Promise<boolean> {
  const rl = createInterface({ input: io.stdin, output: io.stdout });
  try {
    const answer = await rl.question(question);
    return /^(y|yes|j|ja)$/i.test(answer.trim());
  } finally {
    rl.close();
  }
}
