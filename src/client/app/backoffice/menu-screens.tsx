import { useState } from 'react';
import { useQuery, useQueryClient, type QueryClient, type UseQueryResult } from '@tanstack/react-query';
import { useFormContext, useWatch } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { MENU_MESSAGES, MenuOwnerSchema, type MenuNode, type MenuPageOption } from '../../../core/schemas/menu-item';
import { SESSION_KEY, api, errorMessage, refusedField } from '../lib/api';
import { Field } from '../../components/field';
import { CheckboxField } from '../components/checkbox-field';
import { FormField, FormSelect, useFieldError } from '../components/form-field';
import { Refusal, StaffForm, SubmitButton, useStaffForm } from '../components/staff-form';
import { LoadFailure, LoadingStatus, Screen } from '../components/screen';
import { useConfirm } from '../components/confirm-dialog';
import { notify } from '../toasts';
import { ASKED_ON_SCREEN, inPlainWords, SAVED_ON_SCREEN } from '../lib/screen-words';
import * as menuAdminApi from '../../../core/api/menu-admin';

type Owner = 'User' | 'group';

const treeKey = (from: Owner, id: number) => ['menu-tree', from, id] as const;

/** The tree being edited: `?id=<user or group id>&from=User|group` (spec 001 §2 bmstree, menu2). */
function useOwner(): { id: number; from: Owner } {
  const [params] = useSearchParams();
  const raw = params.get('id') ?? '';
  const id = /^\d+$/.test(raw) ? Number(raw) : 0;
  const from: Owner = params.get('from')?.toLowerCase() === 'group' ? 'group' : 'User';
  return { id, from };
}

const treePath = (id: number, from: Owner) => `/bmstree?id=${id}&from=${from}`;

function useMenuTree(id: number, from: Owner) {
  return useQuery({
    queryKey: treeKey(from, id),
    queryFn: () => api(menuAdminApi.menuTree, { body: { userId: id, from } }),
    enabled: id > 0,
  });
}

/** Menus decide access at the next request: refresh the edited tree, the header menu and the session's screens. */
async function afterMenuChange(queryClient: QueryClient, from: Owner, id: number): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: treeKey(from, id) }),
    queryClient.invalidateQueries({ queryKey: ['menu'] }),
    queryClient.invalidateQueries({ queryKey: SESSION_KEY }),
  ]);
}

function findNode(nodes: readonly MenuNode[], id: number): MenuNode | undefined {
  for (const node of nodes) {
    if (node.id === id) return node;
    const found = findNode(node.children, id);
    if (found) return found;
  }
  return undefined;
}

/** The user picker's choice as its select holds it, sent as the tree call's `userId` (none chosen: refused). */
interface UserPick {
  userId: string;
}
const UserPickSchema = z.object({ userId: MenuOwnerSchema.shape.userId }) as z.ZodType<{ userId: number }, UserPick>;

/** MenuByUser: pick a user, GO opens that user's menu tree (spec 001 §2 user picker, §5). */
export function MenuByUserScreen() {
  const navigate = useNavigate();
  const users = useQuery({
    queryKey: ['menu-users'],
    queryFn: () => api(menuAdminApi.activeUsers, { body: {} }),
  });
  const form = useStaffForm<UserPick, { userId: number }>({
    schema: UserPickSchema,
    defaultValues: { userId: '0' },
    submit: async ({ userId }) => void navigate(treePath(userId, 'User')),
    onInvalid: () => notify.error(inPlainWords(MENU_MESSAGES.invalidUser)),
  });

  return (
    <Screen title="Menu By User" narrow>
      {users.isError ? (
        <LoadFailure inline message={errorMessage(users.error)} onRetry={() => void users.refetch()} />
      ) : (
        <StaffForm form={form}>
          <UserSelect users={users} />
          <div className="app-actions">
            <SubmitButton busy={form.busy}>GO</SubmitButton>
            <Link className="button button--outline" to="/bmstree">
              Cancel
            </Link>
          </div>
        </StaffForm>
      )}
    </Screen>
  );
}

