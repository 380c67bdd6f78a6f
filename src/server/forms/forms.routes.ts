import type { FastifyInstance } from 'fastify';
import * as choices from '../../core/api/form-choices';
import * as forms from '../../core/api/forms';
import { typed } from '../http/contract';
import { deleteForm, formChoices, getForm, listForms, saveForm } from './forms.service';

/**
 * The forms screen's calls (docs/design.md §30): the list, a form, its save and its delete (administrators' screen
 * `forms`); and the forms a page's editor may place.
 */
export async function formRoutes(app: FastifyInstance): Promise<void> {
  const api = typed(app);
  api.route(forms.listForms, async (request) => listForms(request.tenant));
  api.route(forms.getForm, async (request) => getForm(request.tenant, request.params.id));
  api.route(forms.saveForm, async (request) => saveForm(request.tenant, request.body));
  api.route(forms.deleteForm, async (request) => deleteForm(request.tenant, request.params.id));
  api.route(choices.formChoices, async (request) => formChoices(request.tenant));
}
