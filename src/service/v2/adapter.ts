/**
 * The v2 adapter: every request carries key_field=ext_id, so the workbook's ids are used throughout.
 * v2 has no users (the person's fields travel on each employee), no delegations, and lists the open
 * sickness dialogs. A create rejected because its ext_id is taken counts as done when the entity exists.
 */
import type { Operation, OperationOf } from '../../model/operations.js';
import type { Capabilities, CurrentState } from '../../model/service-state.js';
import type { ExecuteResult, ReadStateOptions, ServiceAdapter } from '../adapter.js';
import { ServiceError } from '../errors.js';
import type { HttpClient } from '../http/client.js';
import type { PageOptions } from '../http/pagination.js';
import { settleRejected } from '../settle.js';
import { applyEffect } from './effects.js';
import { Mirror } from './mirror.js';
import { V2 } from './paths.js';
import { readV2State } from './read.js';
import { V2Verifier } from './verify.js';
import { V2Writer } from './writes.js';
import { serviceWords } from '../../words/service.js';

/** Operations v2 settles by its own rules (absence) or never sends. */
const NEVER_SETTLED_BY_VERIFY = new Set<Operation['type']>([
  'reportAbsence',
  'createUser',
  'createDelegation',
  'deleteDelegation',
  'rehireEmployee',
]);

export class V2Adapter implements ServiceAdapter {
  readonly api = 'v2' as const;
  readonly capabilities: Capabilities = {
    delegations: false,
    systemLanguage: false,
    absenceList: true,
    separateUsers: false,
    rehireWindowDays: 14,
    absenceMerge: false,
  };
  private readonly mirror = new Mirror();
  private readonly writer: V2Writer;
  private readonly verifier: V2Verifier;

  constructor(
    private readonly client: HttpClient,
    private readonly pages: PageOptions = {},
  ) {
    this.writer = new V2Writer(client, this.mirror, pages);
    this.verifier = new V2Verifier(client, this.mirror, pages);
  }

  readCurrentState(options: ReadStateOptions = {}): Promise<CurrentState> {
    return readV2State(this.client, this.pages, this.mirror, options.progress);
  }

  async execute(op: Operation): Promise<ExecuteResult> {
    try {
      return await this.writer.execute(op);
    } catch (error) {
      return settleRejected(op, error, {
        verifiable: (o) => !NEVER_SETTLED_BY_VERIFY.has(o.type),
        verify: (o) => this.verify(o),
        createOverTakenId: (o, rejection) => this.createOverTakenId(o, rejection),
      });
    }
  }

  async verify(op: Operation): Promise<boolean> {
    const present = await this.verifier.verify(op);
    if (present) applyEffect(this.mirror, op);
    return present;
  }

  close(): Promise<void> {
    return this.client.close();
  }

  /**
   * The ext_id is taken. An employee the service shows exists already. One it hides was deleted within
   * the last 14 days: v2 rehires it only by a create with exactly the name, e-mail and username it had,
   * so a create with other person fields is refused, and the user is told why.
   */
  private async createOverTakenId(op: OperationOf<'createEmployee'>, rejection: ServiceError): Promise<ExecuteResult> {
    if (await this.verifier.find(V2.employee(op.id), 'employee')) {
      applyEffect(this.mirror, op);
      return { status: 200, settled: 'already_existed' };
    }
    if (!rejection.fieldErrors.some((e) => e.field === 'ext_id')) throw rejection;
    const hint = serviceWords().rehireWithinWindow(op.id);
    throw new ServiceError({
      kind: 'rejected',
      message: rejection.message + hint,
      request: rejection.request,
      status: rejection.status,
      serviceMessage: (rejection.serviceMessage ?? rejection.message) + hint,
      fieldErrors: rejection.fieldErrors,
    });
  }
}