/** The active users to pick from, busy while they load; the refusal of none picked in plain words. */
function UserSelect({ users }: { users: UseQueryResult<ReadonlyArray<{ id: number; name: string }>> }) {
  const { register } = useFormContext<UserPick>();
  const problem = useFieldError('userId');
  return (
    <Field id="resource-name" label="Resource Name" error={problem && inPlainWords(problem)}>
      {(control) => (
        <select {...control} {...register('userId')} className="field__input" aria-busy={users.isPending || undefined}>
          <option value="0">Select user</option>
          {(users.data ?? []).map((user) => (
            <option key={user.id} value={String(user.id)}>
              {user.name}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

function TreeNodes({
  nodes,
  selected,
  onToggle,
}: {
  nodes: readonly MenuNode[];
  selected: MenuNode | null;
  onToggle: (node: MenuNode) => void;
}) {
  return (
    <ul className="menu-tree">
      {nodes.map((node) => {
        const isSelected = selected?.id === node.id;
        return (
          <li key={node.id}>
            <button
              type="button"
              className={isSelected ? 'button' : 'button button--outline'}
              aria-pressed={isSelected}
              onClick={() => onToggle(node)}
            >
              {node.name}
              {node.issub ? ' (sub menu)' : ''}
              {node.landPage ? ' (landing page)' : ''}
            </button>
            {node.children.length > 0 ? (
              <TreeNodes nodes={node.children} selected={selected} onToggle={onToggle} />
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}

/** bmstree: the menu tree of a user (from=User) or a group (from=group), with Add, Edit, Delete, Update, Cancel. */
export function MenuTreeScreen() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { id, from } = useOwner();
  const tree = useMenuTree(id, from);
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const { confirm, dialog } = useConfirm();
  const selected = selectedId === null ? null : (findNode(tree.data ?? [], selectedId) ?? null);

  // A node can be selected only while nothing is selected; selecting it again clears the selection.
  const toggle = (node: MenuNode) => {
    if (selected === null) setSelectedId(node.id);
    else if (selected.id === node.id) setSelectedId(null);
    else notify.warning('Unselect the selected item first.');
  };

  const menu2 = (extra: string) => `/menu2?id=${id}&from=${from}&${extra}`;

  const add = () => {
    if (selected === null) void navigate(menu2('forstr=new&parent=0'));
    else if (selected.issub) void navigate(menu2(`forstr=new&parent=${selected.id}`));
    else notify.warning(MENU_MESSAGES.parent);
  };

  const edit = () => {
    if (selected === null) notify.warning('Select the menu item to edit.');
    else void navigate(menu2(`forstr=edit&menuId=${selected.id}`));
  };

  const remove = async () => {
    if (selected === null) {
      notify.warning('Select the menu item to delete.');
      return;
    }
    if (
      !(await confirm(ASKED_ON_SCREEN.deleteMenuEntry, {
        title: `Delete ${selected.name}?`,
        confirmLabel: 'Delete',
        danger: true,
      }))
    )
      return;
    setBusy(true);
    try {
      await api(menuAdminApi.deleteMenuItem, { body: { menuId: selected.id } });
      notify.success(SAVED_ON_SCREEN.menuEntryDeleted);
      setSelectedId(null);
      await afterMenuChange(queryClient, from, id);
    } catch {
      notify.error(inPlainWords(MENU_MESSAGES.saveFailed));
    } finally {
      setBusy(false);
    }
  };

  const update = async () => {
    if (from !== 'group') {
      notify.error(inPlainWords(MENU_MESSAGES.onlyGroups));
      return;
    }
    setBusy(true);
    try {
      await api(menuAdminApi.applyGroupMenu, { body: { groupId: id } });
      notify.success(SAVED_ON_SCREEN.groupMenuApplied);
      await afterMenuChange(queryClient, from, id);
    } catch (error) {
      notify.error(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  const title = from === 'group' ? 'Group Menu' : 'User Menu';
  if (id === 0) {
    return (
      <Screen title={title}>
        <p>Choose a user (Menu By User) or a group (User Groups) whose menu to edit.</p>
        <div className="app-actions">
          <Link className="button" to="/MenuByUser">
            Menu By User
          </Link>
          <Link className="button button--outline" to="/newGrouphome">
            Cancel
          </Link>
        </div>
      </Screen>
    );
  }

  return (
    <Screen
      title={title}
      lead={selected ? `Selected: ${selected.name}` : 'Select an item to add under it, edit it or delete it.'}
    >
      {tree.isPending ? (
        <LoadingStatus inline />
      ) : tree.isError ? (
        <LoadFailure inline message={errorMessage(tree.error)} onRetry={() => void tree.refetch()} />
      ) : tree.data.length === 0 ? (
        <p>This menu is empty: Add creates its first module.</p>
      ) : (
        <nav aria-label="Menu tree">
          <TreeNodes nodes={tree.data} selected={selected} onToggle={toggle} />
        </nav>
      )}
      <div className="app-actions">
        <button type="button" className="button" onClick={add} disabled={busy}>
          Add
        </button>
        <button type="button" className="button button--outline" onClick={edit} disabled={busy || selected === null}>
          Edit
        </button>
        <button
          type="button"
          className="button button--outline button--danger"
          onClick={() => void remove()}
          disabled={busy || selected === null}
        >
          Delete
        </button>
        <button type="button" className="button button--outline" onClick={() => void update()} disabled={busy}>
          Update
        </button>
        <Link className="button button--outline" to="/newGrouphome">
          Cancel
        </Link>
      </div>
      {dialog}
    </Screen>
  );
}

interface MenuItemFormValues {
  pageid: string;
  pagename: string;
  sequence: string;
  isSubMenu: boolean;
  landPage: boolean;
}

/** menu2: add (forstr=new&parent=<node id or 0>) or edit (forstr=edit&menuId=<id>) one item of a tree. */
export function MenuItemScreen() {
  const [params] = useSearchParams();
  const { id, from } = useOwner();
  const editing = params.get('forstr') === 'edit';
  const menuId = Number(params.get('menuId') ?? '0') || 0;
  const parentParam = Number(params.get('parent') ?? '0') || 0;
  const tree = useMenuTree(id, from);
  const pages = useQuery({
    queryKey: ['menu-pages'],
    queryFn: () => api(menuAdminApi.menuPages, { body: {} }),
    enabled: id > 0,
  });

  const title = editing ? 'Edit Menu Item' : 'New Menu Item';
  const back = treePath(id, from);
  if (id === 0 || (editing && menuId === 0)) {
    return (
      <Screen title={title} narrow>
        <p>Open this form from a menu tree.</p>
        <Link className="button button--outline" to={id === 0 ? '/bmstree' : back}>
          Cancel
        </Link>
      </Screen>
    );
  }
  if (tree.isPending || pages.isPending) {
    return (
      <Screen title={title} narrow>
        <LoadingStatus inline />
      </Screen>
    );
  }
  if (tree.isError || pages.isError) {
    const failed = tree.isError ? tree : pages;
    return (
      <Screen title={title} narrow>
        <LoadFailure inline message={errorMessage(failed.error)} onRetry={() => void failed.refetch()} />
        <Link className="button button--outline" to={back}>
          Cancel
        </Link>
      </Screen>
    );
  }

  const node = editing ? findNode(tree.data, menuId) : undefined;
  if (editing && !node) {
    return (
      <Screen title={title} narrow>
        <p role="alert">{MENU_MESSAGES.notFound}</p>
        <Link className="button button--outline" to={back}>
          Cancel
        </Link>
      </Screen>
    );
  }
  const parentId = node ? (node.parentId ?? 0) : parentParam;
  const parent = parentId > 0 ? findNode(tree.data, parentId) : undefined;
  const siblings = parent ? parent.children : parentId === 0 ? tree.data : [];
  const nextSequence = siblings.reduce((max, sibling) => Math.max(max, sibling.sequence), 0) + 1;
  const initial: MenuItemFormValues = node
    ? {
        pageid: node.pageid ? String(node.pageid) : '',
        pagename: node.pageid ? '' : node.name,
        sequence: String(node.sequence),
        isSubMenu: node.issub,
        landPage: node.landPage,
      }
    : { pageid: '', pagename: '', sequence: String(nextSequence), isSubMenu: false, landPage: false };

  return (
    <Screen title={title} narrow>
      <MenuItemForm
        key={`${menuId}-${parentId}`}
        owner={{ id, from }}
        menuId={node?.id ?? 0}
        parentId={parentId}
        moduleName={parent?.name ?? 'Top level'}
        pages={pages.data}
        initial={initial}
      />
    </Screen>
  );
}

/** The sentence of the first rule the entry breaks, as the toast says it (the field says it too). */
const ENTRY_RULES = {
  sequence: 'Enter a whole number of 0 or more as the sequence.',
  pagename: 'Enter the menu name.',
  pageid: 'Choose the page.',
} as const;

/** The entry's rules: a sequence of 0 or more, and a name for a sub menu or a page for any other entry. */
const MenuItemValuesSchema = z
  .object({
    pageid: z.string(),
    pagename: z.string(),
    sequence: z.string(),
    isSubMenu: z.boolean(),
    landPage: z.boolean(),
  })
  .superRefine((values, context) => {
    const sequence = Number(values.sequence);
    if (values.sequence.trim() === '' || !Number.isInteger(sequence) || sequence < 0)
      context.addIssue({ code: 'custom', path: ['sequence'], message: ENTRY_RULES.sequence });
    const name = values.isSubMenu ? 'pagename' : 'pageid';
    if (values[name].trim() === '') context.addIssue({ code: 'custom', path: [name], message: ENTRY_RULES[name] });
  });

/** The page an entry that is no sub menu opens. */
const PAGE_CHOICE = { name: 'pageid', id: 'pageid', label: 'Menu Name (page)', placeholder: 'Select page' };

function MenuItemForm({
  owner,
  menuId,
  parentId,
  moduleName,
  pages,
  initial,
}: {
  owner: { id: number; from: Owner };
  menuId: number;
  parentId: number;
  moduleName: string;
  pages: readonly MenuPageOption[];
  initial: MenuItemFormValues;
}) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const back = treePath(owner.id, owner.from);
  const form = useStaffForm<MenuItemFormValues>({
    schema: MenuItemValuesSchema,
    defaultValues: initial,
    // The body sent is `{jsonsavelist: item}`: a refusal names `jsonsavelist.sequence`.
    prefix: 'jsonsavelist.',
    submit: async (values) => {
      const item = {
        menuId,
        parentId,
        moduleid: 0,
        pageid: values.isSubMenu ? 0 : Number(values.pageid),
        pagename: values.isSubMenu ? values.pagename.trim() : '',
        modulename: '',
        sequence: Number(values.sequence),
        isSubMenu: values.isSubMenu ? ('Y' as const) : ('N' as const),
        landPage: values.landPage ? ('Y' as const) : ('N' as const),
        resourcegroupid: owner.from === 'group' ? owner.id : 0,
        userId: owner.from === 'User' ? owner.id : 0,
      };
      try {
        await api(menuAdminApi.saveMenuItems, { body: { jsonsavelist: item } });
      } catch (error) {
        // The name of a page's entry is the page's: no field of the form says it, a toast does.
        if (refusedField(error) === 'jsonsavelist.pagename' && !values.isSubMenu)
          throw new Refusal(errorMessage(error));
        throw error;
      }
      notify.success(SAVED_ON_SCREEN.menuEntry);
      await afterMenuChange(queryClient, owner.from, owner.id);
      void navigate(back);
    },
    onRefused: (message) => notify.error(message),
    onInvalid: () => {
      const first = (['sequence', 'pagename', 'pageid'] as const).find(
        (name) => form.methods.getFieldState(name).error,
      );
      if (first) notify.warning(ENTRY_RULES[first]);
    },
  });
  const { register } = form.methods;
  const isSubMenu = useWatch({ control: form.methods.control, name: 'isSubMenu' });

  return (
    <StaffForm form={form}>
      <Field id="modulename" label="Module Name" hint="The item goes under this module or sub menu.">
        {(control) => <input {...control} className="field__input" value={moduleName} readOnly />}
      </Field>
      <CheckboxField id="isSubMenu" label="Is sub menu" {...register('isSubMenu')} />
      {isSubMenu ? (
        <FormField name="pagename" id="pagename" label="Menu Name" required maxLength={50} />
      ) : (
        <FormSelect
          {...PAGE_CHOICE}
          required
          options={pages.map((page) => ({ value: String(page.id), label: page.name }))}
        />
      )}
      <SequenceField />
      <CheckboxField id="landPage" label="Landing page" {...register('landPage')} />
      <div className="app-actions">
        <Link className="button button--outline" to={back}>
          Cancel
        </Link>
        <SubmitButton busy={form.busy}>Save</SubmitButton>
      </div>
    </StaffForm>
  );
}

/** Where the entry comes among its siblings: a whole number. */
function SequenceField() {
  const sequence = useFormContext<MenuItemFormValues>().register('sequence');
  return (
    <Field
      id="sequence"
      label="Sequence"
      hint="A new item may not come before its siblings."
      error={useFieldError('sequence')}
    >
      {(control) => (
        <input {...control} {...sequence} className="field__input" type="number" min={0} step={1} inputMode="numeric" />
      )}
    </Field>
  );
}
