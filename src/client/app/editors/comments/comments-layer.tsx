import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { fieldPathOf } from '../preview/editor-layout';
import { openCounts, useComments, type CommentsOf } from './api';
import { CommentsDialog } from './comments-dialog';
import '../../../styles/comments.css';

/** Where a field's marker goes: the top right corner of the field, in the form's own coordinates. */
interface Place {
  top: number;
  right: number;
}

export interface CommentsLayerProps extends CommentsOf {
  describeField: (path: string) => string;
  /** The field that had the focus last (its marker offers "Add a comment" without a pointer). */
  activeField: string | null;
  /** The comments open: of one field, of every field (`path` null), or none. */
  open: { path: string | null } | null;
  onOpen: (open: { path: string | null } | null) => void;
  /** Told the open threads by field as they change (the preview's markers). */
  onCounts: (counts: Record<string, number>) => void;
}

/** The form's fields (`data-field-path`) and where each starts, measured against `form`. */
function measure(form: HTMLElement): Map<string, Place> {
  const origin = form.getBoundingClientRect();
  const places = new Map<string, Place>();
  for (const wrapper of form.querySelectorAll<HTMLElement>('[data-field-path]')) {
    const path = wrapper.dataset.fieldPath;
    const box = wrapper.firstElementChild?.getBoundingClientRect();
    if (!path || !box || places.has(path) || (box.width === 0 && box.height === 0)) continue;
    places.set(path, { top: box.top - origin.top, right: origin.right - box.right });
  }
  return places;
}

const samePlaces = (a: Map<string, Place>, b: Map<string, Place>) =>
  a.size === b.size &&
  [...a].every(([path, place]) => b.get(path)?.top === place.top && b.get(path)?.right === place.right);

/** The fields of the form this layer lies over, measured again whenever the form changes size or content. */
function useFieldPlaces(layer: React.RefObject<HTMLDivElement | null>): Map<string, Place> {
  const [places, setPlaces] = useState<Map<string, Place>>(() => new Map());
  useLayoutEffect(() => {
    const form = layer.current?.parentElement;
    if (!form) return;
    let frame = 0;
    const update = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        const next = measure(form);
        setPlaces((previous) => (samePlaces(previous, next) ? previous : next));
      });
    };
    update();
    // Where there is no ResizeObserver (a test's jsdom), the window's resizes and the form's changes still count.
    const resized = typeof ResizeObserver === 'function' ? new ResizeObserver(update) : null;
    resized?.observe(form);
    const changed = new MutationObserver((records) => {
      if (records.some((record) => !layer.current?.contains(record.target))) update();
    });
    changed.observe(form, { childList: true, subtree: true });
    window.addEventListener('resize', update);
    return () => {
      cancelAnimationFrame(frame);
      resized?.disconnect();
      changed.disconnect();
      window.removeEventListener('resize', update);
    };
  }, [layer]);
  return places;
}

/**
 * Comments on a draft's fields in the editor (docs/design.md §32), a chunk of its own: beside each field with open
 * comments a marker with their count, beside the field under the pointer (or the one last typed in) an "Add a comment"
 * button, and the comments dialog they open. The markers lie over the form (never in its flow: nothing moves when they
 * come) and follow it as it changes.
 */
export default function CommentsLayer({
  routing,
  locale,
  describeField,
  activeField,
  open,
  onOpen,
  onCounts,
}: CommentsLayerProps) {
  const of = { routing, locale };
  const layer = useRef<HTMLDivElement>(null);
  const places = useFieldPlaces(layer);
  const comments = useComments(of);
  const items = comments.data ?? [];
  const counts = openCounts(items);
  const countsKey = JSON.stringify(counts);
  const [hovered, setHovered] = useState<string | null>(null);
  const [lastActive, setLastActive] = useState<string | null>(null);

  useEffect(() => {
    onCounts(JSON.parse(countsKey) as Record<string, number>);
  }, [countsKey, onCounts]);
  useEffect(() => {
    if (activeField) setLastActive(activeField);
  }, [activeField]);
  useEffect(() => {
    const form = layer.current?.parentElement;
    if (!form) return;
    const over = (event: PointerEvent) => {
      if (layer.current?.contains(event.target as Node)) return;
      setHovered(fieldPathOf(event.target));
    };
    form.addEventListener('pointerover', over);
    return () => form.removeEventListener('pointerover', over);
  }, []);

  const offer = hovered ?? lastActive;

  return (
    <div ref={layer} className="comment-marks">
      {[...places].map(([path, place]) => {
        const count = counts[path] ?? 0;
        if (count === 0 && path !== offer) return null;
        const label = describeField(path);
        return (
          <button
            key={path}
            type="button"
            className={count > 0 ? 'comment-mark comment-mark--open' : 'comment-mark'}
            style={{ top: place.top, right: place.right }}
            data-comment-path={path}
            aria-label={
              count > 0 ? `${count} open comment${count === 1 ? '' : 's'} on ${label}` : `Add a comment on ${label}`
            }
            onClick={() => onOpen({ path })}
          >
            <span aria-hidden="true" className="comment-mark__icon" />
            {count > 0 ? <span aria-hidden="true">{count}</span> : null}
          </button>
        );
      })}
      {open ? (
        <CommentsDialog
          of={of}
          path={open.path}
          items={items}
          fields={[...places.keys()]}
          describeField={describeField}
          onClose={() => onOpen(null)}
        />
      ) : null}
    </div>
  );
}
