import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { Save } from 'lucide-react';
import { GROUP_MESSAGES } from '../../../../core/schemas/group';
import { errorMessage } from '../../lib/api';
import { Field } from '../../../components/field';
import { Screen } from '../../components/screen';
import { notify } from '../../toasts';
import { useSaveGroup } from './api';

/** newGroup: one User Group field, Cancel and Save; no client validation (spec 001 §5). */
export function GroupFormScreen() {
  const navigate = useNavigate();
  const saveGroup = useSaveGroup();
  const [name, setName] = useState('');

  const save = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await saveGroup.mutateAsync({ groupname: name });
      notify.success(GROUP_MESSAGES.saved);
      void navigate('/newGrouphome');
    } catch (error) {
      notify.error(errorMessage(error));
    }
  };

  return (
    <Screen title="User Group" narrow>
      <form className="app-form app-panel" onSubmit={(event) => void save(event)}>
        <Field id="groupname" label="User Group">
          {(control) => <input {...control} name="groupname" className="field__input" value={name} onChange={(event) => setName(event.target.value)} maxLength={50} />}
        </Field>
        <div className="app-actions">
          <Link className="button button--outline" to="/newGrouphome">
            Cancel
          </Link>
          <button type="submit" className="button" disabled={saveGroup.isPending} aria-busy={saveGroup.isPending || undefined}>
            <Save className="button__icon" aria-hidden="true" focusable="false" />
            Save
          </button>
        </div>
      </form>
    </Screen>
  );
}
