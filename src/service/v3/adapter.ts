/**
 * The v3 adapter: reads the organisation, sends operations, and checks whether an operation already
 * took effect. A create rejected because its id is taken counts as done when the entity exists; an
 * employee id taken by a fired (hidden) employee is rehired, never re-created.
 */
import { EMPLOYEE_FIELDS } from '../../model/fields.js';
import type { Operation, OperationOf } from '../../model/operations.js';
import { writeFields } from '../field-wire.js';
import type { Capabilities, CurrentState } from '../../model/service-state.js';
import type { ExecuteResult, ReadStateOptions, ServiceAdapter } from '../adapter.js';
import type { ServiceError } from '../errors.js';
import { isRejection, settleRejected } from '../settle.js';
import type { HttpClient } from '../http/client.js';
import type { PageOptions } from '../http/pagination.js';
import { V3 } from './paths.js';
import { readV3State } from './read.js';
import { v3Request } from './requests.js';
import { V3Verifier } from './verify.js';

export class V3Adapter implements ServiceAdapter {
  readonly api = 'v3' as const;
  readonly capabilities: Capabilities = {
    delegations: true,
    systemLanguage: true,
    absenceList: false,
    separateUsers: true,
    rehireWindowDays: null,
    absenceMerge: true,
  };
  private readonly verifier: V3Verifier;

  constructor(
    private readonly client: HttpClient,
    private readonly pages: PageOptions = {},
  ) {
    this.verifier = new V3Verifier(client, pages);
  }

  readCurrentState(options: ReadStateOptions = {}): Promise<CurrentState> {
    return readV3State(this.client, this.pages, options);
  }

  async execute(op: Operation): Promise<ExecuteResult> {
    const request = v3Request(op);
    try {
      // Only an absence's answer is read (the period the service stored); the others' status says it all.
      const statusOnly = op.type !== 'reportAbsence';
      const response = await this.client.request(request.method, request.path, { body: request.body, statusOnly });
      if (op.type === 'reportAbsence') return { status: response.status, ...answeredAbsence(response.body) };
      return { status: response.status };
    } catch (error) {
      return settleRejected(op, error, {
        verifiable: (o) => o.type !== 'reportAbsence',
        verify: (o) => this.verifier.verify(o),
        createOverTakenId: (o, rejection) => this.createOverTakenId(o, rejection),
      });
    }
  }

  verify(op: Operation): Promise<boolean> {
    return this.verifier.verify(op);
  }

  close(): Promise<void> {
    return this.client.close();
  }

  /**
   * The id is taken. An employee the service shows exists already; one it hides (404) is a fired
   * employee, brought back by rehiring so its dialog data is kept. If rehiring fails too, the
   * create's own rejection is the one to report.
   */
  private async createOverTakenId(op: OperationOf<'createEmployee'>, rejection: ServiceError): Promise<ExecuteResult> {
    if ((await this.verifier.find(V3.employee(op.id), 'employee')) !== null) return { status: 200, settled: 'already_existed' };
    let status: number;
    try {
      status = (await this.client.request('PATCH', V3.userEmployee(op.userId, op.id))).status;
    } catch (error) {
      if (isRejection(error)) throw rejection;
      throw error;
    }
    // The rehire request carries no fields; the workbook's updatable ones (the title) are applied after it.
    const values = writeFields(
      EMPLOYEE_FIELDS.filter((field) => field.update === 'updatable'),
      'v3',
      op,
      'update',
    );
    if (Object.keys(values).length > 0) await this.client.request('PATCH', V3.employee(op.id), { body: { employee: values } });
    return { status, settled: 'rehired' };
  }
}

/** The period in the answer to an absence report; the far-future end date means open. */
function answeredAbsence(body: unknown): Pick<ExecuteResult, 'absence'> {
  if (typeof body !== 'object' || body === null) return {};
  const { start_date: start, end_date: end } = body as Record<string, unknown>;
  if (typeof start !== 'string') return {};
  const endDate = typeof end === 'string' && end !== '9999-12-31' ? end : null;
  return { absence: { startDate: start, endDate } };
}
