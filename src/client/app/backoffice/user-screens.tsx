import { useState, type FormEvent } from 'react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { FormProvider, useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate, useParams } from 'react-router';
import { z } from 'zod';
import {
  GENDERS,
  SALUTATIONS,
  SEARCH_TYPES,
  USER_MESSAGES,
  USER_PAGE_SIZE,
  UserSchema,
  type UserList,
  type UserListRow,
  type UserRecord,
  type UserSaveAnswer,
} from '../../../core/schemas/user';
import { ApiError, api, errorMessage } from '../lib/api';
import { FormField, FormSelect, RequiredNote } from '../components/form-field';
import { CheckboxField } from '../components/checkbox-field';
import { LoadFailure, LoadingStatus, Screen } from '../components/screen';
import { notify } from '../toasts';

const USERS_KEY = ['users'] as const;
const GROUP_OPTIONS_KEY = ['user-groups'] as const;

type SearchType = (typeof SEARCH_TYPES)[number];
interface UserQuery {
  searchText: string;
  type: SearchType;
  pageno: number;
}

/** userHomepage: search (All / Code / Name), refresh, Add, a paged table of users (spec 001 §2). */
export function UserListScreen() {
  const queryClient = useQueryClient();
  const [text, setText] = useState('');
  const [type, setType] = useState<SearchType>('All');
  const [query, setQuery] = useState<UserQuery>({ searchText: '', type: 'All', pageno: 1 });

  const users = useQuery({
    queryKey: [...USERS_KEY, query],
    queryFn: () =>
      query.searchText === ''
        ? api<UserList>('/api/master/getempmasterfroEmp', { pageno: query.pageno })
        : api<UserList>('/api/master/getSearchForEmployeeMaster', query),
    placeholderData: keepPreviousData,
  });

  const search = (event: FormEvent) => {
    event.preventDefault();
    setQuery({ searchText: text.trim(), type, pageno: 1 });
  };

  const refresh = () => {
    setText('');
    setType('All');
    setQuery({ searchText: '', type: 'All', pageno: 1 });
    void queryClient.invalidateQueries({ queryKey: USERS_KEY });
  };

  const deactivate = async (user: UserListRow) => {
    if (!window.confirm('Do you want to delete this record ?')) return;
    try {
      await api('/api/master/Employeechangedeletstatus', { id: user.id, activeStatus: 'N' });
      notify.success('User deactivated.');
      await queryClient.invalidateQueries({ queryKey: USERS_KEY });
    } catch (error) {
      // The catalogue's sentence, with the server's reason when it gave one (last administrator, gone user).
      const reason = error instanceof ApiError && error.status >= 400 && error.status !== 403 ? error.message : '';
      notify.error(reason ? `${USER_MESSAGES.statusFailed} ${reason}` : USER_MESSAGES.statusFailed);
    }
  };

  const total = users.data?.totalItems ?? 0;
  const pages = Math.max(1, Math.ceil(total / USER_PAGE_SIZE));
  const rows = users.data?.list ?? [];
  return (
    <Screen title="Users">
      <form className="app-actions" role="search" onSubmit={search}>
        <label htmlFor="user-search-type">Search by</label>
        <select id="user-search-type" className="field__input" value={type} onChange={(event) => setType(event.target.value as SearchType)}>
          {SEARCH_TYPES.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>
        <label htmlFor="user-search-text">Search text</label>
        <input id="user-search-text" className="field__input" type="search" value={text} maxLength={100} onChange={(event) => setText(event.target.value)} />
        <button type="submit" className="button">
          Search
        </button>
        <button type="button" className="icon-button" onClick={refresh} aria-label="Refresh the list" title="Refresh">
          <span aria-hidden="true">↻</span>
        </button>
        <Link className="button" to="/user">
          Add
        </Link>
      </form>
      {users.isPending ? (
        <LoadingStatus inline />
      ) : users.isError ? (
        <LoadFailure inline message={errorMessage(users.error)} onRetry={() => void users.refetch()} />
      ) : (
        <>
          <table className="entry-table">
            <thead>
              <tr>
                <th scope="col">Code</th>
                <th scope="col">Name</th>
                <th scope="col">Status</th>
                <th scope="col">Action</th>
              </tr>
            </thead>
            <tbody>
              {rows.length === 0 ? (
                <tr>
                  <td colSpan={4}>No users found.</td>
                </tr>
              ) : (
                rows.map((user) => (
                  <tr key={user.id}>
                    <td>{user.employeecode}</td>
                    <td>{user.name}</td>
                    <td>{user.activeStatus === 'Y' ? 'Active' : 'Inactive'}</td>
                    <td>
                      <div className="entry-actions">
                        <Link className="icon-button" to={`/user/${user.id}`} aria-label={`Edit ${user.name}`} title="Edit">
                          <span aria-hidden="true">✎</span>
                        </Link>
                        {user.activeStatus === 'Y' ? (
                          <button
                            type="button"
                            className="icon-button icon-button--danger"
                            onClick={() => void deactivate(user)}
                            aria-label={`Deactivate ${user.name}`}
                            title="Deactivate"
                          >
                            <span aria-hidden="true">🗑</span>
                          </button>
                        ) : null}
                      </div>
                    </td>
                  </tr>
                ))
              )}
            </tbody>
          </table>
          <nav aria-label="Pages of users">
            <button
              type="button"
              className="button button--outline"
              disabled={query.pageno <= 1}
              onClick={() => setQuery({ ...query, pageno: query.pageno - 1 })}
            >
              Previous
            </button>{' '}
            Page {query.pageno} of {pages}{' '}
            <button
              type="button"
              className="button button--outline"
              disabled={query.pageno >= pages}
              onClick={() => setQuery({ ...query, pageno: query.pageno + 1 })}
            >
              Next
            </button>
          </nav>
        </>
      )}
      <p>
        <Link className="button button--outline" to="/Home">
          Back To Home
        </Link>
      </p>
    </Screen>
  );
}

/** The form's values: the server's UserSchema with the group as the select's string and the flag as a boolean. */
const UserFormSchema = UserSchema.omit({ userID: true, usergroupid: true, selfactive: true }).extend({
  usergroupid: z.string().regex(/^[1-9]\d*$/, { message: USER_MESSAGES.group }),
  selfactive: z.boolean(),
});
type UserFormInput = z.input<typeof UserFormSchema>;
type UserFormOutput = z.output<typeof UserFormSchema>;

const EMPTY_USER: UserFormInput = {
  employeecode: '',
  salutation: '',
  gender: '',
  firstname: '',
  middlename: '',
  lastname: '',
  address: '',
  mobile: '',
  mobile1: '',
  email: '',
  selfaccessforuser: '',
  password: '',
  usergroupid: '',
  selfactive: true,
};

function formValues(record: UserRecord): UserFormInput {
  return {
    employeecode: record.employeecode,
    salutation: (SALUTATIONS as readonly string[]).includes(record.salutation) ? (record.salutation as UserFormInput['salutation']) : '',
    gender: (GENDERS as readonly string[]).includes(record.gender) ? (record.gender as UserFormInput['gender']) : '',
    firstname: record.firstname,
    middlename: record.middlename,
    lastname: record.lastname,
    address: record.address,
    mobile: record.mobile,
    mobile1: record.mobile1,
    email: record.email,
    selfaccessforuser: record.selfaccessforuser,
    password: '',
    usergroupid: String(record.usergroupid),
    selfactive: record.selfactive,
  };
}

const MOBILE_HINT = 'Country code +91, then 10 digits starting with 6, 7, 8 or 9.';

/** A mobile number after the fixed +91 country code. */
function MobileField({ name, id, label }: { name: 'mobile' | 'mobile1'; id: string; label: string }) {
  return <FormField name={name} id={id} label={label} type="tel" inputMode="numeric" maxLength={10} prefix="+91" hint={MOBILE_HINT} />;
}

/** user, user/:id: User Details, System Access and the Active flag (spec 001 §2, §5, §8). */
export function UserFormScreen() {
  const params = useParams();
  const userId = params.id !== undefined && /^\d+$/.test(params.id) ? Number(params.id) : undefined;
  const record = useQuery({
    queryKey: [...USERS_KEY, 'record', userId],
    queryFn: () => api<UserRecord>('/api/master/getEmployeedByid', { id: userId }),
    enabled: userId !== undefined,
    gcTime: 0,
  });
  const title = userId === undefined ? 'New User' : 'Edit User';
  if (userId !== undefined && record.isPending) {
    return (
      <Screen title={title}>
        <LoadingStatus inline />
      </Screen>
    );
  }
  if (userId !== undefined && record.isError) {
    return (
      <Screen title={title}>
        <LoadFailure inline message={errorMessage(record.error)} onRetry={() => void record.refetch()} />
        <p>
          <Link className="button button--outline" to="/userHomepage">
            Go to UserHome
          </Link>
        </p>
      </Screen>
    );
  }
  return (
    <Screen title={title}>
      <UserForm key={userId ?? 'new'} userId={userId} initial={record.data ? formValues(record.data) : EMPTY_USER} />
    </Screen>
  );
}

function UserForm({ userId, initial }: { userId: number | undefined; initial: UserFormInput }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const groups = useQuery({
    queryKey: GROUP_OPTIONS_KEY,
    queryFn: () => api<Array<{ id: number; groupname: string }>>('/api/master/getusergroup', {}),
  });
  const methods = useForm<UserFormInput, unknown, UserFormOutput>({
    resolver: zodResolver(UserFormSchema),
    mode: 'onTouched',
    defaultValues: initial,
  });
  const { isSubmitting } = methods.formState;

  const onValid = async (values: UserFormOutput) => {
    if (userId === undefined && !values.password) {
      notify.warning(USER_MESSAGES.password, 'Warning');
      methods.setFocus('password');
      return;
    }
    const payload = { ...values, usergroupid: Number(values.usergroupid), ...(userId === undefined ? {} : { userID: userId }) };
    try {
      const answer = await api<UserSaveAnswer>('/api/master/saveemployeemaster', payload);
      if (answer.status === 'Success' || answer.status === 'Success1') {
        notify.success(USER_MESSAGES.saved);
        await queryClient.invalidateQueries({ queryKey: USERS_KEY });
        void navigate('/userHomepage');
      } else {
        notify.error(answer.rescoremessage || answer.message);
      }
    } catch (error) {
      notify.error(errorMessage(error));
    }
  };
  const submit = methods.handleSubmit(onValid, () => {
    if (userId === undefined && !methods.getValues('password')) notify.warning(USER_MESSAGES.password, 'Warning');
  });

  const groupOptions = (groups.data ?? []).map((group) => ({ value: String(group.id), label: group.groupname }));
  return (
    <FormProvider {...methods}>
      <form className="app-form app-panel" noValidate onSubmit={(event) => void submit(event)}>
        <RequiredNote />
        <fieldset className="app-fieldset">
          <legend className="app-fieldset__legend">User Details</legend>
          <FormField name="employeecode" id="employeecode" label="Code" maxLength={20} />
          <FormSelect
            name="salutation"
            id="salutation"
            label="Salutation"
            placeholder="Select salutation"
            options={SALUTATIONS.map((value) => ({ value, label: value }))}
          />
          <FormSelect name="gender" id="gender" label="Gender" placeholder="Select gender" options={GENDERS.map((value) => ({ value, label: value }))} />
          <FormField name="firstname" id="firstname" label="First name" required maxLength={20} autoComplete="given-name" />
          <FormField name="middlename" id="middlename" label="Middle name" maxLength={20} autoComplete="additional-name" />
          <FormField name="lastname" id="lastname" label="Last name" maxLength={20} autoComplete="family-name" />
          <FormField name="address" id="address" label="Address" multiline maxLength={500} />
          <MobileField name="mobile" id="mobile" label="Mobile" />
          <MobileField name="mobile1" id="mobile1" label="Second mobile" />
          <FormField name="email" id="email" label="Email" type="email" maxLength={100} />
        </fieldset>
        <fieldset className="app-fieldset">
          <legend className="app-fieldset__legend">System Access</legend>
          <FormField name="selfaccessforuser" id="selfaccessforuser" label="User name" required maxLength={30} />
          <FormField
            name="password"
            id="password"
            label="Password"
            type="password"
            required={userId === undefined}
            autoComplete="new-password"
            hint={userId === undefined ? 'At least 12 characters.' : 'Leave empty to keep the current password.'}
          />
          {groups.isError ? (
            <LoadFailure inline message={errorMessage(groups.error)} onRetry={() => void groups.refetch()} />
          ) : (
            <FormSelect name="usergroupid" id="usergroupid" label="User group" required placeholder="Select user group" options={groupOptions} />
          )}
        </fieldset>
        <CheckboxField id="selfactive" label="Active" {...methods.register('selfactive')} />
        <div className="app-actions">
          <button type="submit" className="button" disabled={isSubmitting} aria-busy={isSubmitting || undefined}>
            Save
          </button>
          <Link className="button button--outline" to="/userHomepage">
            Go to UserHome
          </Link>
          <Link className="button button--outline" to="/Home">
            Back to Home
          </Link>
        </div>
      </form>
    </FormProvider>
  );
}
