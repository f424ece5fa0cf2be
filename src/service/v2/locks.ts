/**
 * Mutual exclusion over in-memory entities. v2 rewrites whole resources (a team's full member list, a
 * department with its parent), so two operations touching the same entity must not interleave: each
 * takes the locks of every entity its request reads from memory or changes. Locks are taken in one
 * global order (the entities' sequence numbers), so two operations can never wait for each other.
 */

/** Anything lockable: an entry of the mirror, identified by a number unique for the adapter's life. */
export interface Lockable {
  readonly seq: number;
}

class Mutex {
  private tail: Promise<void> = Promise.resolve();

  /** Resolves with the release function once every earlier holder has released. */
  acquire(): Promise<() => void> {
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const previous = this.tail;
    this.tail = previous.then(() => held);
    return previous.then(() => release);
  }
}

export class EntityLocks {
  private readonly mutexes = new Map<number, Mutex>();

  /**
   * Runs `work` holding the locks of the entities `collect` names. What to lock may depend on memory
   * that changes while waiting (the employee's current team, say): after acquiring, `collect` is asked
   * again, and when it names an entity not held, everything is released and taken anew.
   */
  async exclusive<T>(collect: () => readonly (Lockable | undefined)[], work: () => Promise<T>): Promise<T> {
    for (;;) {
      const wanted = distinct(collect());
      const release = await this.acquireAll(wanted);
      const held = new Set(wanted.map((entry) => entry.seq));
      if (distinct(collect()).every((entry) => held.has(entry.seq))) {
        try {
          return await work();
        } finally {
          release();
        }
      }
      release();
    }
  }

  private async acquireAll(entries: readonly Lockable[]): Promise<() => void> {
    const releases: (() => void)[] = [];
    for (const entry of [...entries].sort((a, b) => a.seq - b.seq)) {
      let mutex = this.mutexes.get(entry.seq);
      if (!mutex) {
        mutex = new Mutex();
        this.mutexes.set(entry.seq, mutex);
      }
      releases.push(await mutex.acquire());
    }
    return () => {
      for (const release of releases.reverse()) release();
    };
  }
}

function distinct(entries: readonly (Lockable | undefined)[]): Lockable[] {
  const seen = new Map<number, Lockable>();
  for (const entry of entries) if (entry) seen.set(entry.seq, entry);
  return [...seen.values()];
}
