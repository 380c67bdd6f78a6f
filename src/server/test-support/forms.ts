import type { FastifyInstance } from 'fastify';
import type { FormInput } from '../../core/schemas/forms';
import type { LoggedIn } from './sessions';

/** A form made without code (docs/design.md §30), saved by an administrator through the real call: its id. */
export async function createForm(app: FastifyInstance, admin: LoggedIn, form: FormInput): Promise<number> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/master/forms',
    headers: admin.headers,
    payload: form,
  });
  if (response.statusCode !== 200) throw new Error(`the form's save answered ${response.statusCode}: ${response.body}`);
  return response.json().id as number;
}
